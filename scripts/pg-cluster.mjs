// Starts a private, throw-away PostgreSQL cluster in a temporary folder for the tests and stops it again.
// As root the server runs as the `postgres` user, since initdb refuses to run as root.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

function findBin() {
  const base = '/usr/lib/postgresql';
  if (!fs.existsSync(base)) return undefined;
  const versions = fs
    .readdirSync(base)
    .filter((v) => fs.existsSync(path.join(base, v, 'bin/initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(base, versions[0], 'bin') : undefined;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

export async function startPostgres() {
  const bin = findBin();
  if (!bin) throw new Error('PostgreSQL server binaries not found (apt-get install postgresql)');
  const data = fs.mkdtempSync(path.join(os.tmpdir(), 'pixora-pg-'));
  const sock = fs.mkdtempSync(path.join(os.tmpdir(), 'pixora-pgs-'));
  const asRoot = process.getuid?.() === 0;
  const run = (cmd, args) => {
    const res = asRoot
      ? spawnSync('su', ['postgres', '-s', '/bin/sh', '-c', [cmd, ...args].map((a) => `'${a}'`).join(' ')], {
          encoding: 'utf8',
        })
      : spawnSync(cmd, args, { encoding: 'utf8' });
    if (res.status !== 0) throw new Error(`${path.basename(cmd)} failed: ${res.stderr || res.stdout}`);
  };
  if (asRoot) execFileSync('chown', ['postgres', data, sock]);
  fs.chmodSync(data, 0o700);
  run(path.join(bin, 'initdb'), [
    '-D',
    data,
    '-U',
    'postgres',
    '--auth=trust',
    '-E',
    'UTF8',
    '--locale=C.UTF-8',
    '-N',
  ]);
  const port = await freePort();
  const opts = `-p ${port} -k ${sock} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
  run(path.join(bin, 'pg_ctl'), ['-D', data, '-l', path.join(data, 'log'), '-w', '-o', opts, 'start']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        run(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', 'stop']);
      } finally {
        fs.rmSync(data, { recursive: true, force: true });
        fs.rmSync(sock, { recursive: true, force: true });
      }
    },
  };
}
