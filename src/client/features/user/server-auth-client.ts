import type { ProfileDocument } from '#shared/auth-schemas.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import type { AuthClient } from './auth-client.ts';
import { ensureProfile, watchProfile } from './profile-api.ts';
import { hasSignedInHint } from './signed-in-hint.ts';
import type { CurrentUser } from './user-slice.ts';

const AUTH = '/api/auth';
/** Tells the shop's other tabs that someone signed in or out here. */
const CHANNEL = 'crwn-auth';
const GOOGLE_POPUP = '/auth/google/start';

/** The calls that change who is signed in, loaded on first use (auth-requests.ts). */
const requests = () => import('./auth-requests.ts');

interface SessionUser {
  id: string;
  name: string;
  email: string;
  createdAt: string;
}

/** The signed-in user of the session cookie, if any. */
async function readSessionUser(): Promise<SessionUser | undefined> {
  // The server sets the hint with every session (ADR 022): without it there is none to ask for.
  if (!hasSignedInHint()) return undefined;
  const session = await apiRequest<{ user: SessionUser } | null>(`${AUTH}/get-session`);
  return session?.user;
}

/** Whether the browser holds a live session now. */
async function hasSession(): Promise<boolean> {
  return readSessionUser().then(Boolean, () => false);
}

/** The current user as the session alone describes it, for when the profile cannot be had. */
function fromSession(user: SessionUser): CurrentUser {
  return { id: user.id, displayName: user.name, email: user.email, createdAt: user.createdAt };
}

/**
 * The shop's own accounts, on its server: better-auth behind /api/auth for identity, and the
 * profile documents users/{uid} watched live. The session is an HttpOnly cookie, never seen here.
 */
export function createServerAuthClient(): AuthClient {
  const refreshers = new Set<() => void>();
  const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);

  const authChanged = () => {
    for (const refresh of refreshers) refresh();
    channel?.postMessage('changed');
  };

  return {
    async signInWithEmail(credentials) {
      await (await requests()).call('/sign-in/email', credentials);
      authChanged();
    },
    async signUpWithEmail({ displayName, email, password }) {
      await (await requests()).call('/sign-up/email', { name: displayName, email, password });
      authChanged();
    },
    async signInWithGoogle() {
      // Opened synchronously in the click, or the browser's popup blocker stops it.
      const popup = window.open(GOOGLE_POPUP, 'crwn-google-sign-in', 'popup,width=480,height=680');
      // The popup may report before the code that listens has loaded: its messages wait here.
      const early: MessageEvent[] = [];
      const keep = (event: MessageEvent) => void early.push(event);
      window.addEventListener('message', keep);
      const { awaitPopup } = await requests().finally(() =>
        window.removeEventListener('message', keep),
      );
      await awaitPopup(popup, hasSession, early);
      authChanged();
    },
    async signOut({ sessionEnded = false } = {}) {
      if (!sessionEnded) await (await requests()).call('/sign-out', {});
      authChanged();
    },

    onAuthStateChanged(listener) {
      let stopWatching: (() => void) | undefined;
      let generation = 0;

      // Reads the session; with a user, creates the profile if missing and watches it.
      const refresh = async () => {
        const mine = ++generation;
        let user: SessionUser | undefined;
        try {
          user = await readSessionUser();
        } catch (error) {
          console.error('Could not read the session', error);
          return;
        }
        if (mine !== generation) return;
        stopWatching?.();
        stopWatching = undefined;
        if (!user) {
          listener(null);
          return;
        }
        const signedIn = user;
        try {
          listener(await ensureProfile(signedIn.id, signedIn.name));
        } catch (error) {
          // Signed in all the same: the profile is shown from the session until it can be read.
          console.error('Could not create or read the profile', error);
          listener(fromSession(signedIn));
        }
        if (mine !== generation) return;
        stopWatching = watchProfile(signedIn.id, (document: ProfileDocument) => listener(document));
      };

      const refreshNow = () => void refresh();
      refreshers.add(refreshNow);
      channel?.addEventListener('message', refreshNow);
      refreshNow();
      return () => {
        generation += 1;
        refreshers.delete(refreshNow);
        channel?.removeEventListener('message', refreshNow);
        stopWatching?.();
      };
    },
  };
}
