import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext } from '@playwright/test';

export type Language = 'zh' | 'zh_tw' | 'en';
export const LANGUAGES: readonly Language[] = ['zh', 'zh_tw', 'en'];

/** Stores the interface language as the site does: the `language` cookie. */
export async function storeLanguage(context: BrowserContext, baseURL: string, language: Language) {
  await context.addCookies([{ name: 'language', value: language, url: baseURL }]);
}

/** Runs a documentation example as a reader would: `sh` in an empty folder. Returns its output. */
export function runShellExample(script: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pixora-doc-example-'));
  try {
    return execFileSync('sh', ['-e', '-c', script], {
      cwd: dir,
      timeout: 60_000,
      maxBuffer: 64 << 20,
    }).toString();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Starts a Node.js script (a documentation example) from its text; stop it with `kill()`. */
export function startNodeScript(source: string, env: Record<string, string>): ChildProcess {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pixora-doc-script-'));
  const file = path.join(dir, 'script.mjs');
  fs.writeFileSync(file, source);
  const child = spawn(process.execPath, [file], { env: { ...process.env, ...env }, stdio: 'ignore' });
  child.on('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
  return child;
}

/** Waits until `url` answers at all (any status). */
export async function waitForServer(url: string, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    try {
      await fetch(url);
      return;
    } catch (error) {
      if (Date.now() > end) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
