// Builds the publishable package: dist/ (JavaScript and declarations) from src/ by tsc, the
// generated capability file included.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = process.argv[2] ? path.resolve(process.argv[2]) : path.join(here, 'dist');
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
fs.rmSync(out, { recursive: true, force: true });
execFileSync(process.execPath, [tsc, '-p', path.join(here, 'tsconfig.build.json'), '--outDir', out], {
  stdio: 'inherit',
});
