import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import { randomId } from '#server/platform/ids.ts';
import type { Db } from '#server/platform/database/transaction.ts';
import { DEFAULT_SHOP_SETTINGS, type ShopSettings } from '#shared/shop-settings.ts';
import { composeMail, type MailContent, type MailTemplate } from './mail-message.ts';
import { mailRepository, type MailRow } from './mail-repository.ts';

export interface MailServiceOptions {
  db: Db;
  /** Sends over SMTP; null keeps every email in the shop's outbox (no SMTP_URL). */
  transport: Transporter | null;
  /**
   * The sender, e.g. `CRWN Clothing <shop@example.com>`. With `shop`, its address is used with
   * the shop's name as it is when each email leaves.
   */
  from: string;
  /**
   * The shop's settings as they are now (the settings module's): each email carries the shop's
   * name, address and contact email, and replies go to that email. Default: the defaults.
   */
  shop?: () => Promise<Readonly<ShopSettings>>;
  log: FastifyBaseLogger;
  /** In development without SMTP: where each kept email is printed, links included. */
  print?: (text: string) => void;
  /** Epoch milliseconds (tests move time on to reach a retry). */
  now?: () => number;
  /** How often each server looks for due emails queued by any server. */
  pollMs?: number;
  /** Tries before an email is given up as failed. */
  maxAttempts?: number;
  /**
   * False in a process that only queues (a command such as `npm run orders:ship`): the shop's
   * servers, with their own mail settings, send what it queues. Default true.
   */
  sends?: boolean;
}

/** Longer than any SMTP exchange may take (the transport's own timeouts are shorter). */
export const LEASE_MS = 5 * 60_000;
const BATCH = 20;

/** Wait before the next try after `attempts` failed ones: 30 s, 1, 2, 4 ... minutes, at most 1 h. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 60 * 60_000);
}

/** The address of a sender written `Name <address>` or as a bare address. */
export function senderAddress(from: string): string {
  const match = /<([^<>]+)>\s*$/.exec(from);
  return (match?.[1] ?? from).trim();
}

/** SMTP replies may quote the recipient: the logs never carry an email address. */
export const withoutAddresses = (text: string) =>
  text.replace(/[^\s<>"'()]+@[^\s<>"'()]+/g, '[address]');

/**
 * Email that leaves outside the request which caused it (ADR 038): `queue` writes a row and
 * returns; a worker on every server claims due rows with a lease and sends them over SMTP (or,
 * without SMTP, keeps them in the outbox), retrying with backoff. One event key queues one email.
 */
export function createMailService(options: MailServiceOptions) {
  const { db, transport, from, log } = options;
  const now = options.now ?? Date.now;
  const maxAttempts = options.maxAttempts ?? 8;
  const owner = randomId('worker', 16);
  let running: Promise<number> | undefined;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  const deliver = async (row: MailRow) => {
    if (transport === null) {
      await mailRepository.finish(db, row.id, owner, 'kept', now());
      options.print?.(
        `\n--- Email (kept in the outbox) ---\nSubject: ${row.subject}\n\n${row.text}\n---\n`,
      );
      return;
    }
    try {
      const shop = await options.shop?.();
      await transport.sendMail({
        from: shop ? { name: shop.name, address: senderAddress(from) } : from,
        ...(shop ? { replyTo: shop.email } : {}),
        to: row.recipient,
        subject: row.subject,
        html: row.html,
        text: row.text,
        // The same Message-ID on every try: a receiver that got a try we could not confirm
        // (the connection dropped after the data) can tell the next one is not new.
        messageId: `<${createHash('sha256').update(row.event_key).digest('hex').slice(0, 32)}@crwn-clothing.mail>`,
      });
    } catch (error) {
      const message = withoutAddresses(error instanceof Error ? error.message : String(error));
      const retryAt = row.attempts >= maxAttempts ? null : now() + retryDelayMs(row.attempts);
      await mailRepository.release(db, row.id, owner, { retryAt, error: message, now: now() });
      log.warn(
        { mailId: row.id, attempts: row.attempts, err: message },
        retryAt === null ? 'email given up' : 'email not sent, will retry',
      );
      return;
    }
    await mailRepository.finish(db, row.id, owner, 'sent', now());
    log.info({ mailId: row.id }, 'email sent');
  };

  const runOnce = async (): Promise<number> => {
    let handled = 0;
    for (;;) {
      const at = now();
      const claimed = await mailRepository.claim(db, {
        owner,
        now: at,
        leaseUntil: at + LEASE_MS,
        limit: BATCH,
      });
      for (const row of claimed) await deliver(row);
      handled += claimed.length;
      if (claimed.length < BATCH) return handled;
    }
  };

  /** Runs the worker now, or once more right after the run in progress. */
  const kick = (): Promise<number> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let handled = 0;
      try {
        do {
          again = false;
          handled += await runOnce();
        } while (again && !stopped);
      } catch (error) {
        log.error({ err: error }, 'mail worker failed; it tries again at the next poll');
      } finally {
        running = undefined;
      }
      return handled;
    })();
    return running;
  };

  return {
    /**
     * Queues an email for `eventKey` (once: a second call with the key changes nothing) and
     * returns without waiting for it to leave. True when an email for the event is queued.
     */
    async queue(
      eventKey: string,
      recipient: string,
      content: MailContent | MailTemplate,
    ): Promise<boolean> {
      const shop = await options.shop?.();
      const composed =
        typeof content === 'function'
          ? composeMail(content(shop ?? DEFAULT_SHOP_SETTINGS), shop)
          : composeMail(content, shop);
      await mailRepository.enqueue(db, {
        id: randomId('mail', 24),
        eventKey,
        recipient,
        ...composed,
        now: now(),
      });
      if (!stopped && options.sends !== false) void kick();
      return true;
    },

    /** Sends (or keeps) every due email now; resolves with how many were handled. */
    runOnce: kick,

    /** Polls for due emails every `pollMs` until `stop`. */
    start() {
      const poll = () => {
        timer = setTimeout(() => {
          void kick().finally(() => {
            if (!stopped) poll();
          });
        }, options.pollMs ?? 5_000);
        timer.unref();
      };
      poll();
    },

    /** Stops polling and waits for the run in progress. */
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },

    /** Whether an email for `eventKey` is queued, sent or kept (not given up). */
    async isQueued(eventKey: string): Promise<boolean> {
      const row = await mailRepository.find(db, eventKey);
      return row !== undefined && row.status !== 'failed';
    },

    /**
     * Forgets the emails kept or sent to `recipient` (the outbox's copies), for an account being
     * deleted; one still queued leaves as it was asked for.
     */
    forgetRecipient: (recipient: string) => mailRepository.forgetRecipient(db, recipient),

    /** The newest emails, for the outbox page. */
    latest: (limit = 50) => mailRepository.latest(db, limit),
  };
}

export type MailService = ReturnType<typeof createMailService>;
export type { MailContent, MailTemplate };

/** A random, unguessable part for event keys of one-off emails. */
export const eventNonce = () => randomBytes(12).toString('base64url');
