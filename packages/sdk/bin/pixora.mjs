#!/usr/bin/env node
// The `pixora` command: the built CLI (dist/, in the published package), or in the repository its
// TypeScript source through tsx.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

const built = new URL('../dist/cli-main.js', import.meta.url);
if (fs.existsSync(fileURLToPath(built))) await import(built.href);
else {
  const { register } = await import('tsx/esm/api');
  register();
  await import(new URL('../src/cli-main.ts', import.meta.url).href);
}
