import type { ProfileDocument } from '#shared/auth-schemas.ts';
import { ApiError, apiRequest } from '#client/lib/api-client.ts';
import { AuthError, SignInCancelled, type AuthClient } from './auth-client.ts';
import { ensureProfile, watchProfile } from './profile-api.ts';
import type { CurrentUser } from './user-slice.ts';

const AUTH = '/api/auth';
/** Tells the shop's other tabs that someone signed in or out here. */
const CHANNEL = 'crwn-auth';
const GOOGLE_POPUP = '/auth/google/start';
/** How often to look whether the popup was closed. */
export const POPUP_CHECK_MS = 400;
/** How long a closed popup's message may take to arrive. */
export const MESSAGE_GRACE_MS = 300;

interface SessionUser {
  id: string;
  name: string;
  email: string;
  createdAt: string;
}

/** Said when the shopper cancels in Google's chooser. */
const CANCELLED = 'Google sign-in was cancelled. You are still signed out.';

const ANOTHER_ADDRESS =
  "This page was opened at another address than the shop's own. Reload the shop from the address you usually use and try again.";

/** Messages for the shopper, by the server's error code. */
const MESSAGES: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: 'Wrong email or password.',
  USER_ALREADY_EXISTS: 'An account with this email already exists. Sign in instead.',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL:
    'An account with this email already exists. Sign in instead.',
  account_not_linked:
    'This email already has an account with a password. Sign in with your password instead.',
  // better-auth's own origin check: the page is not at the shop's address (ADR 024).
  INVALID_ORIGIN: ANOTHER_ADDRESS,
  MISSING_OR_NULL_ORIGIN: ANOTHER_ADDRESS,
  unavailable: 'Google sign-in is not available right now. Please try again later.',
  not_configured:
    'Sign In With Google is not set up on this shop. Sign in with your email and password instead.',
};

function toAuthError(error: unknown): AuthError {
  if (error instanceof ApiError)
    return new AuthError((error.code && MESSAGES[error.code]) ?? error.message);
  if (error instanceof AuthError) return error;
  return new AuthError('Something went wrong. Please try again.');
}

async function call(path: string, body: unknown): Promise<void> {
  try {
    await apiRequest(`${AUTH}${path}`, { method: 'POST', body });
  } catch (error) {
    throw toAuthError(error);
  }
}

/** The signed-in user of the session cookie, if any. */
async function readSessionUser(): Promise<SessionUser | undefined> {
  const session = await apiRequest<{ user: SessionUser } | null>(`${AUTH}/get-session`);
  return session?.user;
}

/** Whether the browser holds a live session now. */
async function hasSession(): Promise<boolean> {
  return readSessionUser().then(Boolean, () => false);
}

/** Opens the Google popup and waits until it reports back or is closed. */
function googlePopup(): Promise<void> {
  // Opened synchronously in the click, or the browser's popup blocker stops it.
  const popup = window.open(GOOGLE_POPUP, 'crwn-google-sign-in', 'popup,width=480,height=680');
  if (!popup) {
    return Promise.reject(
      new AuthError(
        'Your browser blocked the sign-in window. Allow pop-ups for this shop and try again.',
      ),
    );
  }
  return new Promise((resolve, reject) => {
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      window.removeEventListener('message', onMessage);
      clearInterval(closedCheck);
      outcome();
    };
    const onMessage = (event: MessageEvent<unknown>) => {
      if (event.origin !== window.location.origin) return;
      const data = event.data as { source?: unknown; ok?: unknown; error?: unknown } | null;
      if (data?.source !== 'crwn-auth') return;
      finish(() => {
        if (data.ok === true) resolve();
        // The provider's answer to the shopper's own Cancel (OAuth's access_denied).
        else if (data.error === 'access_denied') reject(new SignInCancelled(CANCELLED));
        else
          reject(
            new AuthError(
              MESSAGES[String(data.error)] ?? 'Google sign-in did not complete. Please try again.',
            ),
          );
      });
    };
    // The popup posts its outcome and closes at once, so the close can be seen here before the
    // message arrives. The message keeps its say for a moment (it carries the reason of a
    // failure); then the session settles it: the callback set the cookie before the popup closed,
    // so a signed-in session means it worked.
    const closedCheck = setInterval(() => {
      if (!popup.closed) return;
      clearInterval(closedCheck);
      setTimeout(() => {
        if (settled) return;
        void hasSession().then((signedIn) =>
          finish(() =>
            signedIn
              ? resolve()
              : reject(
                  new SignInCancelled(
                    'The Google window was closed before you chose an account. You are still signed out.',
                  ),
                ),
          ),
        );
      }, MESSAGE_GRACE_MS);
    }, POPUP_CHECK_MS);
    window.addEventListener('message', onMessage);
  });
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
      await call('/sign-in/email', credentials);
      authChanged();
    },
    async signUpWithEmail({ displayName, email, password }) {
      await call('/sign-up/email', { name: displayName, email, password });
      authChanged();
    },
    async signInWithGoogle() {
      await googlePopup();
      authChanged();
    },
    async signOut() {
      await call('/sign-out', {});
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
