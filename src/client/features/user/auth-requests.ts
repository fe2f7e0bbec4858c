import { ApiError } from '#client/api/api-client.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { AuthError, SignInCancelled } from './auth-client.ts';

/**
 * What only signing in, up or out needs: the calls, the shopper's messages and the Google popup.
 * Loaded on first use, and with the sign-in page (use-auth-form.ts), not with every page: most
 * pages only read the session (server-auth-client.ts).
 */

/** How often to look whether the popup was closed. */
export const POPUP_CHECK_MS = 400;
/** How long a closed popup's message may take to arrive. */
export const MESSAGE_GRACE_MS = 300;

/** Said when the shopper cancels in Google's chooser: not an error (issue #10, item 11). */
const CANCELLED = 'Google sign-in was cancelled. You are still signed out.';
const CLOSED =
  'The Google window was closed before you chose an account. You are still signed out.';

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

/** POSTs to better-auth under /api/auth; rejects with a message for the shopper. */
export async function call(path: string, body: unknown): Promise<void> {
  try {
    await apiRequest(`/api/auth${path}`, { method: 'POST', body });
  } catch (error) {
    throw toAuthError(error);
  }
}

/**
 * Waits until the Google popup (opened by the caller, in the click) reports back or is closed.
 * `hasSession` tells whether the browser is signed in now; `early` holds the messages that came
 * before this code was loaded.
 */
export function awaitPopup(
  popup: Window | null,
  hasSession: () => Promise<boolean>,
  early: readonly MessageEvent<unknown>[] = [],
): Promise<void> {
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
          finish(() => (signedIn ? resolve() : reject(new SignInCancelled(CLOSED)))),
        );
      }, MESSAGE_GRACE_MS);
    }, POPUP_CHECK_MS);
    window.addEventListener('message', onMessage);
    for (const event of early) onMessage(event);
  });
}
