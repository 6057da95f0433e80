import { main } from './cli.ts';

// The process around the CLI: its arguments, streams and exit code.
process.exitCode = await main(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  tty: Boolean(process.stderr.isTTY),
  env: process.env,
});
