import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { E2E_DATABASE } from './account.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Rows of the e2e server's database (read-only), for checking what the site stored. */
export function queryRows<T>(sql: string, ...params: unknown[]): T[] {
  const db = new Database(E2E_DATABASE, { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

/** A TCP port nobody listens on now, chosen by the system (so no fixed port is shared with other runs). */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface InternalServer {
  baseURL: string;
  stop(): Promise<void>;
}

/**
 * A second platform server on the same database as the e2e server, that counts the loopback
 * network as internal (INTERNAL_NETWORKS=127.0.0.0/8): the site it serves is the IN domain.
 * Accounts and sessions made on either server work on both.
 */
export async function startInternalServer(): Promise<InternalServer> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.dirname(E2E_DATABASE),
      DATABASE_URL: `sqlite://${E2E_DATABASE}`,
      INTERNAL_NETWORKS: '127.0.0.0/8',
      ADMIN_EMAILS: 'admin@e2e.test',
      WORKERS: '1',
      LOG_LEVEL: 'warn',
    },
  });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`internal server exited: ${errors}`);
    try {
      // The site answers before the inference models have loaded; this test needs no model.
      if ((await fetch(`${baseURL}/api/v1/user/checkOa`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`internal server did not start: ${errors}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    baseURL,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
