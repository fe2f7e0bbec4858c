import { connect } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { listenOnLoopback } from '#server/test/raw-http.ts';
import { buildTestApp, type TestApp } from '#server/test/test-app.ts';

const TEN_MIB = 10 * 1024 * 1024;
const CHUNK = Buffer.alloc(64 * 1024, 'a');

let app: TestApp;
let port: number;

beforeAll(async () => {
  app = await buildTestApp();
  port = await listenOnLoopback(app);
});
afterAll(() => app.close());

interface Outcome {
  /** The status line and headers the server answered with. */
  head: string;
  /** Body bytes the server took before it closed the connection. */
  sent: number;
}

/**
 * Sends `head` and then up to 10 MiB of body, one chunk at a time as the server takes them,
 * until the server closes the connection or all is sent.
 */
function sendLargeBody(head: string, chunked: boolean): Promise<Outcome> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    let sent = 0;
    let closed = false;
    socket.on('data', (data) => (answer += data.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      closed = true;
      resolve({ head: answer.split('\r\n\r\n')[0] ?? '', sent });
    });
    const pump = () => {
      while (!closed && sent < TEN_MIB) {
        const frame = chunked
          ? Buffer.concat([
              Buffer.from(`${CHUNK.length.toString(16)}\r\n`),
              CHUNK,
              Buffer.from('\r\n'),
            ])
          : CHUNK;
        sent += CHUNK.length;
        if (!socket.write(frame)) {
          socket.once('drain', pump);
          return;
        }
      }
      if (!closed && sent >= TEN_MIB) socket.end(chunked ? '0\r\n\r\n' : '');
    };
    socket.write(head);
    pump();
  });
}

const headers = (path: string, extra: string) =>
  `POST ${path} HTTP/1.1\r\nHost: localhost:3000\r\nContent-Type: application/x-www-form-urlencoded\r\n${extra}\r\n`;

it.each(['/oidc/token', '/oidc/auth', '/oidc/no-such-path'])(
  'refuses a 10 MiB body to %s with 413 before reading it',
  async (path) => {
    const outcome = await sendLargeBody(headers(path, `Content-Length: ${TEN_MIB}\r\n`), false);
    expect(outcome.head).toMatch(/^HTTP\/1\.1 413/);
    expect(outcome.sent).toBeLessThan(TEN_MIB);
  },
);

it('refuses a chunked body to the provider with 411 before reading it', async () => {
  const outcome = await sendLargeBody(
    headers('/oidc/token', 'Transfer-Encoding: chunked\r\n'),
    true,
  );
  expect(outcome.head).toMatch(/^HTTP\/1\.1 411/);
  expect(outcome.sent).toBeLessThan(TEN_MIB);
});
