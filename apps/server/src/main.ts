import { loadConfig } from './platform/config.ts';
import { startPlatform } from './bootstrap.ts';
import { demoCredentialsWarning, startBanner } from './platform/console-output.ts';

const config = loadConfig();
const { app } = await startPlatform(config);

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  // In-flight requests finish; a stuck close must not keep the process alive forever.
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  await app.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

const address = await app.listen({ port: config.PORT, host: config.HOST });
if (config.LOG_LEVEL !== 'silent') process.stdout.write(`${startBanner(config, address)}\n`);
// The published demo credentials on a server others can reach: said in the log, where operators look.
const demoWarning = demoCredentialsWarning(config);
if (demoWarning) app.log.warn(demoWarning);
