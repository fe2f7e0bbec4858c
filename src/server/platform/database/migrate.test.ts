import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openPostgresDatabase } from '#server/platform/database/database.ts';
import { buildTestApp } from '#server/test/test-app.ts';
import { createPostgresTestDatabase, TEST_DATABASE } from '#server/test/test-database.ts';

const SERVERS = 4;

describe.runIf(TEST_DATABASE === 'postgres')('servers starting together on one PostgreSQL', () => {
  // Without the migration lock, each server would find the tables missing and make them: the
  // second `create table` fails (better-auth's migrations have no lock of their own).
  it('all start, and each migration ran once', async () => {
    const database = await createPostgresTestDatabase();
    try {
      const apps = await Promise.all(
        Array.from({ length: SERVERS }, () => buildTestApp({ DATABASE_URL: database.url })),
      );
      const answers = await Promise.all(
        apps.map((app) => app.inject({ url: '/api/auth/get-session' })),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual(
        Array.from({ length: SERVERS }, () => 200),
      );
      await Promise.all(apps.map((app) => app.close()));

      const check = await openPostgresDatabase(database.url);
      try {
        const { rows } = await sql<{ name: string; times: number }>`
            select name, count(*)::int as times from kysely_migration group by name order by name
          `.execute(check.db);
        expect(rows.length).toBeGreaterThanOrEqual(8);
        expect(rows.filter((row) => row.times !== 1)).toEqual([]);
        const tables = await sql<{ table_name: string }>`
            select table_name from information_schema.tables
            where table_schema = 'public' and table_name in ('user', 'session', 'account')
          `.execute(check.db);
        expect(tables.rows).toHaveLength(3);
      } finally {
        await check.close();
      }
    } finally {
      await database.drop();
    }
  }, 60_000);
});
