import { createTransport } from 'nodemailer';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SHOP_SETTINGS } from '#shared/shop-settings.ts';
import { openPostgresDatabase, type ShopDatabase } from '#server/platform/database/database.ts';
import { migrateToLatest } from '#server/platform/database/migrate.ts';
import {
  openMigratedTestDatabase,
  createPostgresTestDatabase,
  TEST_DATABASE,
} from '#server/test/test-database.ts';
import { startSmtpServer, type TestSmtpServer } from '#server/test/smtp-server.ts';
import { createMailService, retryDelayMs } from './mail-service.ts';
import { mailRepository } from './mail-repository.ts';

const silent = pino({ level: 'silent' });
const content = {
  subject: 'Your order ord_1',
  paragraphs: ['Thank you for your order.'],
  rows: [{ label: 'Brown Brim x 1', value: '$25.00' }],
  action: {
    label: 'See your order',
    url: 'http://localhost:3000/checkout/confirmation?order=ord_1',
  },
};

let database: ShopDatabase;
let smtp: TestSmtpServer;
beforeEach(async () => {
  database = await openMigratedTestDatabase();
  smtp = await startSmtpServer();
});
afterEach(async () => {
  await smtp.close();
  await database.close();
});

function service(options: { now?: () => number; url?: string } = {}, db = database.db) {
  return createMailService({
    db,
    transport: createTransport({ url: options.url ?? smtp.url }),
    from: 'CRWN Clothing <shop@crwn.test>',
    log: silent,
    now: options.now,
  });
}

describe('the mail queue over SMTP', () => {
  it('sends an email with an HTML and a plain-text part, the shop name and address, and no tracking', async () => {
    const mail = service();
    await mail.queue('order-confirmation:ord_1', 'ada@example.com', content);
    const [received] = await smtp.until(1);
    await mail.stop();

    expect(received?.subject).toBe('Your order ord_1');
    expect(received?.to).toMatchObject({ text: 'ada@example.com' });
    expect(received?.from).toMatchObject({ text: '"CRWN Clothing" <shop@crwn.test>' });
    for (const part of [received?.text ?? '', received?.html || '']) {
      expect(part).toContain('Thank you for your order.');
      expect(part).toContain('http://localhost:3000/checkout/confirmation?order=ord_1');
      for (const line of [DEFAULT_SHOP_SETTINGS.name, ...DEFAULT_SHOP_SETTINGS.address])
        expect(part).toContain(line);
    }
    const html = received?.html || '';
    // Nothing that loads when the email is opened: no images, frames, scripts or remote styles.
    expect(html).not.toMatch(/<img|<iframe|<script|<link|url\(/i);
    // Every link is the shop's own, as written, never through a redirector.
    expect([...html.matchAll(/href="([^"]+)"/g)].map((match) => match[1])).toEqual([
      'http://localhost:3000/checkout/confirmation?order=ord_1',
    ]);
    expect(await mailRepository.find(database.db, 'order-confirmation:ord_1')).toMatchObject({
      status: 'sent',
      attempts: 1,
    });
  });

  it('sends as the shop’s name from its settings, replies to its contact email (ADR 048)', async () => {
    const shop = {
      ...DEFAULT_SHOP_SETTINGS,
      name: 'Hat "Hut" <b>',
      email: 'hello@hathut.example',
      address: ['1 High Street', 'Bath'],
    };
    const mail = createMailService({
      db: database.db,
      transport: createTransport({ url: smtp.url }),
      from: 'CRWN Clothing <shop@crwn.test>',
      log: silent,
      shop: () => Promise.resolve(shop),
    });
    await mail.queue('password-reset:u1:x', 'ada@example.com', (settings) => ({
      subject: `Choose a new password for ${settings.name}`,
      paragraphs: ['Hello.'],
    }));
    const [received] = await smtp.until(1);
    await mail.stop();
    expect(received?.subject).toBe('Choose a new password for Hat "Hut" <b>');
    expect(received?.from).toMatchObject({
      value: [{ name: 'Hat "Hut" <b>', address: 'shop@crwn.test' }],
    });
    expect(received?.replyTo).toMatchObject({ value: [{ address: 'hello@hathut.example' }] });
    expect(received?.text).toContain('Hat "Hut" <b>\n1 High Street\nBath\nhello@hathut.example');
    expect(received?.html).toContain('Hat &quot;Hut&quot; &lt;b&gt;');
    expect(received?.html).not.toContain('<b>');
  });

  it('queues one email per event, however often the event is reported', async () => {
    const mail = service();
    await Promise.all(
      Array.from({ length: 5 }, () =>
        mail.queue('password-reset:u1:abc', 'ada@example.com', content),
      ),
    );
    await mail.runOnce();
    await mail.stop();
    expect(smtp.received).toHaveLength(1);
  });

  it('returns from queueing while the mail server hangs, and sends once it answers', async () => {
    smtp.behave('hang');
    const mail = service();
    // Resolves with the SMTP server still holding the message: queueing never waits for it.
    await mail.queue('order-confirmation:ord_2', 'ada@example.com', content);
    expect(smtp.received).toHaveLength(0);
    smtp.behave('accept');
    await smtp.until(1);
    await mail.stop();
  });

  it('retries with backoff after the mail server fails, without sending twice', async () => {
    let clock = Date.parse('2026-11-23T12:00:00Z');
    smtp.behave('fail');
    const mail = service({ now: () => clock });
    await mail.queue('order-confirmation:ord_3', 'ada@example.com', content);
    await mail.runOnce();
    expect(await mailRepository.find(database.db, 'order-confirmation:ord_3')).toMatchObject({
      status: 'queued',
      attempts: 1,
      next_attempt_at: clock + retryDelayMs(1),
    });
    smtp.behave('accept');
    // Not due yet: nothing is tried before the backoff runs out.
    clock += retryDelayMs(1) - 1;
    expect(await mail.runOnce()).toBe(0);
    clock += 1;
    expect(await mail.runOnce()).toBe(1);
    expect(await mail.runOnce()).toBe(0);
    await mail.stop();
    expect(smtp.received).toHaveLength(1);
    expect(smtp.attempts()).toBe(2);
    expect(await mailRepository.find(database.db, 'order-confirmation:ord_3')).toMatchObject({
      status: 'sent',
      attempts: 2,
    });
  });

  it('backs off longer after each failure, up to an hour', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(20)).toBe(3_600_000);
  });

  it('keeps every email in the outbox without an SMTP server', async () => {
    const printed: string[] = [];
    const mail = createMailService({
      db: database.db,
      transport: null,
      from: 'CRWN Clothing <shop@crwn.test>',
      log: silent,
      print: (text) => printed.push(text),
    });
    await mail.queue('order-confirmation:ord_4', 'ada@example.com', content);
    await mail.runOnce();
    await mail.stop();
    expect(await mailRepository.find(database.db, 'order-confirmation:ord_4')).toMatchObject({
      status: 'kept',
    });
    expect(printed.join('')).toContain(content.action.url);
  });
});

describe.runIf(TEST_DATABASE === 'postgres')('two servers on one PostgreSQL', () => {
  it('send each email once', async () => {
    const created = await createPostgresTestDatabase();
    const [first, second] = await Promise.all([
      openPostgresDatabase(created.url, { maxConnections: 4 }),
      openPostgresDatabase(created.url, { maxConnections: 4 }),
    ]);
    try {
      await migrateToLatest(first.db);
      const one = service({}, first.db);
      const two = service({}, second.db);
      const emails = 30;
      for (let index = 0; index < emails; index += 1) {
        // Each event reported to both servers, as twins of one request would.
        await Promise.all([
          one.queue(`event:${index}`, `shopper${index}@example.com`, content),
          two.queue(`event:${index}`, `shopper${index}@example.com`, content),
        ]);
      }
      await Promise.all([one.runOnce(), two.runOnce(), one.runOnce(), two.runOnce()]);
      await smtp.until(emails);
      await Promise.all([one.stop(), two.stop()]);
      const recipients = smtp.received.map((mail) => (mail.to as { text: string }).text).sort();
      expect(recipients).toHaveLength(emails);
      expect(new Set(recipients).size).toBe(emails);
    } finally {
      await Promise.all([first.close(), second.close()]);
      await created.drop();
    }
  }, 60_000);
});
