import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShopDatabase } from '#server/platform/database/database.ts';
import { openPostgresDatabase } from '#server/platform/database/database.ts';
import { until } from '#server/test/event-stream.ts';
import {
  createPostgresTestDatabase,
  openTestDatabase,
  TEST_DATABASE,
  terminateConnections,
} from '#server/test/test-database.ts';
import {
  LISTENER_APPLICATION_NAME,
  MAX_PAYLOAD_BYTES,
  openNotifications,
  type Notifications,
} from './notifications.ts';

/** A logger that keeps its messages, so a test can see what an operator would read. */
function keptLog() {
  const lines: string[] = [];
  const keep = (_object: object, message: string) => void lines.push(message);
  return { lines, info: keep, warn: keep };
}

describe('notifications on the run’s database', () => {
  let database: ShopDatabase;
  let notifications: Notifications;
  const log = keptLog();

  beforeAll(async () => {
    database = await openTestDatabase();
    notifications = openNotifications(database, log);
  });
  afterAll(async () => {
    await notifications.close();
    await database.close();
  });

  it('reach every subscriber of the channel, and no other channel', async () => {
    const first: string[] = [];
    const second: string[] = [];
    const other: string[] = [];
    notifications.subscribe('thing_changed', (payload) => first.push(payload));
    const stopSecond = notifications.subscribe('thing_changed', (payload) => second.push(payload));
    notifications.subscribe('other_thing', (payload) => other.push(payload));
    await notifications.ready();

    await notifications.publish('thing_changed', 'one');
    await until(() => first.length === 1 && second.length === 1);
    stopSecond();
    await notifications.publish('thing_changed', 'two');
    await until(() => first.length === 2);

    expect(first).toEqual(['one', 'two']);
    expect(second).toEqual(['one']);
    expect(other).toEqual([]);
  });

  it('go on to the other listeners, and the server lives, when one listener fails', async () => {
    const heard: string[] = [];
    notifications.subscribe('not_json', (payload) => void JSON.parse(payload));
    notifications.subscribe('not_json', (payload) => heard.push(payload));
    await notifications.ready();

    await notifications.publish('not_json', 'garbage');
    await until(() => heard.length > 0);
    expect(heard).toEqual(['garbage']);
    expect(log.lines).toContain('notifications: a listener failed');
  });

  it('refuse a payload PostgreSQL would refuse, on either database', () => {
    expect(() => notifications.publish('thing_changed', 'x'.repeat(MAX_PAYLOAD_BYTES + 1))).toThrow(
      /exceeds/,
    );
    expect(() => notifications.subscribe('Robert"); drop table x; --', () => undefined)).toThrow(
      /channel name/,
    );
  });
});

describe.skipIf(TEST_DATABASE !== 'postgres')('notifications across servers on PostgreSQL', () => {
  let created: Awaited<ReturnType<typeof createPostgresTestDatabase>>;
  const servers: {
    database: ShopDatabase;
    notifications: Notifications;
    log: ReturnType<typeof keptLog>;
  }[] = [];

  beforeAll(async () => {
    created = await createPostgresTestDatabase();
    for (let i = 0; i < 2; i += 1) {
      const database = await openPostgresDatabase(created.url, { maxConnections: 2 });
      const log = keptLog();
      servers.push({
        database,
        log,
        notifications: openNotifications(database, log, { retryMs: 50 }),
      });
    }
  });
  afterAll(async () => {
    for (const { database, notifications } of servers) {
      await notifications.close();
      await database.close();
    }
    await created.drop();
  });

  it('carry a publication of one server to the subscribers of both', async () => {
    const [one, two] = servers as [(typeof servers)[0], (typeof servers)[0]];
    const heardByOne: string[] = [];
    const heardByTwo: string[] = [];
    one.notifications.subscribe('thing_changed', (payload) => heardByOne.push(payload));
    two.notifications.subscribe('thing_changed', (payload) => heardByTwo.push(payload));
    await Promise.all([one.notifications.ready(), two.notifications.ready()]);

    await two.notifications.publish('thing_changed', 'from two');
    await until(() => heardByOne.length > 0 && heardByTwo.length > 0);
    expect(heardByOne).toEqual(['from two']);
    expect(heardByTwo).toEqual(['from two']);
  });

  it('listen again after the connection is terminated, say so, and deliver again', async () => {
    const [one, two] = servers as [(typeof servers)[0], (typeof servers)[0]];
    const heard: string[] = [];
    let resumed = 0;
    one.notifications.subscribe('after_drop', (payload) => heard.push(payload));
    one.notifications.onResume(() => (resumed += 1));
    await one.notifications.ready();

    // Both servers' listeners, and nothing else.
    expect(await terminateConnections(created.url, LISTENER_APPLICATION_NAME)).toBe(2);
    await until(() => resumed > 0, 500);
    expect(one.log.lines).toContain('notifications: lost the LISTEN connection; reconnecting');
    expect(one.log.lines).toContain('notifications: LISTEN connection back; listening again');

    await two.notifications.publish('after_drop', 'still heard');
    await until(() => heard.length > 0);
    expect(heard).toEqual(['still heard']);
  });
});
