import type { FastifyBaseLogger } from 'fastify';
import type { Order } from '#shared/orders.ts';
import type { AccountOverview, ProfileDocument } from '#shared/auth-schemas.ts';
import type { MailTemplate } from '#server/modules/mail/mail-service.ts';
import type { Db } from '#server/platform/database/transaction.ts';
import { isUniqueViolation } from '#server/platform/database/transaction.ts';
import { hashPassword, verifyPassword } from '#server/platform/passwords.ts';
import { accountRolesRepository } from './account-roles-repository.ts';
import { accountTokenRepository, type TokenPurpose } from './account-token-repository.ts';
import {
  RESET_LINK_MINUTES,
  VERIFY_LINK_HOURS,
  changeEmailMail,
  emailChangeNoticeMail,
  passwordChangedMail,
  passwordResetMail,
  tokenLink,
  verifyEmailMail,
} from './account-mails.ts';
import { internalAdapterOf, type LoadAuth } from './lazy-auth.ts';

/** What the account self-service needs of the other modules; accounts-module.ts composes them. */
export interface AccountSelfServiceOptions {
  auth: LoadAuth;
  db: Db;
  publicUrl: string;
  log: FastifyBaseLogger;
  /** Queues an email once per event key (the mail module's queue). */
  queueMail: (eventKey: string, recipient: string, content: MailTemplate) => Promise<unknown>;
  /** Forgets the copies of emails sent to an address (a deleted account's). */
  forgetMail: (recipient: string) => Promise<void>;
  profiles: {
    find(uid: string): Promise<ProfileDocument | undefined>;
    changeEmail(uid: string, email: string): Promise<unknown>;
    remove(uid: string): Promise<void>;
  };
  orders: {
    allForUser(userId: string): Promise<Order[]>;
    forgetCustomer(userId: string): Promise<number>;
  };
  carts: { remove(userId: string): Promise<void> };
  now?: () => number;
}

/** The answer to a request with a link: the account's new state, or why the link is refused. */
export type UseLinkResult =
  | { kind: 'done'; email: string; changed: boolean }
  | { kind: 'invalid' }
  | { kind: 'email_in_use' };

export type { AccountOverview } from '#shared/auth-schemas.ts';

const RESET_TTL_MS = RESET_LINK_MINUTES * 60_000;
const VERIFY_TTL_MS = VERIFY_LINK_HOURS * 60 * 60_000;

/**
 * What a shopper does with their own account beyond signing in (issue 15): recover it by email,
 * prove their address, change address and password, take a copy of their data, and leave.
 * better-auth keeps the accounts; this uses its internal adapter for the rows, so its hooks
 * (session ends announced to every server) still run. Links are this module's own one-use
 * tokens (account-token-repository.ts): better-auth's verification links are signed JWTs that
 * work again and again until they expire.
 */
export function createAccountSelfService(options: AccountSelfServiceOptions) {
  const { auth, db, publicUrl, log, queueMail } = options;
  const now = options.now ?? Date.now;
  const internal = () => internalAdapterOf(auth);
  const accountLink = new URL('/account', publicUrl).toString();

  const credentialHash = async (userId: string): Promise<string | null> => {
    const account = await (await internal()).findCredentialAccount(userId);
    return account?.password ?? null;
  };

  const issue = (purpose: TokenPurpose, userId: string, email: string, ttlMs: number) =>
    accountTokenRepository.issue(db, { purpose, userId, email, ttlMs, now: now() });

  /** The verification link for the account's current address. */
  const sendVerification = async (user: { id: string; email: string }) => {
    const { id, token } = await issue('verify-email', user.id, user.email, VERIFY_TTL_MS);
    await queueMail(
      `verify-email:${id}`,
      user.email,
      verifyEmailMail(tokenLink(publicUrl, '/verify-email', token)),
    );
  };

  /** Ends every session of the account except `keepSessionId`, announcing each to every server. */
  const endSessions = async (userId: string, keepSessionId?: string) => {
    const adapter = await internal();
    if (keepSessionId === undefined) {
      await adapter.deleteUserSessions(userId);
      return;
    }
    const sessions = await adapter.listSessions(userId);
    const others = sessions.filter((session) => session.id !== keepSessionId);
    if (others.length > 0) await adapter.deleteSessions(others.map((session) => session.token));
  };

  /** Sets a new password hash, making the password sign-in for an account that had none. */
  const setPassword = async (userId: string, password: string) => {
    const adapter = await internal();
    const hash = await hashPassword(password);
    if (await adapter.findCredentialAccount(userId)) {
      await adapter.updatePassword(userId, hash);
    } else {
      await adapter.createAccount({
        userId,
        providerId: 'credential',
        accountId: userId,
        password: hash,
      });
    }
  };

  return {
    sendVerification,

    /**
     * Sends a reset link when `email` has an account, and nothing otherwise. The caller answers
     * the same either way before this runs, so neither the answer nor its timing tells whether
     * the address has an account.
     */
    async requestPasswordReset(email: string): Promise<void> {
      const found = await (await internal()).findUserByEmail(email);
      if (!found) return;
      const { id, token } = await issue(
        'reset-password',
        found.user.id,
        found.user.email,
        RESET_TTL_MS,
      );
      await queueMail(
        `reset-password:${id}`,
        found.user.email,
        passwordResetMail(tokenLink(publicUrl, '/reset-password', token)),
      );
    },

    /**
     * Uses a reset link: the new password, every session of the account ended, its other links
     * void. Opening the link proves the address, so it counts as verified.
     */
    async resetPassword(token: string, newPassword: string): Promise<boolean> {
      const used = await accountTokenRepository.use(db, 'reset-password', token, now());
      if (!used) return false;
      const adapter = await internal();
      const user = await adapter.findUserById(used.userId);
      // A link sent to an address the account has since left opens nothing (issue 33): whoever
      // keeps the old mailbox keeps no way in.
      if (!user || user.email !== used.email) return false;
      await setPassword(user.id, newPassword);
      await accountTokenRepository.removeAll(db, user.id);
      if (!user.emailVerified) {
        await adapter.updateUser(user.id, { emailVerified: true });
      }
      await endSessions(user.id);
      log.info({ userId: user.id }, 'password reset by email link');
      return true;
    },

    /** The account as its page shows it. */
    async overview(userId: string): Promise<AccountOverview | null> {
      const user = await (await internal()).findUserById(userId);
      if (!user) return null;
      return {
        email: user.email,
        emailVerified: user.emailVerified,
        hasPassword: (await credentialHash(userId)) !== null,
        pendingEmail: await accountTokenRepository.pending(db, userId, 'change-email', now()),
      };
    },

    /** Uses a verification link: of the account's address, or of a new address it asked for. */
    async useEmailLink(token: string): Promise<UseLinkResult> {
      const verified = await accountTokenRepository.use(db, 'verify-email', token, now());
      const adapter = await internal();
      if (verified) {
        const user = await adapter.findUserById(verified.userId);
        // A link to an address the account no longer has proves nothing about the account.
        if (!user || user.email !== verified.email) return { kind: 'invalid' };
        await adapter.updateUser(user.id, { emailVerified: true });
        return { kind: 'done', email: user.email, changed: false };
      }
      const change = await accountTokenRepository.use(db, 'change-email', token, now());
      if (!change) return { kind: 'invalid' };
      const user = await adapter.findUserById(change.userId);
      if (!user) return { kind: 'invalid' };
      if (await adapter.findUserByEmail(change.email)) return { kind: 'email_in_use' };
      try {
        await adapter.updateUser(user.id, { email: change.email, emailVerified: true });
      } catch (error) {
        if (isUniqueViolation(error)) return { kind: 'email_in_use' };
        throw error;
      }
      await options.profiles.changeEmail(user.id, change.email);
      // Every other link, reset links sent to the old address among them, stops working, as a
      // change of password does.
      await accountTokenRepository.removeAll(db, user.id);
      log.info({ userId: user.id }, 'email address changed by link');
      return { kind: 'done', email: change.email, changed: true };
    },

    /** Whether `password` is the account's; true for an account without one (Google only). */
    async checkPassword(userId: string, password: string | undefined): Promise<boolean> {
      const hash = await credentialHash(userId);
      if (hash === null) return true;
      return password !== undefined && verifyPassword(hash, password);
    },

    /**
     * A change of address: a link to the new one (the address changes when it is opened) and a
     * notice to the old one. False when the new address is the account's own.
     */
    async requestEmailChange(user: { id: string; email: string }, newEmail: string) {
      const { id, token } = await issue('change-email', user.id, newEmail, VERIFY_TTL_MS);
      await queueMail(
        `change-email:${id}`,
        newEmail,
        changeEmailMail(tokenLink(publicUrl, '/verify-email', token)),
      );
      await queueMail(
        `change-email-notice:${id}`,
        user.email,
        emailChangeNoticeMail(newEmail, accountLink),
      );
    },

    /**
     * A new password for a signed-in shopper who knows the current one. The other sessions end
     * (this one stays), pending links stop working, and the address is told.
     */
    async changePassword(
      user: { id: string; email: string },
      sessionId: string,
      newPassword: string,
    ): Promise<void> {
      await setPassword(user.id, newPassword);
      await accountTokenRepository.removeAll(db, user.id);
      await endSessions(user.id, sessionId);
      await queueMail(
        `password-changed:${user.id}:${now()}`,
        user.email,
        passwordChangedMail(accountLink),
      );
    },

    /** A copy of what the shop keeps about the shopper: their account, profile and orders. */
    async exportData(userId: string) {
      const user = await (await internal()).findUserById(userId);
      if (!user) return null;
      const profile = await options.profiles.find(userId);
      return {
        exportedAt: new Date(now()).toISOString(),
        account: {
          email: user.email,
          emailVerified: user.emailVerified,
          name: user.name,
          createdAt: new Date(user.createdAt).toISOString(),
        },
        profile: profile ?? null,
        orders: await options.orders.allForUser(userId),
      };
    },

    /**
     * Deletes the account: its profile, cart, links, sessions and sign-ins, and the outbox's
     * copies of its emails. Its orders stay for the shop's records, without name or email. Each
     * step can run again, so a deletion cut short is finished by asking again; the account
     * itself goes last, so until then the shopper can still sign in and ask. The shop's only
     * owner cannot leave: 'last_owner', and nothing is deleted.
     */
    async deleteAccount(user: { id: string; email: string }): Promise<'deleted' | 'last_owner'> {
      // First, so the shop's only owner is refused before anything of theirs is gone (issue 33).
      if ((await accountRolesRepository.setRole(db, user.id, 'shopper', null)) === 'last_owner')
        return 'last_owner';
      await options.orders.forgetCustomer(user.id);
      await options.carts.remove(user.id);
      await options.profiles.remove(user.id);
      await accountTokenRepository.removeAll(db, user.id);
      await options.forgetMail(user.email);
      await (await internal()).deleteUser(user.id);
      log.info({ userId: user.id }, 'account deleted by its owner');
      return 'deleted';
    },
  };
}

export type AccountSelfService = ReturnType<typeof createAccountSelfService>;
