/**
 * `npm start`: serves the shop, building it first only when the build is missing or was made
 * from other sources than those here now (scripts/build/build-stamp.ts). The server then replaces
 * this process (same process id, signals and output), started with the memory settings of
 * server-environment.ts, which must be there before a process starts.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { staleReason } from './build/build-stamp.ts';
import { serverEnvironment } from './server-environment.ts';
import { loadEnvFile } from '#server/platform/env-file.ts';

const reason = await staleReason();
if (reason) {
  console.log(`Building: ${reason}.`);
  const build = spawnSync(process.execPath, ['--run', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
} else {
  console.log('The build is up to date: serving it.');
}
// The quick start runs the whole shop on its embedded defaults, the stand-in for Google included:
// this command switches it on, unless the environment or .env says otherwise or this is
// production (ADR 018). The server itself runs it only when LOCAL_GOOGLE=on.
loadEnvFile('.env');
if (process.env.NODE_ENV !== 'production') process.env.LOCAL_GOOGLE ??= 'on';
const server = new URL('../src/server/server.ts', import.meta.url);
// Where the system has no execve (Windows), the server runs in this process, without them.
process.execve?.(
  process.execPath,
  [process.execPath, ...process.execArgv, fileURLToPath(server)],
  serverEnvironment(process.env),
);
// By URL, so that TypeScript does not check the server here: it has its own tsconfig.
await import(server.href);
