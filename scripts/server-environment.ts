/**
 * The process settings the server runs with under `npm start` (scripts/start.ts), and in the
 * memory benchmark: each cuts its resident memory, measured in docs/decisions/026. They must be
 * in the environment when the process starts (glibc and V8 read them once), so another launcher
 * (systemd, a container) sets the same:
 *
 *   MALLOC_ARENA_MAX=2 NODE_OPTIONS=--max-semi-space-size=4 node src/server/server.ts
 */
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * V8's young generation at most 2 × 4 MiB. Its default grows to 2 × 32 MiB while the server's
 * modules load and stays resident for good; a smaller one costs a few more, quicker scavenges.
 */
export const SEMI_SPACE_FLAG = '--max-semi-space-size=4';

/**
 * `env` with the server's process settings added, keeping any the environment sets already:
 * - MALLOC_ARENA_MAX=2: glibc's malloc keeps two arenas rather than eight per core, each holding
 *   freed memory of its own (Node's I/O threads, zlib, SQLite and argon2 allocate with malloc);
 * - the semi-space flag above, through NODE_OPTIONS;
 * - NODE_COMPILE_CACHE: the folder server.ts's `enableCompileCache()` uses, named before the
 *   process starts, so that server.ts itself comes from the cache too. Then Node need not load
 *   its TypeScript stripper (some 17 MiB for the life of the process) unless a file changed.
 */
export function serverEnvironment(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const options = env.NODE_OPTIONS ?? '';
  return {
    ...env,
    MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX ?? '2',
    NODE_OPTIONS: options.includes('--max-semi-space-size')
      ? options
      : `${options} ${SEMI_SPACE_FLAG}`.trim(),
    ...(env.NODE_DISABLE_COMPILE_CACHE === undefined && {
      NODE_COMPILE_CACHE: env.NODE_COMPILE_CACHE ?? path.join(tmpdir(), 'node-compile-cache'),
    }),
  };
}
