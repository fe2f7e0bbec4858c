import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTENER_APPLICATION_NAME } from '#server/platform/notifications.ts';
import { until, watchProfile } from '#server/test/event-stream.ts';
import { signUpWithProfile } from '#server/test/shoppers.ts';
import { buildTestApp, TEST_PUBLIC_URL, type TestApp } from '#server/test/test-app.ts';
import {
  createPostgresTestDatabase,
  TEST_DATABASE,
  terminateConnections,
} from '#server/test/test-database.ts';

// Two shop servers on one PostgreSQL, as behind a load balancer (issue #12, ADR 031). SQLite is
// one server's database by design, so there is nothing to share there.
describe.skipIf(TEST_DATABASE !== 'postgres')('live profiles across two servers', () => {
  let created: Awaited<ReturnType<typeof createPostgresTestDatabase>>;
  let first: TestApp;
  let second: TestApp;
  let firstUrl: string;
  const firstLog: string[] = [];

  beforeAll(async () => {
    created = await createPostgresTestDatabase();
    const env = { DATABASE_URL: created.url, AUTH_IP_LIMIT_PER_MINUTE: '1000' };
    first = await buildTestApp(
      { ...env, LOG_LEVEL: 'info' },
      { logTo: { write: (line: string) => firstLog.push(line) } },
    );
    second = await buildTestApp(env);
    firstUrl = await first.listen({ port: 0, host: '127.0.0.1' });
  }, 30_000);

  afterAll(async () => {
    await first.close();
    await second.close();
    await created.drop();
  });

  /** The shopper's stream, open on the first server. */
  function watchOnFirst(shopper: { id: string; cookie: string }) {
    return watchProfile(firstUrl, shopper.id, shopper.cookie, new URL(TEST_PUBLIC_URL).host);
  }

  function renameOnSecond(shopper: { id: string; cookie: string }, displayName: string) {
    return second.inject({
      method: 'PATCH',
      url: `/api/users/${shopper.id}`,
      headers: { cookie: shopper.cookie },
      payload: { displayName },
    });
  }

  it('a change through the second server reaches a stream of the first', async () => {
    const ada = await signUpWithProfile(second, 'Ada');
    const tab = await watchOnFirst(ada);
    expect(tab.status).toBe(200);
    await until(() => tab.received.length > 0);

    expect((await renameOnSecond(ada, 'Ada Lovelace')).statusCode).toBe(200);
    await until(() => tab.received.length > 1);
    expect(tab.received.at(-1)).toMatchObject({ id: ada.id, displayName: 'Ada Lovelace' });
    tab.stop();
  });

  it('a sign-out through the second server ends the first server’s stream of that session', async () => {
    const ada = await signUpWithProfile(second, 'Ada');
    const tab = await watchOnFirst(ada);
    await until(() => tab.received.length > 0);

    const signOut = await second.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie: ada.cookie, origin: TEST_PUBLIC_URL },
    });
    expect(signOut.statusCode).toBe(200);
    await until(tab.ended);
    expect(tab.ended()).toBe(true);
    tab.stop();
  });

  it('changes flow again after the first server’s LISTEN connection is terminated', async () => {
    const ada = await signUpWithProfile(second, 'Ada');
    const tab = await watchOnFirst(ada);
    await until(() => tab.received.length > 0);

    // Both servers' listeners, and nothing else.
    expect(await terminateConnections(created.url, LISTENER_APPLICATION_NAME)).toBe(2);
    const saidSo = () => firstLog.some((line) => line.includes('listening again'));
    await until(saidSo, 500);
    expect(firstLog.some((line) => line.includes('lost the LISTEN connection'))).toBe(true);
    expect(saidSo()).toBe(true);

    // Whatever the resume re-read pushed, this name is only ever sent after the reconnection.
    expect((await renameOnSecond(ada, 'Ada, after the drop')).statusCode).toBe(200);
    await until(() =>
      tab.received.some((document) => document.displayName === 'Ada, after the drop'),
    );
    expect(tab.received.at(-1)).toMatchObject({ displayName: 'Ada, after the drop' });
    expect(tab.ended()).toBe(false);
    tab.stop();
  });
});
