import { execFileSync } from 'node:child_process';
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
