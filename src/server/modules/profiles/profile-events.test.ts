import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#server/test/test-app.ts';
import { readEventStream } from '#server/test/event-stream.ts';
import { signUp } from '#server/test/shoppers.ts';

let app: TestApp;
let base: string;

beforeAll(async () => {
  app = await buildTestApp({ AUTH_IP_LIMIT_PER_MINUTE: '1000' });
  base = await app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(() => app.close());

/** Opens users/{uid}/events over real HTTP and collects the documents it pushes. */
async function watch(uid: string, cookie: string) {
  const controller = new AbortController();
  const received: Record<string, unknown>[] = [];
  const status = await readEventStream(`${base}/api/users/${uid}/events`, {
    cookie,
    signal: controller.signal,
    onData: (document) => received.push(document as Record<string, unknown>),
  });
  return { status, received, stop: () => controller.abort() };
}

async function until(check: () => boolean) {
  for (let tries = 0; tries < 100 && !check(); tries += 1) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('live profile updates', () => {
  it('reach every open stream of the owner, and no one else', async () => {
    const ada = await signUp(app, 'Ada');
    const eve = await signUp(app, 'Eve');
    for (const shopper of [ada, eve]) {
      await app.inject({
        method: 'PUT',
        url: `/api/users/${shopper.id}`,
        headers: { cookie: shopper.cookie },
        payload: {},
      });
    }
    const adaTab1 = await watch(ada.id, ada.cookie);
    const adaTab2 = await watch(ada.id, ada.cookie);
    const eveTab = await watch(eve.id, eve.cookie);
    await until(
      () =>
        adaTab1.received.length > 0 && adaTab2.received.length > 0 && eveTab.received.length > 0,
    );
    expect(adaTab1.received[0]).toMatchObject({ displayName: 'Ada' });

    await app.inject({
      method: 'PATCH',
      url: `/api/users/${ada.id}`,
      headers: { cookie: ada.cookie },
      payload: { displayName: 'Ada Lovelace' },
    });
    await until(() => adaTab1.received.length > 1 && adaTab2.received.length > 1);

    expect(adaTab1.received.at(-1)).toMatchObject({ id: ada.id, displayName: 'Ada Lovelace' });
    expect(adaTab2.received.at(-1)).toMatchObject({ id: ada.id, displayName: 'Ada Lovelace' });
    expect(eveTab.received).toHaveLength(1);
    expect(JSON.stringify(eveTab.received)).not.toContain('Lovelace');
    for (const tab of [adaTab1, adaTab2, eveTab]) tab.stop();
  });
});
