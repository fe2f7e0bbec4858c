import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ShopDatabase } from '#server/platform/database/database.ts';
import { openMigratedTestDatabase } from '#server/test/test-database.ts';
import { createProviderStateRepository } from './provider-state-repository.ts';

let database: ShopDatabase;
let clock: number;
const now = () => clock;

beforeEach(async () => {
  database = await openMigratedTestDatabase();
  clock = Date.UTC(2026, 10, 23, 12);
});
afterEach(() => database.close());

const rowIds = async () =>
  (
    await database.db
      .selectFrom('local_oidc_payloads')
      .select(['model', 'id'])
      .orderBy('model')
      .orderBy('id')
      .execute()
  ).map((row) => `${row.model}:${row.id}`);

describe("the local OpenID provider's adapter, on the database", () => {
  it('finds what was stored, by model and id, until it expires', async () => {
    const state = createProviderStateRepository(database.db, { now });
    const codes = state.adapter('AuthorizationCode');
    const payload = { accountId: 'sub-1', grantId: 'g1', scope: 'openid', nested: { a: [1, 2] } };
    await codes.upsert('code-1', payload, 60);
    expect(await codes.find('code-1')).toEqual(payload);
    // Another model's row of the same id is another row.
    expect(await state.adapter('AccessToken').find('code-1')).toBeUndefined();
    expect(await codes.find('code-2')).toBeUndefined();
    clock += 59_999;
    expect(await codes.find('code-1')).toEqual(payload);
    clock += 1;
    expect(await codes.find('code-1')).toBeUndefined();
  });

  it('keeps a payload without expiry, and replaces a payload stored again', async () => {
    const state = createProviderStateRepository(database.db, { now });
    const grants = state.adapter('Grant');
    await grants.upsert('g1', { accountId: 'sub-1', openid: { scope: 'openid' } });
    await grants.upsert('g1', { accountId: 'sub-1', openid: { scope: 'openid email' } }, 3600);
    clock += 10 * 24 * 3600_000;
    expect(await grants.find('g1')).toBeUndefined();
    await grants.upsert('g2', { accountId: 'sub-2' });
    clock += 10 * 24 * 3600_000;
    expect(await grants.find('g2')).toEqual({ accountId: 'sub-2' });
  });

  it('finds a session by its uid and a device code by its user code', async () => {
    const state = createProviderStateRepository(database.db, { now });
    const sessions = state.adapter('Session');
    await sessions.upsert('session-1', { uid: 'uid-1', accountId: 'sub-1' }, 3600);
    expect(await sessions.findByUid('uid-1')).toEqual({ uid: 'uid-1', accountId: 'sub-1' });
    expect(await sessions.findByUid('uid-2')).toBeUndefined();
    // Only the model asked: an interaction with the same uid is not a session.
    expect(await state.adapter('Interaction').findByUid('uid-1')).toBeUndefined();

    const devices = state.adapter('DeviceCode');
    await devices.upsert('device-1', { userCode: 'ABCD-EFGH', grantId: 'g1' }, 600);
    expect(await devices.findByUserCode('ABCD-EFGH')).toEqual({
      userCode: 'ABCD-EFGH',
      grantId: 'g1',
    });
    clock += 600_000;
    expect(await devices.findByUserCode('ABCD-EFGH')).toBeUndefined();
  });

  it('marks a code consumed, in epoch seconds, for every server that finds it', async () => {
    const codes = createProviderStateRepository(database.db, { now }).adapter('AuthorizationCode');
    await codes.upsert('code-1', { grantId: 'g1' }, 60);
    await codes.consume('code-1');
    const other = createProviderStateRepository(database.db, { now }).adapter('AuthorizationCode');
    expect(await other.find('code-1')).toEqual({ grantId: 'g1', consumed: clock / 1000 });
  });

  it('destroys one payload, and revokes every token of a grant and nothing else', async () => {
    const state = createProviderStateRepository(database.db, { now });
    await state.adapter('Session').upsert('s1', { uid: 'u1' }, 3600);
    await state.adapter('Session').destroy('s1');
    expect(await state.adapter('Session').find('s1')).toBeUndefined();

    await state.adapter('Grant').upsert('g1', { accountId: 'sub-1' }, 3600);
    await state.adapter('Interaction').upsert('i1', { grantId: 'g1' }, 3600);
    await state.adapter('AuthorizationCode').upsert('c1', { grantId: 'g1' }, 60);
    await state.adapter('AccessToken').upsert('a1', { grantId: 'g1' }, 3600);
    await state.adapter('AccessToken').upsert('a2', { grantId: 'g2' }, 3600);
    await state.adapter('AccessToken').revokeByGrantId('g1');
    expect(await rowIds()).toEqual(['AccessToken:a2', 'Grant:g1', 'Interaction:i1']);
  });

  it('deletes expired rows now and then, on a write', async () => {
    const state = createProviderStateRepository(database.db, { now, sweepEveryMs: 60_000 });
    const tokens = state.adapter('AccessToken');
    await tokens.upsert('short', {}, 10);
    await tokens.upsert('long', {}, 3600);
    clock += 30_000;
    await tokens.upsert('early', {}, 10);
    expect(await rowIds()).toEqual(['AccessToken:early', 'AccessToken:long', 'AccessToken:short']);
    clock += 30_000;
    await tokens.upsert('later', {}, 10);
    expect(await rowIds()).toEqual(['AccessToken:later', 'AccessToken:long']);
  });
});

describe("the local OpenID provider's signing key", () => {
  it('is made once, by whichever server asks first, and the same for every server', async () => {
    const servers = [1, 2, 3].map(() => createProviderStateRepository(database.db));
    const keys = await Promise.all(servers.map((server) => server.signingKey()));
    expect(new Set(keys.map((key) => JSON.stringify(key))).size).toBe(1);
    const [key] = keys;
    expect(key).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(key?.d).toEqual(expect.any(String));
    expect(await createProviderStateRepository(database.db).signingKey()).toEqual(key);
    const stored = await database.db.selectFrom('local_oidc_keys').selectAll().execute();
    expect(stored).toHaveLength(1);
  });
});
