// Real test photos come from Debian's python3-skimage (astronaut: NASA, public domain; chelsea and coffee: CC0).
// They are never committed: this finds the installed package, or extracts it with apt-get download + dpkg -x.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SYSTEM = '/usr/lib/python3/dist-packages/skimage/data';

export function ensureSkimageData() {
  const candidates = [process.env.SKIMAGE_DATA, SYSTEM, path.join(root, '.cache/skimage', SYSTEM)].filter(
    Boolean,
  );
  for (const dir of candidates) if (fs.existsSync(path.join(dir, 'astronaut.png'))) return dir;
  const cache = path.join(root, '.cache/skimage');
  fs.mkdirSync(cache, { recursive: true });
  execFileSync('apt-get', ['download', 'python3-skimage'], { cwd: cache, stdio: 'inherit' });
  const deb = fs.readdirSync(cache).find((f) => f.startsWith('python3-skimage_') && f.endsWith('.deb'));
  if (!deb) throw new Error('apt-get download python3-skimage produced no package');
  execFileSync('dpkg', ['-x', deb, '.'], { cwd: cache, stdio: 'inherit' });
  const dir = path.join(cache, SYSTEM);
  if (!fs.existsSync(path.join(dir, 'astronaut.png')))
    throw new Error('skimage data not found in the package');
  return dir;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(ensureSkimageData());
