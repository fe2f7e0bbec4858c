/**
 * `npm start`: serves the shop, building it first only when the build is missing or was made
 * from other sources than those here now (scripts/build/build-stamp.ts). The server runs in this
 * same process, as `npm run serve` runs it, so a start with an up-to-date build costs no more
 * than a serve.
 */
import { spawnSync } from 'node:child_process';
import { staleReason } from './build/build-stamp.ts';

const reason = await staleReason();
if (reason) {
  console.log(`Building: ${reason}.`);
  const build = spawnSync(process.execPath, ['--run', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
} else {
  console.log('The build is up to date: serving it.');
}
// By URL, so that TypeScript does not check the server here: it has its own tsconfig.
await import(new URL('../src/server/server.ts', import.meta.url).href);
