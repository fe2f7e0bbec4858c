import { afterEach, describe, expect, it } from 'vitest';
import { makeOwner } from '#server/modules/accounts/accounts-service.ts';
import { startForwardingProxy } from '#server/test/forwarding-proxy.ts';
import { UNLIMITED } from '#server/test/payments.ts';
import { listenOnLoopback, rawRequest } from '#server/test/raw-http.ts';
import { signUp } from '#server/test/shoppers.ts';
import { buildTestApp, TEST_PUBLIC_URL, type TestApp } from '#server/test/test-app.ts';
import { report } from './random.ts';

/**
 * The outbox behind a reverse proxy on the shop's own machine (issue 33). Such a proxy connects
 * from 127.0.0.1 and, set up carelessly, sends no X-Forwarded-For: to the shop every visitor then
 * looks like the person at its own machine. Before the fix a stranger asked a reset for someone's
 * address, read the link in /outbox and signed in as them. Now only an owner's session opens it.
 */
let app: TestApp | undefined;
let proxy: Awaited<ReturnType<typeof startForwardingProxy>> | undefined;
afterEach(async () => {
  await proxy?.close();
  await app?.close();
  proxy = undefined;
  app = undefined;
});

const RESET_LINK = /\/reset-password#token=/;

describe('the outbox behind a local proxy that forwards no address', () => {
  it('is refused to a stranger and a shopper, and shown to an owner', async () => {
    app = await buildTestApp({ ...UNLIMITED });
    const victim = await signUp(app, 'Victim');
    const shopper = await signUp(app, 'Shopper');
    const owner = await signUp(app, 'Owner');
    expect(await makeOwner(app.db, owner.email)).toBe('made');
    const shopPort = await listenOnLoopback(app);
    proxy = await startForwardingProxy(() => shopPort);
    const { port } = proxy;
    const viaProxy = (options: Parameters<typeof rawRequest>[1]) => rawRequest(port, options);

    // The stranger asks a reset link for the victim's address: accepted, as for anyone.
    const asked = await viaProxy({
      method: 'POST',
      path: '/api/account/password-reset',
      headers: { 'content-type': 'application/json', origin: TEST_PUBLIC_URL },
      body: JSON.stringify({ email: victim.email }),
    });
    expect(asked.status).toBe(202);

    // The owner sees the link arrive in the outbox, through the same proxy.
    const asOwner = () =>
      viaProxy({ method: 'GET', path: '/outbox', headers: { cookie: owner.cookie } });
    await expect.poll(async () => (await asOwner()).body, { timeout: 20_000 }).toMatch(RESET_LINK);
    expect((await asOwner()).status).toBe(200);

    const stranger = await viaProxy({ method: 'GET', path: '/outbox' });
    expect(stranger.status).toBe(401);
    expect(stranger.body).not.toMatch(RESET_LINK);
    expect(stranger.body).not.toContain(victim.email);

    const signedIn = await viaProxy({
      method: 'GET',
      path: '/outbox',
      headers: { cookie: shopper.cookie },
    });
    expect(signedIn.status).toBe(403);
    expect(signedIn.body).not.toMatch(RESET_LINK);

    // Straight to the shop from its own machine, with no proxy at all: the same answer outside
    // development (`npm run dev` alone opens it there).
    const direct = await app.inject({ url: '/outbox', remoteAddress: '127.0.0.1' });
    expect(direct.statusCode).toBe(401);
    report('outbox behind a proxy', {
      stranger: stranger.status,
      shopper: signedIn.status,
      owner: 200,
      direct: direct.statusCode,
    });
  }, 30_000);
});
