import { EventEmitter } from 'node:events';
import type { ProfileDocument } from '#shared/auth-schemas.ts';
import type { Notifications } from '#server/platform/notifications.ts';

type Listener = (document: ProfileDocument) => void;

const CHANNEL = 'profile_changed';

interface ProfileHubDependencies {
  notifications: Notifications;
  /** Reads the document as saved now. */
  find: (uid: string) => Promise<ProfileDocument | undefined>;
  log: { warn(object: object, message: string): void };
}

/**
 * Pushes each change of a profile document to everyone watching that document, on every server
 * (ADR 031). A change is one notification carrying only the uid: each server with watchers of
 * that document re-reads it once and fans it out to them. The document itself could outgrow a
 * notification, and re-reading in order means the last version pushed is the last one saved,
 * whatever order two servers' notifications arrive in.
 */
export function createProfileHub({ notifications, find, log }: ProfileHubDependencies) {
  const emitter = new EventEmitter();
  // Every open tab of every shopper is a listener; the default warning at 10 is for leaks.
  emitter.setMaxListeners(0);
  // Per document: the reads in order, and whether one is waiting to start (it will see any
  // change made before it starts, so a second one would read the same).
  const reads = new Map<string, Promise<void>>();
  const waiting = new Set<string>();

  const refresh = (uid: string) => {
    if (emitter.listenerCount(uid) === 0 || waiting.has(uid)) return;
    waiting.add(uid);
    const read = (reads.get(uid) ?? Promise.resolve())
      .then(async () => {
        waiting.delete(uid);
        const document = await find(uid);
        if (document) emitter.emit(uid, document);
      })
      .catch((error: unknown) => log.warn({ err: error, uid }, 'could not re-read a profile'));
    reads.set(uid, read);
    void read.then(() => {
      if (reads.get(uid) === read) reads.delete(uid);
    });
  };

  notifications.subscribe(CHANNEL, refresh);
  // Changes made while this server could not hear them: every watched document is read again.
  notifications.onResume(() => {
    for (const uid of emitter.eventNames()) refresh(String(uid));
  });

  return {
    /** Calls `listener` with every new version of users/{uid}; returns the unsubscribe. */
    watch(uid: string, listener: Listener): () => void {
      emitter.on(uid, listener);
      return () => emitter.off(uid, listener);
    },
    /** Tells every server that users/{uid} changed; resolves once sent. */
    publish(uid: string): Promise<void> {
      return notifications.publish(CHANNEL, uid);
    },
    watcherCount(uid: string): number {
      return emitter.listenerCount(uid);
    },
  };
}

export type ProfileHub = ReturnType<typeof createProfileHub>;
