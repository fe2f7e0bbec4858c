import type { FastifyInstance } from 'fastify';
import { AUTH_BASE_PATH } from './auth-settings.ts';
import type { LoadAuth } from './lazy-auth.ts';
import { GOOGLE_PROVIDER_ID } from './google-provider.ts';
import type { Config } from '#server/config.ts';
import { inlineScriptHashes } from '#server/platform/http/content-security-policy.ts';
import { html, htmlPage, scriptJson } from '#server/platform/http/html.ts';

export const POPUP_START_PATH = '/auth/google/start';
export const POPUP_DONE_PATH = '/auth/popup-done';

/**
 * The page the popup ends on. It tells the shop's window whether sign-in worked, by a message
 * to its own origin only, and closes. No token passes to page JavaScript: the session is the
 * HttpOnly cookie the callback set.
 */
function popupDonePage(origin: string): string {
  return htmlPage({
    title: 'Signing in…',
    body: html`<p>Signing you in… You can close this window.</p>
<script>
(() => {
  const error = new URLSearchParams(location.search).get('error');
  const message = { source: 'crwn-auth', ok: !error, error };
  if (window.opener) {
    window.opener.postMessage(message, ${scriptJson(origin)});
    window.close();
  } else {
    location.replace('/');
  }
})();
</script>`,
  });
}

/** Starts "Sign in with Google" in a popup, and ends it. */
export function googlePopupRoutes(
  app: FastifyInstance,
  opts: {
    auth: LoadAuth;
    config: Config;
    /** False with neither Google credentials nor the local stand-in (LOCAL_GOOGLE=off). */
    available: boolean;
  },
): Promise<void> {
  const { auth, config, available } = opts;
  const origin = new URL(config.PUBLIC_URL).origin;
  // The page is the same on every visit, so its script's hash is worked out once.
  const donePage = popupDonePage(origin);
  const donePolicy = [
    "default-src 'none'",
    `script-src ${inlineScriptHashes(donePage).join(' ')}`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');

  // The popup opens here synchronously on the click (so no popup blocker stops it); this asks
  // better-auth for the provider's URL, keeps its state cookie, and sends the popup on.
  app.get(POPUP_START_PATH, async (request, reply) => {
    // Said at once, rather than sending the popup to a provider that is not there.
    if (!available) return reply.redirect(`${POPUP_DONE_PATH}?error=not_configured`);
    const headers = new Headers({ 'content-type': 'application/json', origin });
    if (request.headers.cookie) headers.set('cookie', request.headers.cookie);
    const response = await (
      await auth()
    ).handler(
      new Request(`${config.PUBLIC_URL}${AUTH_BASE_PATH}/sign-in/social`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          provider: GOOGLE_PROVIDER_ID,
          callbackURL: POPUP_DONE_PATH,
          errorCallbackURL: POPUP_DONE_PATH,
          disableRedirect: true,
        }),
      }),
    );
    const body = (await response.json().catch(() => null)) as { url?: unknown } | null;
    if (!response.ok || typeof body?.url !== 'string') {
      request.log.error({ status: response.status, body }, 'could not start Google sign-in');
      return reply.redirect(`${POPUP_DONE_PATH}?error=unavailable`);
    }
    reply.header('set-cookie', response.headers.getSetCookie());
    return reply.redirect(body.url);
  });

  app.get(POPUP_DONE_PATH, (_request, reply) =>
    reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', donePolicy)
      .send(donePage),
  );
  return Promise.resolve();
}
