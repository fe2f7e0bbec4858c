import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp } from '#server/test/test-app.ts';
import { authLogger, chooseLogFormat, loggerOptions, redactReceipts } from './logger.ts';

/** A log destination that keeps every line. */
function logSink(isTTY = false) {
  const lines: string[] = [];
  return { lines, isTTY, write: (line: string) => lines.push(line) };
}

const RECEIPT = 'Kq3vX9-receipt_value_that_must_stay_secret_0';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

/** The whole server, logging at info to `sink`. */
async function appLoggingTo(sink: ReturnType<typeof logSink>, env: Record<string, string> = {}) {
  const app = await buildTestApp({ LOG_LEVEL: 'info', ...env }, { logTo: sink });
  cleanups.push(() => app.close());
  return app;
}

describe('request logs', () => {
  it('never show a receipt, in any line, while the path stays readable', async () => {
    const sink = logSink();
    const app = await appLoggingTo(sink, { LOG_FORMAT: 'json' });

    await app.inject({ url: `/api/orders/ord_123?receipt=${RECEIPT}` });
    await app.inject({ url: `/checkout/confirmation?order=ord_123&receipt=${RECEIPT}&x=1` });
    // A cross-site POST is refused with a warning that names the URL.
    await app.inject({
      method: 'POST',
      url: `/api/orders?receipt=${RECEIPT}`,
      headers: { 'sec-fetch-site': 'cross-site' },
      payload: {},
    });

    const entries = sink.lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const urls = entries.flatMap((entry) => {
      const req = entry.req as { url?: string } | undefined;
      return [req?.url, entry.url].filter((url) => typeof url === 'string');
    });
    expect(urls).toEqual([
      '/api/orders/ord_123?receipt=[redacted]',
      '/checkout/confirmation?order=ord_123&receipt=[redacted]&x=1',
      '/api/orders?receipt=[redacted]',
      '/api/orders?receipt=[redacted]',
    ]);
    expect(sink.lines.filter((line) => line.includes(RECEIPT))).toEqual([]);
  });

  it('redact a receipt in a message as well', async () => {
    const sink = logSink();
    // Without the site, an unknown path reaches Fastify's own 404, which logs the URL as text
    // (at debug: at info the request's own line says 404).
    const app = await appLoggingTo(sink, {
      LOG_FORMAT: 'json',
      SERVE_SITE: 'false',
      LOG_LEVEL: 'debug',
    });

    const response = await app.inject({ url: `/nowhere?receipt=${RECEIPT}` });

    expect(response.statusCode).toBe(404);
    expect(sink.lines.join('')).toContain('Route GET:/nowhere?receipt=[redacted] not found');
    expect(sink.lines.filter((line) => line.includes(RECEIPT))).toEqual([]);
  });

  it('are pretty lines without the receipt when the format is pretty', async () => {
    const sink = logSink();
    const app = await appLoggingTo(sink, { LOG_FORMAT: 'pretty' });

    await app.inject({ url: `/api/orders/ord_123?receipt=${RECEIPT}` });

    const request = sink.lines.find((line) => line.includes('/api/orders/ord_123'));
    expect(request).toMatch(/INFO.*GET/);
    expect(request).toContain('/api/orders/ord_123?receipt=[redacted]');
    expect(request?.trimStart().startsWith('{')).toBe(false);
    expect(sink.lines.filter((line) => line.includes(RECEIPT))).toEqual([]);
  });
});

describe('at the default level', () => {
  it('write one short line per request: method, URL, status and time', async () => {
    const sink = logSink();
    const app = await appLoggingTo(sink, { LOG_FORMAT: 'json' });

    for (const url of ['/', '/shop/hats', '/api/orders', '/favicon.svg']) {
      await app.inject({ url, headers: { 'user-agent': 'a-browser/1.0', cookie: 'a=b' } });
    }

    const entries = sink.lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(entries.map(({ method, url, status }) => ({ method, url, status }))).toEqual([
      { method: 'GET', url: '/', status: 200 },
      { method: 'GET', url: '/shop/hats', status: 200 },
      { method: 'GET', url: '/api/orders', status: 401 },
      { method: 'GET', url: '/favicon.svg', status: 200 },
    ]);
    for (const entry of entries) expect(entry.ms).toEqual(expect.any(Number));
    // Fastify's default was two lines of some 200 bytes each, with the whole request.
    for (const line of sink.lines) expect(line.length).toBeLessThan(140);
  });

  it('still log a server error in full, with its stack', async () => {
    const sink = logSink();
    const app = await appLoggingTo(sink, { LOG_FORMAT: 'json' });
    app.get('/api/broken', () => {
      throw new Error('the disk is gone');
    });

    const response = await app.inject({ url: '/api/broken' });

    expect(response.statusCode).toBe(500);
    const entries = sink.lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const failure = entries.find((entry) => entry.level === 50);
    expect(failure?.err).toMatchObject({
      message: 'the disk is gone',
      stack: expect.stringContaining('logger.test.ts') as unknown,
    });
    expect(entries.filter((entry) => entry.url === '/api/broken')).toMatchObject([{ status: 500 }]);
  });
});

describe('log format', () => {
  it.each([
    [undefined, true, 'pretty'],
    [undefined, false, 'json'],
    ['json', true, 'json'],
    ['pretty', false, 'pretty'],
  ] as const)('LOG_FORMAT %s with a terminal: %s is %s', (configured, isTTY, expected) => {
    expect(chooseLogFormat(configured, isTTY)).toBe(expected);
  });

  it('writes JSON lines when stdout is not a terminal, pretty ones when it is', () => {
    for (const isTTY of [false, true]) {
      const sink = logSink(isTTY);
      const app = Fastify({ logger: loggerOptions({ LOG_LEVEL: 'info' }, sink) });
      app.log.info('hello');
      const [line = ''] = sink.lines;
      if (isTTY) expect(line).toMatch(/INFO.*hello/);
      else expect(JSON.parse(line)).toMatchObject({ level: 30, msg: 'hello' });
    }
  });
});

describe('better-auth messages', () => {
  it('go to the same logger, tagged better-auth, with the error serialized', () => {
    const sink = logSink();
    const app = Fastify({ logger: loggerOptions({ LOG_LEVEL: 'info', LOG_FORMAT: 'json' }, sink) });
    const logger = authLogger(app.log, 'info');

    logger.log?.('error', 'could not sign in', new Error('provider down'), { provider: 'google' });

    expect(logger.level).toBe('info');
    expect(JSON.parse(sink.lines[0] ?? '')).toMatchObject({
      level: 50,
      name: 'better-auth',
      msg: 'could not sign in',
      err: { message: 'provider down' },
      details: [{ provider: 'google' }],
    });
  });

  it('are off when the log is silent', () => {
    expect(authLogger(Fastify().log, 'silent').disabled).toBe(true);
  });
});

describe('redactReceipts', () => {
  it.each([
    ['/checkout/confirmation?receipt=abc', '/checkout/confirmation?receipt=[redacted]'],
    ['/x?order=1&RECEIPT=abc#top', '/x?order=1&RECEIPT=[redacted]#top'],
    [
      'cb=%2Fc%3Forder%3D1%26receipt%3Dabc%26x%3D1',
      'cb=%2Fc%3Forder%3D1%26receipt%3D[redacted]%26x%3D1',
    ],
    ['/shop?receipts=no', '/shop?receipts=no'],
  ])('%s', (text, expected) => {
    expect(redactReceipts(text)).toBe(expected);
  });
});
