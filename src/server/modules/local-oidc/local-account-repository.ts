import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Database, LocalOidcAccountsTable } from '#server/platform/database/schema.ts';
import { hashPassword, verifyPassword } from '#server/platform/passwords.ts';

/** An account of the local OpenID provider, as the rest of the code sees it (no hash). */
export interface LocalAccount {
  /** Stable subject identifier, sent to the shop as `sub`. */
  sub: string;
  email: string;
  name: string;
  /** ISO 8601. */
  createdAt: string;
}

export interface NewLocalAccount {
  email: string;
  name: string;
  password: string;
}

export interface LocalAccountRepository {
  findBySub(sub: string): Promise<LocalAccount | null>;
  /** Looks the email up after normalising it (trim, lower case). */
  findByEmail(email: string): Promise<LocalAccount | null>;
  /** Throws an error that `isEmailTakenError` recognises when the email is already used. */
  create(account: NewLocalAccount): Promise<LocalAccount>;
  /** The account when the password matches, else null (also for an unknown email). */
  verifyCredentials(email: string, password: string): Promise<LocalAccount | null>;
}

export const MIN_PASSWORD_LENGTH = 12;
/** Caps the work one request can ask argon2 to do. */
export const MAX_PASSWORD_LENGTH = 1024;
export const MAX_NAME_LENGTH = 100;
/** RFC 5321's limit for a forward path. */
export const MAX_EMAIL_LENGTH = 254;

const EMAIL_TAKEN = 'LOCAL_ACCOUNT_EMAIL_TAKEN';

/** Emails are compared trimmed and in lower case, so "Ann@X.com " and "ann@x.com" are one. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** A light check (something@something.tld, no spaces): this provider never sends mail. */
export function isPlausibleEmail(email: string): boolean {
  return email.length <= MAX_EMAIL_LENGTH && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email);
}

/** True for the error `create` throws when another account already has the email. */
export function isEmailTakenError(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === EMAIL_TAKEN;
}

/** Unique-constraint failures of SQLite (better-sqlite3) and PostgreSQL. */
function isUniqueViolation(error: unknown): boolean {
  if (!(error instanceof Error) || !('code' in error)) return false;
  return error.code === 'SQLITE_CONSTRAINT_UNIQUE' || error.code === '23505';
}

function toAccount(
  row: Pick<Selectable<LocalOidcAccountsTable>, 'sub' | 'email' | 'name' | 'created_at'>,
): LocalAccount {
  return { sub: row.sub, email: row.email, name: row.name, createdAt: row.created_at };
}

/**
 * The local provider's accounts in the shop's database (table `local_oidc_accounts`).
 * Passwords are stored as argon2id hashes only.
 */
export function createLocalAccountRepository(db: Kysely<Database>): LocalAccountRepository {
  const publicColumns = ['sub', 'email', 'name', 'created_at'] as const;

  async function findBySub(sub: string): Promise<LocalAccount | null> {
    const row = await db
      .selectFrom('local_oidc_accounts')
      .select(publicColumns)
      .where('sub', '=', sub)
      .executeTakeFirst();
    return row ? toAccount(row) : null;
  }

  async function findByEmail(email: string): Promise<LocalAccount | null> {
    const row = await db
      .selectFrom('local_oidc_accounts')
      .select(publicColumns)
      .where('email', '=', normaliseEmail(email))
      .executeTakeFirst();
    return row ? toAccount(row) : null;
  }

  async function create({ email, name, password }: NewLocalAccount): Promise<LocalAccount> {
    const cleanEmail = normaliseEmail(email);
    const cleanName = name.trim();
    if (!isPlausibleEmail(cleanEmail)) throw new RangeError('Invalid email address');
    if (!cleanName || cleanName.length > MAX_NAME_LENGTH) throw new RangeError('Invalid name');
    if (password.length < MIN_PASSWORD_LENGTH || password.length > MAX_PASSWORD_LENGTH) {
      throw new RangeError(
        `Password must have ${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters`,
      );
    }

    const row = {
      sub: randomUUID(),
      email: cleanEmail,
      name: cleanName,
      password_hash: await hashPassword(password),
      created_at: new Date().toISOString(),
    };
    try {
      await db.insertInto('local_oidc_accounts').values(row).execute();
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw Object.assign(
          new Error('An account with this email already exists', { cause: error }),
          {
            code: EMAIL_TAKEN,
          },
        );
      }
      throw error;
    }
    return toAccount(row);
  }

  async function verifyCredentials(email: string, password: string): Promise<LocalAccount | null> {
    if (password.length > MAX_PASSWORD_LENGTH) return null;
    const row = await db
      .selectFrom('local_oidc_accounts')
      .select([...publicColumns, 'password_hash'])
      .where('email', '=', normaliseEmail(email))
      .executeTakeFirst();
    if (!row) return null;
    return (await verifyPassword(row.password_hash, password)) ? toAccount(row) : null;
  }

  return { findBySub, findByEmail, create, verifyCredentials };
}
