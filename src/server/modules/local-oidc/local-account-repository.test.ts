import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShopDatabase } from '#server/platform/database/database.ts';
import { openMigratedTestDatabase } from '#server/test/test-database.ts';
import {
  createLocalAccountRepository,
  isEmailTakenError,
  type LocalAccountRepository,
} from './local-account-repository.ts';

let database: ShopDatabase;
let accounts: LocalAccountRepository;

beforeAll(async () => {
  database = await openMigratedTestDatabase();
  accounts = createLocalAccountRepository(database.db);
});

afterAll(async () => {
  await database.close();
});

describe('local account repository', () => {
  it('creates an account with a normalised email and finds it by sub and email', async () => {
    const created = await accounts.create({
      email: '  Dana@Example.COM ',
      name: ' Dana ',
      password: 'a password long enough',
    });
    expect(created).toMatchObject({ email: 'dana@example.com', name: 'Dana' });
    expect(created.sub).toMatch(/^[0-9a-f-]{36}$/);
    expect(await accounts.findBySub(created.sub)).toEqual(created);
    expect(await accounts.findByEmail('DANA@example.com')).toEqual(created);
    expect(await accounts.findByEmail('nobody@example.com')).toBeNull();
  });

  it('stores only a hash of the password', async () => {
    const row = await database.db
      .selectFrom('local_oidc_accounts')
      .select('password_hash')
      .where('email', '=', 'dana@example.com')
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.password_hash).not.toContain('a password long enough');
  });

  it('verifies credentials', async () => {
    expect(
      await accounts.verifyCredentials(' dana@EXAMPLE.com', 'a password long enough'),
    ).toMatchObject({
      email: 'dana@example.com',
    });
    expect(
      await accounts.verifyCredentials('dana@example.com', 'a wrong password here'),
    ).toBeNull();
    expect(
      await accounts.verifyCredentials('nobody@example.com', 'a password long enough'),
    ).toBeNull();
  });

  it('refuses a second account with the same email', async () => {
    const error: unknown = await accounts
      .create({ email: 'DANA@example.com', name: 'Other', password: 'another long password' })
      .catch((caught: unknown) => caught);
    expect(isEmailTakenError(error)).toBe(true);
  });

  it('refuses short passwords, empty names and implausible emails', async () => {
    await expect(
      accounts.create({ email: 'e@example.com', name: 'E', password: 'short' }),
    ).rejects.toThrow(RangeError);
    await expect(
      accounts.create({ email: 'e@example.com', name: '  ', password: 'a password long enough' }),
    ).rejects.toThrow(RangeError);
    await expect(
      accounts.create({ email: 'not-an-email', name: 'E', password: 'a password long enough' }),
    ).rejects.toThrow(RangeError);
  });
});
