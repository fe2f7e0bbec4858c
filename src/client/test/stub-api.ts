import { vi } from 'vitest';

/** An answer of the stubbed API: its status (200 unless given) and JSON body. */
export interface StubAnswer {
  status?: number;
  body?: unknown;
}

/** A request the stubbed API received, its JSON body parsed. */
export interface ApiCall {
  method: string;
  path: string;
  body: unknown;
}

/** The server's error answer: `{ code, message }`. */
export const apiFailure = (status: number, code: string, message: string): StubAnswer => ({
  status,
  body: { code, message },
});

/**
 * Stubs `fetch` as the shop's API, answering each "METHOD /path" from `answers` (a function
 * answers anew each time) and anything else with a 404. Returns the calls, in order, and the
 * bodies sent to one "METHOD /path". Undo with vi.unstubAllGlobals().
 */
export function stubApi(answers: Record<string, StubAnswer | (() => StubAnswer)>) {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const path =
        typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      calls.push({
        method,
        path,
        body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      });
      const found = answers[`${method} ${path}`];
      const answer = typeof found === 'function' ? found() : found;
      const { status = 200, body = null } = answer ?? apiFailure(404, 'NOT_FOUND', 'No stub.');
      return Promise.resolve(
        new Response(JSON.stringify(body), {
          status,
          headers: { 'content-type': 'application/json' },
        }),
      );
    }),
  );
  return {
    calls,
    sentTo: (key: string) =>
      calls.filter((call) => `${call.method} ${call.path}` === key).map((call) => call.body),
  };
}
