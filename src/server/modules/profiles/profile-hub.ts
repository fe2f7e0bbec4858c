import { EventEmitter } from 'node:events';
import type { ProfileDocument } from '#shared/auth-schemas.ts';

type Listener = (document: ProfileDocument) => void;

/**
 * Pushes each change of a profile document to everyone watching that document, in this process.
 * A shop on several machines will need a shared channel (PostgreSQL LISTEN/NOTIFY) behind the
 * same two functions.
 */
export function createProfileHub() {
  const emitter = new EventEmitter();
  // Every open tab of every shopper is a listener; the default warning at 10 is for leaks.
  emitter.setMaxListeners(0);
  return {
    /** Calls `listener` with every new version of users/{uid}; returns the unsubscribe. */
    watch(uid: string, listener: Listener): () => void {
      emitter.on(uid, listener);
      return () => emitter.off(uid, listener);
    },
    publish(document: ProfileDocument): void {
      emitter.emit(document.id, document);
    },
    watcherCount(uid: string): number {
      return emitter.listenerCount(uid);
    },
  };
}

export type ProfileHub = ReturnType<typeof createProfileHub>;
