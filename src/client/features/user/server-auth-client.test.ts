import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SignInCancelled } from './auth-client.ts';
import { MESSAGE_GRACE_MS, POPUP_CHECK_MS } from './auth-requests.ts';
import { createServerAuthClient } from './server-auth-client.ts';

/** A popup window the test opens and closes by hand. */
function fakePopup() {
  const popup = { closed: false };
  vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
  return popup;
}

/**
 * Answers /api/auth/get-session with this user (or none), as the shop's server would, whose
 * hint cookie says whether a session exists (ADR 022).
 */
function sessionIs(user: { id: string } | null, hint: boolean = user !== null) {
  document.cookie = hint ? 'crwn_signed_in=1' : 'crwn_signed_in=; Max-Age=0';
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(new Response(JSON.stringify(user ? { user } : null)))),
  );
}

function popupReports(outcome: { ok: boolean; error?: string }) {
  window.dispatchEvent(
    new MessageEvent('message', {
      origin: window.location.origin,
      data: { source: 'crwn-auth', error: null, ...outcome },
    }),
  );
}

// Only the timers the client sets: the fake fetch's Response still reads its body for real.
beforeEach(() =>
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] }),
);

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the session at page load', () => {
  it('is not asked for when the hint says there is none', () => {
    sessionIs(null);
    const listener = vi.fn();
    const stop = createServerAuthClient().onAuthStateChanged(listener);
    expect(fetch).not.toHaveBeenCalled();
    return vi.waitFor(() => expect(listener).toHaveBeenCalledWith(null)).finally(stop);
  });

  it('is asked for when the hint says there is one, and a stale hint means signed out', async () => {
    sessionIs(null, true);
    const listener = vi.fn();
    const stop = createServerAuthClient().onAuthStateChanged(listener);
    await vi.waitFor(() => expect(listener).toHaveBeenCalledWith(null));
    expect(fetch).toHaveBeenCalledWith('/api/auth/get-session', expect.anything());
    stop();
  });
});

/** Lets the client see that the popup was closed, and the grace for its message run out. */
const closedCheckAndGrace = () => vi.advanceTimersByTimeAsync(POPUP_CHECK_MS + MESSAGE_GRACE_MS);

describe('Sign In With Google popup', () => {
  it('succeeds when the popup reports success', async () => {
    fakePopup();
    sessionIs(null);
    const signingIn = createServerAuthClient().signInWithGoogle();
    // Its code loads on first use; the popup's message comes long after.
    await vi.dynamicImportSettled();
    popupReports({ ok: true });
    await expect(signingIn).resolves.toBeUndefined();
  });

  it('succeeds when the popup closes before its message arrives, as the session shows', async () => {
    const popup = fakePopup();
    sessionIs({ id: 'u1' });
    const signingIn = createServerAuthClient().signInWithGoogle();
    // Its code loads on first use; the popup's message comes long after.
    await vi.dynamicImportSettled();
    popup.closed = true;
    const outcome = expect(signingIn).resolves.toBeUndefined();
    await closedCheckAndGrace();
    await outcome;
  });

  it('says calmly that the window was closed when it closes with no session', async () => {
    const popup = fakePopup();
    sessionIs(null);
    const signingIn = createServerAuthClient().signInWithGoogle();
    // Its code loads on first use; the popup's message comes long after.
    await vi.dynamicImportSettled();
    popup.closed = true;
    const outcome = expect(signingIn).rejects.toThrow(SignInCancelled);
    await closedCheckAndGrace();
    await outcome;
    await expect(signingIn).rejects.toThrow('The Google window was closed');
  });

  it("takes the provider's access_denied (the shopper's Cancel) as a cancelled sign-in", async () => {
    fakePopup();
    sessionIs(null);
    const signingIn = createServerAuthClient().signInWithGoogle();
    popupReports({ ok: false, error: 'access_denied' });
    await expect(signingIn).rejects.toThrow(SignInCancelled);
    await expect(signingIn).rejects.toThrow('Google sign-in was cancelled');
  });

  it('shows the reason of a failure whose message arrives just after the popup closed', async () => {
    const popup = fakePopup();
    sessionIs(null);
    const signingIn = createServerAuthClient().signInWithGoogle();
    // Its code loads on first use; the popup's message comes long after.
    await vi.dynamicImportSettled();
    const outcome = expect(signingIn).rejects.toThrow(
      'This email already has an account with a password',
    );
    popup.closed = true;
    // The client has seen the popup closed; the message comes before the grace runs out.
    await vi.advanceTimersByTimeAsync(POPUP_CHECK_MS + MESSAGE_GRACE_MS - 1);
    popupReports({ ok: false, error: 'account_not_linked' });
    await closedCheckAndGrace();
    await outcome;
  });

  it('shows the reason the popup gives for a failure', async () => {
    fakePopup();
    sessionIs(null);
    const signingIn = createServerAuthClient().signInWithGoogle();
    // Its code loads on first use; the popup's message comes long after.
    await vi.dynamicImportSettled();
    popupReports({ ok: false, error: 'unavailable' });
    await expect(signingIn).rejects.toThrow('Google sign-in is not available right now');
  });

  it('says so when the shop has no Google sign-in set up', async () => {
    fakePopup();
    sessionIs(null);
    const signingIn = createServerAuthClient().signInWithGoogle();
    // Its code loads on first use; the popup's message comes long after.
    await vi.dynamicImportSettled();
    popupReports({ ok: false, error: 'not_configured' });
    await expect(signingIn).rejects.toThrow(
      'Sign In With Google is not set up on this shop. Sign in with your email and password instead.',
    );
  });

  it('keeps what the popup says before the code that listens has loaded', async () => {
    fakePopup();
    sessionIs(null);
    const signingIn = createServerAuthClient().signInWithGoogle();
    popupReports({ ok: false, error: 'unavailable' });
    await expect(signingIn).rejects.toThrow('Google sign-in is not available right now');
  });

  it('ignores messages from other origins', async () => {
    const popup = fakePopup();
    sessionIs(null);
    const signingIn = createServerAuthClient().signInWithGoogle();
    // Its code loads on first use; the popup's message comes long after.
    await vi.dynamicImportSettled();
    window.dispatchEvent(
      new MessageEvent('message', {
        origin: 'https://evil.example',
        data: { source: 'crwn-auth', ok: true },
      }),
    );
    popup.closed = true;
    const outcome = expect(signingIn).rejects.toThrow('The Google window was closed');
    await closedCheckAndGrace();
    await outcome;
  });

  it('says so when the browser blocks the popup', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    await expect(createServerAuthClient().signInWithGoogle()).rejects.toThrow('blocked');
  });
});

describe('an origin refusal', () => {
  it("says in plain words that the page is not at the shop's address, not 'Invalid origin'", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          new Response(JSON.stringify({ code: 'INVALID_ORIGIN', message: 'Invalid origin' }), {
            status: 403,
            headers: { 'content-type': 'application/json' },
          }),
        ),
      ),
    );
    const signingIn = createServerAuthClient().signInWithEmail({
      email: 'ada@example.com',
      password: 'correct horse battery',
    });
    await expect(signingIn).rejects.toThrow(
      "This page was opened at another address than the shop's own. Reload the shop from the address you usually use and try again.",
    );
  });
});

describe('a session the server has ended already (the account deleted)', () => {
  it('is not signed out again, but this page reads the session anew and learns it is gone', async () => {
    sessionIs(null);
    const client = createServerAuthClient();
    const listener = vi.fn();
    const stop = client.onAuthStateChanged(listener);
    await vi.waitFor(() => expect(listener).toHaveBeenCalledTimes(1));

    await client.signOut({ sessionEnded: true });
    await vi.waitFor(() => expect(listener).toHaveBeenCalledTimes(2));
    expect(listener).toHaveBeenLastCalledWith(null);
    expect(fetch).not.toHaveBeenCalled();
    stop();
  });
});
