import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProfileDocument } from '#shared/auth-schemas.ts';
import type { AccountsService } from '#server/modules/accounts/accounts-service.ts';
import { apiContract } from '#server/platform/http/api-contract.ts';
import { profilesRoutes } from './profiles-routes.ts';
import type { ProfileService } from './profiles-service.ts';

const HEARTBEAT_MS = 25_000;
const ada = { id: 'ada', email: 'ada@example.com', name: 'Ada' };
const document = {
  id: 'ada',
  email: 'ada@example.com',
  displayName: 'Ada',
  createdAt: '2026-01-01T00:00:00.000Z',
} as ProfileDocument;

afterEach(() => {
  vi.useRealTimers();
});

/**
 * A session can end with no event at all: it expires, or another process deletes it. The stream
 * finds out at its next heartbeat, so it outlives its session by at most one heartbeat.
 */
describe('a stream whose session ends without an event', () => {
  it('ends at the next heartbeat', async () => {
    // Only the heartbeat's clock is faked; the request itself runs on real I/O.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let sessionAlive = true;
    const accounts: AccountsService = {
      currentSession: () => Promise.resolve(sessionAlive ? { id: 'session-1', user: ada } : null),
      currentUser: () => Promise.resolve(sessionAlive ? ada : null),
      onSessionEnded: () => () => {},
    };
    const profiles = {
      find: () => Promise.resolve(document),
      watch: () => () => {},
    } as unknown as ProfileService;
    const app = Fastify();
    // The routes' schemas are checked by the shop's type provider (ADR 054).
    await apiContract(app);
    await app.register(profilesRoutes, { accounts, profiles, heartbeatMs: HEARTBEAT_MS });

    // inject() resolves only once the stream has ended.
    const streamed = app.inject({ url: '/api/users/ada/events' });
    await vi.waitFor(() => expect(vi.getTimerCount()).toBe(1));

    await vi.advanceTimersByTimeAsync(HEARTBEAT_MS);
    sessionAlive = false;
    await vi.advanceTimersByTimeAsync(HEARTBEAT_MS);

    const response = await streamed;
    expect(response.statusCode).toBe(200);
    expect(response.body.match(/^event: profile$/gm)).toHaveLength(1);
    expect(response.body.match(/^: still here$/gm)).toHaveLength(1);
    expect(vi.getTimerCount()).toBe(0);
    await app.close();
  });
});
