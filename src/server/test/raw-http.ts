import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { TEST_PUBLIC_URL, type TestApp } from './test-app.ts';

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** Starts the app on a free loopback port; `app.inject()` cannot send a path unnormalised. */
export async function listenOnLoopback(app: TestApp): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as AddressInfo).port;
}

/**
 * One HTTP request with the path sent byte for byte as given (`./`, `%2e`, `\` and all), as an
 * attacker's client would send it: fetch and `app.inject()` resolve such paths first.
 */
export function rawRequest(
  port: number,
  {
    method,
    path,
    body = '',
    headers = {},
  }: {
    method: string;
    path: string;
    body?: string;
    headers?: Record<string, string>;
  },
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    // Addressed to the shop's own host, as a browser on PUBLIC_URL is (ADR 024).
    const addressed = { host: new URL(TEST_PUBLIC_URL).host, ...headers };
    const options = { host: '127.0.0.1', port, method, path, headers: addressed };
    const request = httpRequest(options, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }),
      );
    });
    request.on('error', reject);
    request.end(body);
  });
}
