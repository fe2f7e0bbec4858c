import type { ColumnType, Generated } from 'kysely';

/**
 * The shop's own tables. better-auth's tables (user, session, account, verification) share the
 * database and are migrated by better-auth itself; they are not typed here.
 */
export interface ProfilesTable {
  /** The auth user id: the document's path is users/{uid}. */
  uid: string;
  display_name: string;
  email: string;
  /** ISO 8601; set once when the document is created. */
  created_at: ColumnType<string, string, never>;
  updated_at: string;
  /** JSON object of extra fields given at sign-up. */
  extra: string;
  /** Raised on every change, so watchers can order updates. */
  version: Generated<number>;
}

export interface LocalOidcAccountsTable {
  sub: string;
  email: string;
  name: string;
  password_hash: string;
  created_at: ColumnType<string, string, never>;
}

export interface Database {
  profiles: ProfilesTable;
  local_oidc_accounts: LocalOidcAccountsTable;
}
