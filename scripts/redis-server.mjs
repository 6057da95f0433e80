// Starts a private, throw-away Redis (Debian's redis-server) on a free loopback port for the tests,
// with no persistence, and stops it again. Used like pg-cluster.mjs.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

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

/** Resolves once the server answers PING on the port, or rejects after `ms`. */
function waitForPing(port, ms) {
  const deadline = Date.now() + ms;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => socket.write('PING\r\n'));
      socket.once('data', (data) => {
        socket.destroy();
        if (String(data).startsWith('+PONG')) resolve();
        else retry();
      });
      socket.once('error', retry);
      function retry() {
        socket.destroy();
        if (Date.now() > deadline) reject(new Error('redis-server did not answer PING'));
        else setTimeout(attempt, 50);
      }
    };
    attempt();
  });
}

export function redisServerBinary() {
  const found = spawnSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' });
  return found.status === 0 ? found.stdout.trim() : undefined;
}

export async function startRedis() {
  const bin = redisServerBinary();
  if (!bin) throw new Error('redis-server not found (apt-get install redis-server)');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pixora-redis-'));
  const port = await freePort();
  const child = spawn(
    bin,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
    { stdio: 'ignore' },
  );
  try {
    await waitForPing(port, 10_000);
  } catch (error) {
    child.kill('SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    stop() {
      child.kill('SIGKILL');
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
