import type { Notifications } from '#server/platform/notifications.ts';

/** A session that no longer exists: signed out, revoked, or ended by a password change. */
export interface SessionEnded {
  sessionId: string;
  userId: string;
}

const CHANNEL = 'session_ended';

/**
 * Tells whoever listens, on every server of the shop, that a session was deleted. better-auth's
 * database hooks publish; other modules subscribe through the accounts service. A session
 * deleted while a server's notification connection was down is not announced to it; each
 * stream's own check before every push (and at its heartbeat) still holds.
 */
export function createSessionEvents(notifications: Notifications) {
  return {
    /** Resolves once every server has been told (or the failure logged). */
    publish(ended: SessionEnded): Promise<void> {
      return notifications.publish(
        CHANNEL,
        JSON.stringify({ sessionId: ended.sessionId, userId: ended.userId }),
      );
    },
    /** Calls `listener` with every session deleted from now on; returns the unsubscribe. */
    subscribe(listener: (ended: SessionEnded) => void): () => void {
      return notifications.subscribe(CHANNEL, (payload) => {
        listener(JSON.parse(payload) as SessionEnded);
      });
    },
  };
}

export type SessionEvents = ReturnType<typeof createSessionEvents>;
