/**
 * `npm start`: serves the shop, building it first only when the build is missing or was made from
 * other sources than those here now. See docs/decisions/018.
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
// this command switches it on.
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
