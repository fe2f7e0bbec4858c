/**
 * The process settings the server runs with under `npm start` (scripts/start.ts), and in the
 * memory benchmark: each cuts its resident memory, measured in docs/decisions/026. They must be
 * in the environment when the process starts (glibc and V8 read them once), so another launcher
 * (systemd, a container) sets the same:
 *
 *   MALLOC_ARENA_MAX=2 NODE_OPTIONS='--max-semi-space-size=4 --max-old-space-size=128' \
 *     node src/server/server.ts
 */
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * V8's heap limits. The young generation at most 2 × 4 MiB: its default grows to 2 × 32 MiB while
 * the server's modules load and stays resident for good; a smaller one costs a few more, quicker
 * scavenges. The old generation at most 128 MiB: without a limit V8 lets garbage pile up to some
 * 150 MiB under load before it collects, and keeps the pages; the shop's live heap is 35-45 MiB
 * under load, so the limit leaves three times that. A deployment holding much more (thousands of
 * open event streams) raises it in NODE_OPTIONS.
 */
export const HEAP_FLAGS = ['--max-semi-space-size=4', '--max-old-space-size=128'];

/**
 * `env` with the server's process settings added, keeping any the environment sets already:
 * - MALLOC_ARENA_MAX=2: glibc's malloc keeps two arenas rather than eight per core, each holding
 *   freed memory of its own (Node's I/O threads, zlib, SQLite and argon2 allocate with malloc);
 * - the heap limits above, through NODE_OPTIONS, unless it sets them already;
 * - NODE_COMPILE_CACHE: the folder server.ts's `enableCompileCache()` uses, named before the
 *   process starts, so that server.ts itself comes from the cache too. Then Node need not load
 *   its TypeScript stripper (some 17 MiB for the life of the process) unless a file changed.
 */
export function serverEnvironment(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const options = env.NODE_OPTIONS ?? '';
  const added = HEAP_FLAGS.filter((flag) => !options.includes(flag.split('=')[0] ?? flag));
  return {
    ...env,
    MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX ?? '2',
    NODE_OPTIONS: [options, ...added].join(' ').trim(),
    ...(env.NODE_DISABLE_COMPILE_CACHE === undefined && {
      NODE_COMPILE_CACHE: env.NODE_COMPILE_CACHE ?? path.join(tmpdir(), 'node-compile-cache'),
    }),
  };
}
