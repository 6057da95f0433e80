// Switches package.json's entry points between the workspace (the TypeScript sources, as the
// platform's server imports the signing rules) and the published package (dist/): `prepack` runs
// it with `publish`, `postpack` with `workspace`.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const file = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../package.json');
const manifest = JSON.parse(fs.readFileSync(file, 'utf8'));
const entry = (name) =>
  process.argv[2] === 'publish'
    ? { types: `./dist/${name}.d.ts`, default: `./dist/${name}.js` }
    : `./src/${name}.ts`;
manifest.exports = { '.': entry('index'), './signing': entry('signing'), './language': entry('language') };
fs.writeFileSync(file, `${JSON.stringify(manifest, null, 2)}\n`);
