import { EventEmitter } from 'node:events';
import type pg from 'pg';
import type { ShopDatabase } from '#server/platform/database/database.ts';

/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more; both kinds refuse it alike. */
export const MAX_PAYLOAD_BYTES = 7999;

/** Shown in pg_stat_activity, so an operator can tell the listeners from the pool. */
export const LISTENER_APPLICATION_NAME = 'crwn-notifications';

const CHANNEL_NAME = /^[a-z][a-z0-9_]{0,62}$/;

interface NotificationLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

/**
 * "Publish an event, subscribe to a channel" for every server on one database (ADR 031). Each
 * server keeps one subscription per channel and fans out to its own listeners; publishers send
 * one notification per event, to every server, this one included.
 */
export interface Notifications {
  /**
   * Sends `payload` to the subscribers of `channel` on every server. Resolves once sent; a
   * failure is logged, never thrown: the change it tells of is already saved. Throws at once
   * when the payload is too large (send ids and re-read instead).
   */
  publish(channel: string, payload: string): Promise<void>;
  /** Calls `listener` with every payload published on `channel` from now on; returns the unsubscribe. */
  subscribe(channel: string, listener: (payload: string) => void): () => void;
  /**
   * Calls `listener` after a lost connection is back: notifications sent meanwhile are gone,
   * so whoever keeps state from them re-reads it. Returns the unsubscribe.
   */
  onResume(listener: () => void): () => void;
  /** Resolves when every channel subscribed so far is listened to (rejects if the first connection fails). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

function checkMessage(channel: string, payload: string) {
  if (!CHANNEL_NAME.test(channel)) throw new Error(`Bad notification channel name: ${channel}`);
  const bytes = Buffer.byteLength(payload);
  if (bytes > MAX_PAYLOAD_BYTES) {
    throw new Error(`A notification on ${channel} of ${bytes} bytes exceeds ${MAX_PAYLOAD_BYTES}`);
  }
}

function emitterOf() {
  const emitter = new EventEmitter();
  // Every module subscribes once per channel; the default warning at 10 is for leaks.
  emitter.setMaxListeners(0);
  return emitter;
}

/**
 * Adds `listener` to `emitter`, its errors logged: anyone with the database's password can
 * NOTIFY anything, and one listener's failure must neither stop the others nor the server.
 */
function addListener(
  emitter: EventEmitter,
  log: NotificationLog,
  channel: string,
  listener: (payload: string) => void,
): () => void {
  const guarded = (payload: string) => {
    try {
      listener(payload);
    } catch (error) {
      log.warn({ err: error, channel }, 'notifications: a listener failed');
    }
  };
  emitter.on(channel, guarded);
  return () => emitter.off(channel, guarded);
}

/** SQLite is one server's own database, so its events never leave the process. */
function inProcessNotifications(log: NotificationLog): Notifications {
  const emitter = emitterOf();
  return {
    publish(channel, payload) {
      checkMessage(channel, payload);
      emitter.emit(channel, payload);
      return Promise.resolve();
    },
    subscribe(channel, listener) {
      checkMessage(channel, '');
      return addListener(emitter, log, channel, listener);
    },
    onResume: () => () => undefined,
    ready: () => Promise.resolve(),
    close: () => Promise.resolve(),
  };
}

export interface PostgresNotificationOptions {
  /** The first wait before reconnecting; it doubles up to `maxRetryMs`. */
  retryMs?: number;
  maxRetryMs?: number;
}

/**
 * LISTEN/NOTIFY over one connection of its own, outside the pool: a pooled connection would be
 * handed to queries, and LISTEN belongs to the session. When that connection drops (PostgreSQL
 * restarted, the backend terminated) it reconnects, LISTENs again and tells `onResume`.
 */
function postgresNotifications(
  pool: pg.Pool,
  log: NotificationLog,
  { retryMs = 250, maxRetryMs = 10_000 }: PostgresNotificationOptions,
): Notifications {
  const emitter = emitterOf();
  const resumed = new EventEmitter().setMaxListeners(0);
  const channels = new Set<string>();
  let client: pg.Client | undefined;
  let closed = false;
  // Until the first connection stands, a failure is the start's to report, not to retry.
  let started = false;
  let retryTimer: NodeJS.Timeout | undefined;
  let nextRetryMs = retryMs;
  // Connecting and LISTENing run one at a time, in order.
  let work: Promise<void> = Promise.resolve();
  const queue = (step: () => Promise<void>) => (work = work.then(step));

  const listen = (on: pg.Client, channel: string) => on.query(`LISTEN "${channel}"`);

  const lost = (dropped: pg.Client, error?: Error) => {
    if (client !== dropped) return;
    client = undefined;
    dropped.removeAllListeners('end');
    // A broken socket may still need closing; its own errors no longer matter.
    dropped.on('error', () => undefined);
    void dropped.end().catch(() => undefined);
    if (closed || !started) return;
    log.warn(
      { err: error, retryInMs: nextRetryMs },
      'notifications: lost the LISTEN connection; reconnecting',
    );
    scheduleReconnect();
  };

  const connect = async () => {
    // Loaded only on PostgreSQL (database.ts says why).
    const { default: pg } = await import('pg');
    const next = new pg.Client({
      ...pool.options,
      application_name: LISTENER_APPLICATION_NAME,
      // An idle socket cut by a firewall is noticed instead of waiting silently forever.
      keepAlive: true,
    });
    next.on('notification', ({ channel, payload }) => emitter.emit(channel, payload ?? ''));
    next.on('error', (error) => lost(next, error));
    next.on('end', () => lost(next));
    client = next;
    try {
      await next.connect();
      for (const channel of channels) await listen(next, channel);
    } catch (error) {
      lost(next, error as Error);
      throw error;
    }
  };

  const scheduleReconnect = () => {
    clearTimeout(retryTimer);
    const wait = nextRetryMs;
    nextRetryMs = Math.min(nextRetryMs * 2, maxRetryMs);
    retryTimer = setTimeout(() => {
      void queue(async () => {
        if (closed || client) return;
        // A failure schedules the next try itself (lost).
        await connect().then(
          () => {
            nextRetryMs = retryMs;
            log.info(
              { channels: [...channels] },
              'notifications: LISTEN connection back; listening again',
            );
            resumed.emit('resumed');
          },
          () => undefined,
        );
      });
    }, wait);
  };

  const first = queue(async () => {
    await connect();
    started = true;
  });
  // The first failure is the caller's to see, through ready().
  first.catch(() => undefined);
  work = first.catch(() => undefined);

  return {
    publish(channel, payload) {
      checkMessage(channel, payload);
      return pool.query('select pg_notify($1, $2)', [channel, payload]).then(
        () => undefined,
        (error: unknown) => log.warn({ err: error, channel }, 'notifications: could not publish'),
      );
    },
    subscribe(channel, listener) {
      checkMessage(channel, '');
      const unsubscribe = addListener(emitter, log, channel, listener);
      if (!channels.has(channel)) {
        channels.add(channel);
        // A connection made later LISTENs to every channel itself.
        void queue(async () => {
          if (client) await listen(client, channel).catch(() => undefined);
        });
      }
      return unsubscribe;
    },
    onResume(listener) {
      resumed.on('resumed', listener);
      return () => resumed.off('resumed', listener);
    },
    ready: () => first.then(() => work),
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      await work;
      const open = client;
      client = undefined;
      await open?.end().catch(() => undefined);
    },
  };
}

/**
 * The notifications of `database`: an in-process emitter on SQLite, LISTEN/NOTIFY on
 * PostgreSQL. Close it when the app closes.
 */
export function openNotifications(
  database: ShopDatabase,
  log: NotificationLog,
  options: PostgresNotificationOptions = {},
): Notifications {
  return database.pool
    ? postgresNotifications(database.pool, log, options)
    : inProcessNotifications(log);
}
