/**
 * The process settings the server runs with under `npm start`, and in the memory benchmark: each
 * cuts its resident memory (docs/decisions/026). glibc and V8 read them once, at process start, so
 * another launcher (systemd, a container) must set the same.
 */
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * V8's heap limits: without them the young generation grows to 2 × 32 MiB and stays, and garbage
 * piles up to some 150 MiB under load; the live heap is 35-45 MiB.
 */
export const HEAP_FLAGS = ['--max-semi-space-size=4', '--max-old-space-size=128'];

/**
 * `env` with the server's process settings added, keeping any the environment sets already.
 * NODE_COMPILE_CACHE is named before the process starts so server.ts itself comes from the cache
 * and Node need not load its TypeScript stripper (some 17 MiB).
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
