import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startOAuthProvider, type OAuthProvider } from '../../apps/server/test/oauth-provider.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Ports of the internal-network platform and its OAuth provider (beside the e2e server of E2E_PORT). */
export const INTERNAL_PORT = Number(process.env.E2E_INTERNAL_PORT ?? 18186);
export const PROVIDER_PORT = Number(process.env.E2E_PROVIDER_PORT ?? 18187);

export const STAFF = { email: 'Staff.Member@Corp.example', name: 'Staff_Member' };
export const QR = { appid: 'corp-e2e', agentid: '1000002' };
/** Settings of the QR frame that only the platform's configuration supplies. */
export const QR_SETTINGS = {
  WORK_QR_LOGIN_TYPE: 'jssdk',
  WORK_QR_STYLE: 'black',
  WORK_QR_HREF: `http://127.0.0.1:${PROVIDER_PORT}/qr.css`,
};

export interface InternalPlatform {
  /** The platform as a visitor inside the internal network reaches it. */
  baseURL: string;
  provider: OAuthProvider;
  stop(): Promise<void>;
}

async function waitForServer(url: string, server: ChildProcess, log: () => string) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`platform exited (${server.exitCode}):\n${log()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`platform did not answer ${url}:\n${log()}`);
}

/**
 * A real OAuth 2.0 provider (apps/server/test/oauth-provider.ts) and a second platform whose
 * INTERNAL_NETWORKS cover 127.0.0.1, with OAUTH_* and WORK_QR_* pointing at the provider: the
 * internal (IN) domain, end to end.
 */
export async function startInternalPlatform(): Promise<InternalPlatform> {
  const provider = await startOAuthProvider({
    clientId: 'pixora-e2e',
    clientSecret: 'e2e-secret',
    user: STAFF,
    qr: QR,
    port: PROVIDER_PORT,
  });
  const dataDir = path.join(root, `.tmp/e2e-data-${INTERNAL_PORT}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  let output = '';
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(INTERNAL_PORT),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    WORKERS: '1',
    LOG_LEVEL: 'warn',
    INTERNAL_NETWORKS: '127.0.0.0/8,::1/128',
    ...provider.env,
    ...QR_SETTINGS,
  };
  // Its own SQLite file under DATA_DIR, whatever database the surrounding run uses.
  delete env.DATABASE_URL;
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const baseURL = `http://127.0.0.1:${INTERNAL_PORT}`;
  const stop = async () => {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    await provider.close();
  };
  try {
    await waitForServer(`${baseURL}/api/v1/user/checkOa`, server, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseURL, provider, stop };
}
