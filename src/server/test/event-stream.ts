/**
 * Opens a Server-Sent Events stream over real HTTP and calls `onData` with the parsed JSON of
 * each event's data line, until `signal` aborts; `onEnd` is called when the server ends the
 * stream. Resolves with the response status once the headers are in. Used by the live-update
 * tests and the accounts benchmark.
 */
export async function readEventStream(
  url: string,
  {
    cookie,
    signal,
    onData,
    onEnd,
  }: {
    cookie: string;
    signal: AbortSignal;
    onData: (data: unknown) => void;
    onEnd?: () => void;
  },
): Promise<number> {
  const response = await fetch(url, { headers: { cookie }, signal });
  if (!response.body) return response.status;
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) {
          onEnd?.();
          return;
        }
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const data = buffer
            .slice(0, end)
            .split('\n')
            .find((line) => line.startsWith('data: '));
          buffer = buffer.slice(end + 2);
          if (data) onData(JSON.parse(data.slice(6)));
        }
      }
    } catch {
      // The caller aborted, or the connection broke: the stream ends here.
      if (!signal.aborted) onEnd?.();
    }
  })();
  return response.status;
}
