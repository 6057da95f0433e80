/** The platform's three languages, and the one a terminal's user reads, shared by the CLI and the server's console output. */
export type Language = 'zh' | 'zh_tw' | 'en';
export const LANGUAGES: readonly Language[] = ['zh', 'zh_tw', 'en'];

/** The operator's language from the locale of the shell (LC_ALL, LC_MESSAGES, LANG). */
export function terminalLanguage(env: NodeJS.ProcessEnv = process.env): Language {
  const locale = (env.LC_ALL || env.LC_MESSAGES || env.LANG || '').toLowerCase();
  if (/^zh[_-](tw|hk|mo)|^zh[_-]hant/.test(locale)) return 'zh_tw';
  if (locale.startsWith('zh')) return 'zh';
  return 'en';
}
