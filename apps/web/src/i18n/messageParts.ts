/**
 * The interface strings come in two parts per language, each one chunk of the build:
 *
 * - `shell`: the namespaces of the app shell (top bar, footer, tool box, account layer, error
 *   pages) and of the home page. Every first load downloads it.
 * - `pages`: every other namespace. It comes with the first page that is not the home page, or
 *   with a dialog of the shell that needs it (`withPageMessages`).
 *
 * `messageParts.test.ts` checks that every namespace the shell's code uses is listed here.
 */
export const SHELL_NAMESPACES: ReadonlySet<string> = new Set([
  'account',
  'app',
  'common',
  'errors',
  'footer',
  'home',
  'language',
  'menu',
  'nav',
  'protocol',
  'routeError',
  'share',
  'status',
  'toolbox',
]);

export type MessagePart = 'shell' | 'pages';

export const MESSAGE_PARTS: readonly MessagePart[] = ['shell', 'pages'];

export function partOf(namespace: string): MessagePart {
  return SHELL_NAMESPACES.has(namespace) ? 'shell' : 'pages';
}

/** The parts a page needs: the home page (and `/`, which redirects to it) only the shell. */
export function partsForPath(pathname: string): MessagePart[] {
  return pathname === '/' || pathname === '/index' ? ['shell'] : ['shell', 'pages'];
}

/** `locales/<language>/<namespace>.json` → its language and namespace. */
export function localeFile(file: string): { language: string; namespace: string } | undefined {
  const match = /locales\/([a-z_]+)\/([A-Za-z0-9]+)\.json$/.exec(file);
  return match ? { language: match[1]!, namespace: match[2]! } : undefined;
}
