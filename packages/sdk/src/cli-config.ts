import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PixoraOptions } from './client.ts';
import { UsageError } from './cli-messages.ts';

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
    throw new UsageError('badConfig', { file, reason: (error as Error).message });
  }
}

/** The config file's settings, or none when it is missing or unreadable (for choosing the CLI's language). */
export function configFileSettings(env: NodeJS.ProcessEnv): CliSettings {
  try {
    return readFile(env.PIXORA_CONFIG || configFile(env));
  } catch {
    return {};
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
  if (!apiKey || !apiSecret) throw new UsageError('noKey', { file: configFile(env) });
  const auth = pick('auth');
  if (auth !== undefined && auth !== 'signature' && auth !== 'query')
    throw new UsageError('badAuth', { value: auth });
  const language = pick('language');
  if (language !== undefined && !['zh', 'zh_tw', 'en'].includes(language))
    throw new UsageError('badLanguage', { value: language });
  const timeoutMs = pick('timeoutMs');
  if (timeoutMs !== undefined && !(Number.isFinite(timeoutMs) && timeoutMs > 0))
    throw new UsageError('badTimeout', { value: String(timeoutMs) });
  return {
    baseUrl,
    apiKey,
    apiSecret,
    ...(auth ? { auth } : {}),
    ...(language ? { language: language as 'zh' | 'zh_tw' | 'en' } : {}),
    ...(timeoutMs ? { timeoutMs } : {}),
  };
}
