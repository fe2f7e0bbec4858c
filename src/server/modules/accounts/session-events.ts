import { EventEmitter } from 'node:events';

/** A session that no longer exists: signed out, revoked, or ended by a password change. */
export interface SessionEnded {
  sessionId: string;
  userId: string;
}

/**
 * Tells whoever listens, in this process, that a session was deleted. better-auth's database
 * hooks publish; other modules subscribe through the accounts service. A shop on several
 * machines needs a shared channel here too; each stream's own check before every push (and at
 * its heartbeat) still holds without one.
 */
export function createSessionEvents() {
  const emitter = new EventEmitter();
  // One listener per module that keeps something alive per session, not per session.
  emitter.setMaxListeners(0);
  return {
    publish(ended: SessionEnded): void {
      emitter.emit('ended', ended);
    },
    /** Calls `listener` with every session deleted from now on; returns the unsubscribe. */
    subscribe(listener: (ended: SessionEnded) => void): () => void {
      emitter.on('ended', listener);
      return () => emitter.off('ended', listener);
    },
  };
}

export type SessionEvents = ReturnType<typeof createSessionEvents>;
