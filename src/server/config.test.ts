import { describe, expect, it } from 'vitest';
import { loadConfig, paymentOrigin } from './config.ts';

describe('configuration', () => {
  it('defaults to port 3000', () => {
    expect(loadConfig({}).PORT).toBe(3000);
  });

  it('takes PORT from the environment', () => {
    expect(loadConfig({ PORT: '8080' }).PORT).toBe(8080);
  });

  it('names every bad variable in one error', () => {
    expect(() => loadConfig({ PORT: 'eighty', LOG_LEVEL: 'loud' })).toThrow(/PORT[\s\S]*LOG_LEVEL/);
  });

  describe('PAYMENT_URL, the card form on an origin of its own', () => {
    it('defaults to pay.localhost on the shop port when the shop is on localhost or loopback', () => {
      expect(loadConfig({ PORT: '8080' }).PAYMENT_URL).toBe('http://pay.localhost:8080');
      expect(loadConfig({ PUBLIC_URL: 'http://127.0.0.1:4000' }).PAYMENT_URL).toBe(
        'http://pay.localhost:4000',
      );
      expect(paymentOrigin(loadConfig({}))).toBe('http://pay.localhost:3000');
    });

    it('is required, and must be another host, for a shop anywhere else', () => {
      expect(() => loadConfig({ PUBLIC_URL: 'https://shop.example.com' })).toThrow(
        /PAYMENT_URL: required when PUBLIC_URL is not a localhost address/,
      );
      const config = loadConfig({
        PUBLIC_URL: 'https://shop.example.com',
        PAYMENT_URL: 'https://pay.example.com/',
      });
      expect(config.PAYMENT_URL).toBe('https://pay.example.com');
      expect(paymentOrigin(config)).toBe('https://pay.example.com');
      for (const [PAYMENT_URL, problem] of [
        ['https://shop.example.com', /on a host other than the shop's/],
        ['http://localhost:3000', /on a host other than the shop's/],
        ['https://pay.example.com/pay', /origin only/],
        ['http://pay.example.com', /must be https/],
        ['ftp://pay.example.com', /PAYMENT_URL/],
      ] as const) {
        const publicUrl = PAYMENT_URL.includes('localhost')
          ? 'http://localhost:3000'
          : 'https://shop.example.com';
        expect(() => loadConfig({ PUBLIC_URL: publicUrl, PAYMENT_URL }), PAYMENT_URL).toThrow(
          problem,
        );
      }
    });
  });
});

describe('switches for the development loop', () => {
  it('serves the built site unless SERVE_SITE is false', () => {
    expect(loadConfig({}).SERVE_SITE).toBe(true);
    expect(loadConfig({ SERVE_SITE: 'false' }).SERVE_SITE).toBe(false);
    expect(() => loadConfig({ SERVE_SITE: 'maybe' })).toThrow(/SERVE_SITE/);
  });

  it('leaves the log format to the terminal unless LOG_FORMAT says', () => {
    expect(loadConfig({}).LOG_FORMAT).toBeUndefined();
    expect(loadConfig({ LOG_FORMAT: 'json' }).LOG_FORMAT).toBe('json');
    expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT/);
  });
});

describe('DATABASE_URL, a PostgreSQL shared by several servers', () => {
  const secret = 's'.repeat(32);

  it('is off by default: the embedded SQLite file in DATA_DIR', () => {
    const config = loadConfig({ DATA_DIR: '/srv/crwn' });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.DATABASE_FILE).toBe('/srv/crwn/shop.sqlite');
  });

  it('takes a postgres:// or postgresql:// URL and nothing else', () => {
    for (const url of ['postgres://shop@db/crwn', 'postgresql://shop:pw@10.0.0.5:5432/crwn']) {
      expect(loadConfig({ DATABASE_URL: url, AUTH_SECRET: secret }).DATABASE_URL).toBe(url);
    }
    expect(() => loadConfig({ DATABASE_URL: 'mysql://db/crwn', AUTH_SECRET: secret })).toThrow(
      /DATABASE_URL: must be a postgres:\/\/ or postgresql:\/\/ URL/,
    );
    expect(loadConfig({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
  });

  it('needs AUTH_SECRET, and says so, since every server must sign sessions with one secret', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://shop@db/crwn' })).toThrow(
      /AUTH_SECRET: required with DATABASE_URL/,
    );
  });

  it('keeps a pool of 10 connections per server unless DATABASE_POOL_SIZE says', () => {
    expect(loadConfig({}).DATABASE_POOL_SIZE).toBe(10);
    expect(loadConfig({ DATABASE_POOL_SIZE: '40' }).DATABASE_POOL_SIZE).toBe(40);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '1' })).toThrow(/DATABASE_POOL_SIZE/);
  });

  it('takes an SMTP server only with a sender, and only an smtp:// or smtps:// URL', () => {
    expect(loadConfig({}).SMTP_URL).toBeUndefined();
    expect(() => loadConfig({ SMTP_URL: 'smtp://localhost:2525' })).toThrow(/MAIL_FROM: required/);
    expect(() => loadConfig({ SMTP_URL: 'http://mail', MAIL_FROM: 'a@b.c' })).toThrow(/SMTP_URL/);
    const config = loadConfig({ SMTP_URL: 'smtps://u:p@mail.example.com', MAIL_FROM: 'a@b.c' });
    expect(config.SMTP_URL).toBe('smtps://u:p@mail.example.com');
    expect(config.MAIL_FROM).toBe('a@b.c');
  });
});
