import { get } from 'node:http';

/**
 * Calls `onData` with the parsed JSON data of each whole event in `buffer`; returns the rest,
 * an event not yet whole.
 */
export function takeEvents(buffer: string, onData: (data: unknown) => void): string {
  let rest = buffer;
  let end: number;
  while ((end = rest.indexOf('\n\n')) >= 0) {
    const data = rest
      .slice(0, end)
      .split('\n')
      .find((line) => line.startsWith('data: '));
    rest = rest.slice(end + 2);
    if (data) onData(JSON.parse(data.slice(6)));
  }
  return rest;
}

/**
 * Opens a Server-Sent Events stream over real HTTP and calls `onData` with the parsed JSON of
 * each event's data line, until `signal` aborts; `onEnd` is called when the server ends the
 * stream. Resolves with the response status once the headers are in. Used by the live-update
 * tests and the accounts benchmark.
 */
export function readEventStream(
  url: string,
  {
    cookie,
    host,
    signal,
    onData,
    onEnd,
  }: {
    cookie: string;
    /** The Host to send, when not the URL's (fetch cannot send another; node:http can). */
    host?: string;
    signal: AbortSignal;
    onData: (data: unknown) => void;
    onEnd?: () => void;
  },
): Promise<number> {
  return new Promise((resolve, reject) => {
    const headers = { cookie, ...(host ? { host } : {}) };
    const request = get(url, { headers, signal }, (response) => {
      let buffer = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffer = takeEvents(buffer + chunk, onData);
      });
      response.on('end', () => onEnd?.());
      // The caller aborted, or the connection broke: the stream ends here.
      response.on('error', () => {
        if (!signal.aborted) onEnd?.();
      });
      resolve(response.statusCode ?? 0);
    });
    request.on('error', reject);
  });
}

/**
 * Opens users/{uid}/events of the listening shop at `server` and collects the documents it
 * pushes; `ended()` says whether the server ended the stream, `stop()` closes it.
 */
export async function watchProfile(server: string, uid: string, cookie: string, host: string) {
  const controller = new AbortController();
  const received: Record<string, unknown>[] = [];
  let ended = false;
  const status = await readEventStream(`${server}/api/users/${uid}/events`, {
    cookie,
    host,
    signal: controller.signal,
    onData: (document) => received.push(document as Record<string, unknown>),
    onEnd: () => {
      ended = true;
    },
  });
  return {
    status,
    received,
    ended: () => ended,
    stop: () => controller.abort(),
  };
}

/** Waits until `check` holds, for a few seconds at most; the caller asserts afterwards. */
export async function until(check: () => boolean, tries = 100) {
  for (let tried = 0; tried < tries && !check(); tried += 1) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
