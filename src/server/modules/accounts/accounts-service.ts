import type { IncomingHttpHeaders } from 'node:http';
import { webHeaders } from '#server/platform/http/web-request.ts';
import { sql } from 'kysely';
import type { Db } from '#server/platform/database/transaction.ts';
import {
  accountRolesRepository,
  type GrantedRole,
  type Role,
  type RoleHolder,
} from './account-roles-repository.ts';
import { mayHaveSession } from './auth-settings.ts';
import { internalAdapterOf, type LoadAuth } from './lazy-auth.ts';

export type { GrantedRole, Role };
import type { SessionEnded, SessionEvents } from './session-events.ts';

export type { SessionEnded };

/** The signed-in shopper as other modules see them. */
export interface SignedInUser {
  id: string;
  email: string;
  name: string;
}

/** A live session: its id, to match against `onSessionEnded`, and its user. */
export interface SignedInSession {
  id: string;
  user: SignedInUser;
}

/**
 * What other modules may ask of accounts: who is signed in, and when a session ends. They never
 * see better-auth, so the identity service can change behind this file.
 */
export interface AccountsService {
  /** The user of the request's session cookie, or null when signed out or expired. */
  currentUser(headers: IncomingHttpHeaders): Promise<SignedInUser | null>;
  /** The request's session and its user, or null when signed out or expired. */
  currentSession(headers: IncomingHttpHeaders): Promise<SignedInSession | null>;
  /**
   * Calls `listener` at once whenever a session is deleted by any server of the shop (sign-out,
   * revocation, a password change that ends other sessions); returns the unsubscribe. Sessions
   * that merely expire, or are deleted behind better-auth's back, are not announced: anything
   * kept alive per session must also check `currentSession` itself.
   */
  onSessionEnded(listener: (ended: SessionEnded) => void): () => void;
}

/** Back-office roles on the shop's accounts (issue 14, ADR 042). */
export interface AccountRolesService {
  /** The account's back-office role: 'shopper' unless staff or owner was granted (issue 14). */
  roleOf(userId: string): Promise<Role>;
  /** The account of an address, if there is one. */
  findByEmail(email: string): Promise<SignedInUser | null>;
  /** Sets the account's role unless it is the last owner's to lose; returns the role it had. */
  grantRole(
    userId: string,
    role: GrantedRole,
    grantedBy: string | null,
  ): Promise<Role | 'last_owner'>;
  /** Makes the account a shopper again unless it is the last owner; returns the role it had. */
  revokeRole(userId: string): Promise<Role | 'last_owner'>;
  /** Every staff member and owner, with their address. */
  roleHolders(): Promise<(RoleHolder & { email: string; name: string })[]>;
  /** Accounts newest first, `q` narrowing by part of the address or name (the customer list). */
  listAccounts(query: { q?: string; limit: number; offset: number }): Promise<{
    accounts: AccountSummary[];
    total: number;
  }>;
  /** One account for the back office. */
  findAccount(userId: string): Promise<AccountSummary | null>;
}

/** An account as the back office lists it. */
export interface AccountSummary {
  id: string;
  email: string;
  name: string;
  createdAt: string;
  emailVerified: boolean;
}

const summaryOf = (user: {
  id: string;
  email: string;
  name: string;
  createdAt: Date | string;
  emailVerified: boolean;
}): AccountSummary => ({
  id: user.id,
  email: user.email,
  name: user.name,
  createdAt: new Date(user.createdAt).toISOString(),
  emailVerified: user.emailVerified,
});

export function createAccountsService(
  auth: LoadAuth,
  sessionEvents: SessionEvents,
): AccountsService {
  const currentSession = async (headers: IncomingHttpHeaders) => {
    // Without a session cookie nobody is signed in: better-auth is not asked, nor loaded.
    if (!mayHaveSession(headers.cookie)) return null;
    const found = await (await auth()).api.getSession({ headers: webHeaders(headers) });
    if (!found) return null;
    const { id, email, name } = found.user;
    return { id: found.session.id, user: { id, email, name } };
  };
  return {
    currentSession,
    async currentUser(headers) {
      return (await currentSession(headers))?.user ?? null;
    },
    onSessionEnded: (listener) => sessionEvents.subscribe(listener),
  };
}

export function createAccountRolesService(auth: LoadAuth, db: Db): AccountRolesService {
  const internal = () => internalAdapterOf(auth);
  return {
    roleOf: (userId) => accountRolesRepository.roleOf(db, userId),
    async findByEmail(email) {
      const found = await (await internal()).findUserByEmail(email);
      if (!found) return null;
      const { id, name } = found.user;
      return { id, email: found.user.email, name };
    },
    grantRole: (userId, role, grantedBy) =>
      accountRolesRepository.setRole(db, userId, role, grantedBy),
    revokeRole: (userId) => accountRolesRepository.setRole(db, userId, 'shopper', null),
    async roleHolders() {
      const adapter = await internal();
      const holders = await accountRolesRepository.holders(db);
      const users = await Promise.all(holders.map((holder) => adapter.findUserById(holder.userId)));
      return holders.map((holder, index) => ({
        ...holder,
        email: users[index]?.email ?? '',
        name: users[index]?.name ?? '',
      }));
    },
    async listAccounts({ q, limit, offset }) {
      const adapter = await internal();
      const where = q
        ? [
            {
              field: 'email',
              operator: 'contains' as const,
              value: q.toLowerCase(),
              connector: 'OR' as const,
            },
            { field: 'name', operator: 'contains' as const, value: q, connector: 'OR' as const },
          ]
        : undefined;
      const [users, total] = await Promise.all([
        adapter.listUsers(limit, offset, { field: 'createdAt', direction: 'desc' }, where),
        adapter.countTotalUsers(where),
      ]);
      return { accounts: users.map(summaryOf), total };
    },
    async findAccount(userId) {
      const user = await (await internal()).findUserById(userId);
      return user ? summaryOf(user) : null;
    },
  };
}

/**
 * Makes the account of `email` an owner, for the first owner's command (scripts/accounts): never
 * default credentials, never the first account to sign up (issue 14). The account must exist:
 * the person signs up in the shop first.
 */
export async function makeOwner(db: Db, email: string): Promise<'made' | 'already' | 'no_account'> {
  let found: { id: string } | undefined;
  try {
    const result = await sql<{
      id: string;
    }>`select id from "user" where email = ${email.trim().toLowerCase()}`.execute(db);
    found = result.rows[0];
  } catch {
    // No accounts table yet: the shop has never started, so nobody has signed up.
    return 'no_account';
  }
  if (!found) return 'no_account';
  const before = await accountRolesRepository.setRole(db, found.id, 'owner', null);
  return before === 'owner' ? 'already' : 'made';
}
