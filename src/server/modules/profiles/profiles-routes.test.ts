import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#server/test/test-app.ts';
import { signUp } from '#server/test/shoppers.ts';

let app: TestApp;

beforeAll(async () => {
  app = await buildTestApp({ AUTH_IP_LIMIT_PER_MINUTE: '1000' });
});

afterAll(() => app.close());

describe('users/{uid}', () => {
  it('is created if missing with displayName, email and createdAt, once', async () => {
    const { id, email, cookie } = await signUp(app, 'Ada');
    const created = await app.inject({
      method: 'PUT',
      url: `/api/users/${id}`,
      headers: { cookie },
      payload: {},
    });
    expect(created.statusCode).toBe(201);
    const document = created.json<Record<string, unknown>>();
    expect(document).toMatchObject({ id, email, displayName: 'Ada' });
    expect(new Date(String(document.createdAt)).toString()).not.toBe('Invalid Date');

    const again = await app.inject({
      method: 'PUT',
      url: `/api/users/${id}`,
      headers: { cookie },
      payload: { displayName: 'Someone else' },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(document);
  });

  it('is read and changed by its owner only: 401 for the anonymous, 403 for others', async () => {
    const owner = await signUp(app, 'Ada');
    const other = await signUp(app, 'Eve');
    await app.inject({
      method: 'PUT',
      url: `/api/users/${owner.id}`,
      headers: { cookie: owner.cookie },
      payload: {},
    });
    const url = `/api/users/${owner.id}`;

    expect((await app.inject({ url })).statusCode).toBe(401);
    expect((await app.inject({ url, headers: { cookie: other.cookie } })).statusCode).toBe(403);
    expect((await app.inject({ url, headers: { cookie: owner.cookie } })).statusCode).toBe(200);

    for (const method of ['PUT', 'PATCH'] as const) {
      const payload = { displayName: 'Hijacked' };
      expect((await app.inject({ method, url, payload })).statusCode).toBe(401);
      expect(
        (await app.inject({ method, url, payload, headers: { cookie: other.cookie } })).statusCode,
      ).toBe(403);
    }
    expect((await app.inject({ url: `${url}/events` })).statusCode).toBe(401);
    expect(
      (await app.inject({ url: `${url}/events`, headers: { cookie: other.cookie } })).statusCode,
    ).toBe(403);
  });

  it('lets the owner change the display name but not id, email or createdAt', async () => {
    const { id, cookie } = await signUp(app, 'Ada');
    const url = `/api/users/${id}`;
    await app.inject({ method: 'PUT', url, headers: { cookie }, payload: {} });

    const renamed = await app.inject({
      method: 'PATCH',
      url,
      headers: { cookie },
      payload: { displayName: 'Ada L.' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ displayName: 'Ada L.' });

    for (const payload of [
      { email: 'eve@example.com' },
      { createdAt: '2000-01-01T00:00:00.000Z', displayName: 'x' },
      { id: 'someone-else' },
      { displayName: 'Ada', isAdmin: true },
      { displayName: '' },
    ]) {
      const response = await app.inject({ method: 'PATCH', url, headers: { cookie }, payload });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toBeTruthy();
    }
    const after = await app.inject({ url, headers: { cookie } });
    expect(after.json()).toMatchObject({ id, displayName: 'Ada L.' });
  });

  it('answers 404 for a document that was never created', async () => {
    const { id, cookie } = await signUp(app);
    const response = await app.inject({ url: `/api/users/${id}`, headers: { cookie } });
    expect(response.statusCode).toBe(404);
  });
});
