import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createPostgresTestDatabase, TEST_DATABASE } from './test-database.ts';

/** A database of the run's kind that several test apps (servers) open one after another or at once. */
export async function sharedDatabase(): Promise<{
  env: Record<string, string>;
  url: string;
  file: string;
  remove: () => Promise<void>;
}> {
  if (TEST_DATABASE === 'postgres') {
    const created = await createPostgresTestDatabase();
    return { env: { DATABASE_URL: created.url }, url: created.url, file: '', remove: created.drop };
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'crwn-orders-'));
  const file = path.join(dir, 'shop.sqlite');
  return {
    env: { DATABASE_FILE: file },
    url: '',
    file,
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}
