import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PixoraOptions } from './client.ts';

/** The local platform's demo app (README): used only when the platform is the local default. */
const LOCAL = {
  baseUrl: 'http://localhost:8080',
  apiKey: 'pixora-demo-key',
  apiSecret: 'pixora-demo-secret',
};

export interface CliSettings {
  baseUrl?: string | undefined;
  apiKey?: string | undefined;
  apiSecret?: string | undefined;
  auth?: string | undefined;
  language?: string | undefined;
  timeoutMs?: number | undefined;
}

/** `$XDG_CONFIG_HOME/pixora/config.json`, else `~/.config/pixora/config.json`. */
export function configFile(env: NodeJS.ProcessEnv): string {
  const base = env.XDG_CONFIG_HOME || path.join(env.HOME || os.homedir(), '.config');
  return path.join(base, 'pixora', 'config.json');
}

function readFile(file: string): CliSettings {
  if (!fs.existsSync(file)) return {};
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as CliSettings;
  } catch (error) {
    throw new Error(`${file} is not valid JSON: ${(error as Error).message}`);
  }
}

/**
 * The client's settings: command-line flags first, then the environment (PIXORA_BASE_URL,
 * PIXORA_API_KEY, PIXORA_API_SECRET, PIXORA_AUTH, PIXORA_LANGUAGE, PIXORA_TIMEOUT_MS), then the
 * config file; with none of them, the local platform and its demo app.
 */
export function resolveSettings(flags: CliSettings, env: NodeJS.ProcessEnv): PixoraOptions {
  const file = readFile(env.PIXORA_CONFIG || configFile(env));
  const fromEnv: CliSettings = {
    baseUrl: env.PIXORA_BASE_URL,
    apiKey: env.PIXORA_API_KEY,
    apiSecret: env.PIXORA_API_SECRET,
    auth: env.PIXORA_AUTH,
    language: env.PIXORA_LANGUAGE,
    timeoutMs: env.PIXORA_TIMEOUT_MS ? Number(env.PIXORA_TIMEOUT_MS) : undefined,
  };
  const pick = <K extends keyof CliSettings>(key: K): CliSettings[K] =>
    flags[key] ?? fromEnv[key] ?? file[key];
  const baseUrl = pick('baseUrl') ?? LOCAL.baseUrl;
  const local = baseUrl.replace(/\/+$/, '') === LOCAL.baseUrl;
  const apiKey = pick('apiKey') ?? (local ? LOCAL.apiKey : undefined);
  const apiSecret = pick('apiSecret') ?? (local ? LOCAL.apiSecret : undefined);
  if (!apiKey || !apiSecret)
    throw new Error(
      `no API key: pass --key and --secret, set PIXORA_API_KEY and PIXORA_API_SECRET, or write them to ${configFile(env)}`,
    );
  const auth = pick('auth');
  if (auth !== undefined && auth !== 'signature' && auth !== 'query')
    throw new Error(`auth is signature or query, not ${auth}`);
  const language = pick('language');
  if (language !== undefined && !['zh', 'zh_tw', 'en'].includes(language))
    throw new Error(`language is zh, zh_tw or en, not ${language}`);
  const timeoutMs = pick('timeoutMs');
  return {
    baseUrl,
    apiKey,
    apiSecret,
    ...(auth ? { auth } : {}),
    ...(language ? { language: language as 'zh' | 'zh_tw' | 'en' } : {}),
    ...(timeoutMs ? { timeoutMs } : {}),
  };
}
