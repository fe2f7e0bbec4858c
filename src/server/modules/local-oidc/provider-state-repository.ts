import type { Kysely, Selectable } from 'kysely';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Database, LocalOidcPayloadsTable } from '#server/platform/database/schema.ts';
import { generateSigningJwk, type PrivateSigningJwk } from './signing-key.ts';

export interface ProviderStateOptions {
  /** The clock, in epoch milliseconds (tests move it). */
  now?: () => number;
  /** Expired rows are deleted by the first write after this long since the last sweep. */
  sweepEveryMs?: number;
}

export interface ProviderState {
  /** oidc-provider's `adapter` option: the storage of one model ('Session', 'Grant', ...). */
  adapter(model: string): Adapter;
  /** The provider's signing key: made by the first server that asks, then the same for all. */
  signingKey(): Promise<PrivateSigningJwk>;
}

/** Models that belong to a grant, and go when it is revoked (as oidc-provider's own adapter). */
const GRANTABLE = new Set([
  'AccessToken',
  'AuthorizationCode',
  'RefreshToken',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
  'PreAuthorizedCode',
]);

const SIGNING_KEY_ID = 'signing';
const HOUR_MS = 60 * 60_000;

/**
 * The local OpenID provider's state in the shop's database (tables `local_oidc_payloads` and
 * `local_oidc_keys`, ADR 032): any server behind one address can carry on a sign-in another
 * began, and a restart keeps sessions and the key. A row past its expiry is never returned, and
 * expired rows are deleted now and then by a write (no timer).
 */
export function createProviderStateRepository(
  db: Kysely<Database>,
  { now = Date.now, sweepEveryMs = HOUR_MS }: ProviderStateOptions = {},
): ProviderState {
  let sweptAt = -Infinity;

  function toPayload(
    row: Pick<Selectable<LocalOidcPayloadsTable>, 'payload' | 'consumed'> | undefined,
  ): AdapterPayload | undefined {
    if (!row) return undefined;
    const payload = JSON.parse(row.payload) as AdapterPayload;
    return row.consumed === null ? payload : { ...payload, consumed: row.consumed };
  }

  /** The payload of `model` whose `column` is `value`, unless it has expired. */
  async function findBy(
    model: string,
    column: 'id' | 'uid' | 'user_code',
    value: string,
  ): Promise<AdapterPayload | undefined> {
    const at = now();
    const row = await db
      .selectFrom('local_oidc_payloads')
      .select(['payload', 'consumed'])
      .where('model', '=', model)
      .where(column, '=', value)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', at)]))
      .executeTakeFirst();
    return toPayload(row);
  }

  async function sweep(at: number): Promise<void> {
    if (at - sweptAt < sweepEveryMs) return;
    sweptAt = at;
    await db.deleteFrom('local_oidc_payloads').where('expires_at', '<=', at).execute();
  }

  function adapter(model: string): Adapter {
    return {
      async upsert(id, payload, expiresIn) {
        const at = now();
        await sweep(at);
        const row = {
          payload: JSON.stringify(payload),
          grant_id: GRANTABLE.has(model) ? (payload.grantId ?? null) : null,
          uid: payload.uid ?? null,
          user_code: payload.userCode ?? null,
          expires_at: typeof expiresIn === 'number' ? at + expiresIn * 1000 : null,
          consumed: payload.consumed ?? null,
        };
        await db
          .insertInto('local_oidc_payloads')
          .values({ model, id, ...row })
          .onConflict((conflict) => conflict.columns(['model', 'id']).doUpdateSet(row))
          .execute();
      },
      find: (id) => findBy(model, 'id', id),
      findByUid: (uid) => findBy(model, 'uid', uid),
      findByUserCode: (userCode) => findBy(model, 'user_code', userCode),
      async consume(id) {
        await db
          .updateTable('local_oidc_payloads')
          .set({ consumed: Math.floor(now() / 1000) })
          .where('model', '=', model)
          .where('id', '=', id)
          .execute();
      },
      async destroy(id) {
        await db
          .deleteFrom('local_oidc_payloads')
          .where('model', '=', model)
          .where('id', '=', id)
          .execute();
      },
      async revokeByGrantId(grantId) {
        await db.deleteFrom('local_oidc_payloads').where('grant_id', '=', grantId).execute();
      },
    };
  }

  async function signingKey(): Promise<PrivateSigningJwk> {
    const read = () =>
      db
        .selectFrom('local_oidc_keys')
        .select('jwk')
        .where('id', '=', SIGNING_KEY_ID)
        .executeTakeFirst();
    let row = await read();
    if (!row) {
      // Servers starting together may each make one: the first insert wins, and all read it.
      const jwk = JSON.stringify(await generateSigningJwk());
      await db
        .insertInto('local_oidc_keys')
        .values({ id: SIGNING_KEY_ID, jwk, created_at: new Date(now()).toISOString() })
        .onConflict((conflict) => conflict.column('id').doNothing())
        .execute();
      row = await read();
      if (!row) throw new Error('The local OpenID signing key was not stored');
    }
    return JSON.parse(row.jwk) as PrivateSigningJwk;
  }

  return { adapter, signingKey };
}
