import type { ProfileDocument } from '#shared/auth-schemas.ts';

/** The parts of EventSource the relay uses. */
export interface ProfileSource {
  addEventListener(type: 'profile', listener: (event: MessageEvent<string>) => void): void;
  close(): void;
}

/** The parts of BroadcastChannel the relay uses. */
export interface RelayChannel {
  postMessage(message: RelayMessage): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<RelayMessage>) => void): void;
  close(): void;
}

/** The parts of the Web Locks API the relay uses. */
export interface RelayLocks {
  request(
    name: string,
    options: { signal: AbortSignal },
    held: () => Promise<void>,
  ): Promise<unknown>;
}

/** What the tabs of a browser tell each other about one profile document. */
export type RelayMessage =
  /** A new version, for every tab, or (`to`) the answer to one tab's hello. */
  | { kind: 'profile'; document: ProfileDocument; to?: string }
  /** A tab that has just started to watch asks the leader for the latest version. */
  | { kind: 'hello'; from: string };

export interface RelayDependencies {
  /** Undefined where the browser has no Web Locks (outside a secure context). */
  locks: RelayLocks | undefined;
  /** Undefined where the browser has no BroadcastChannel. */
  openChannel: ((name: string) => RelayChannel) | undefined;
  openSource: (url: string) => ProfileSource;
}

function browserDependencies(): RelayDependencies {
  return {
    locks: typeof navigator === 'undefined' ? undefined : navigator.locks,
    openChannel:
      typeof BroadcastChannel === 'undefined' ? undefined : (name) => new BroadcastChannel(name),
    openSource: (url) => new EventSource(url),
  };
}

/**
 * Watches the profile stream at `url` with one connection for every tab of the browser
 * (ADR 031): the tab holding the Web Lock named after the stream (the leader) keeps the
 * EventSource and relays each version to the other tabs over a BroadcastChannel. When the
 * leader closes, the browser hands the lock to a waiting tab, which opens the stream; its first
 * event is the document as it is then, so nothing changed meanwhile is lost. Without Web Locks
 * or BroadcastChannel, each tab opens its own stream. Returns the stop function.
 */
export function shareProfileStream(
  url: string,
  onChange: (document: ProfileDocument) => void,
  { locks, openChannel, openSource }: RelayDependencies = browserDependencies(),
): () => void {
  const listen = (source: ProfileSource, relay?: (document: ProfileDocument) => void) => {
    source.addEventListener('profile', (event) => {
      let document: ProfileDocument;
      try {
        document = JSON.parse(event.data) as ProfileDocument;
      } catch (error) {
        console.error('Ignored a profile update that was not JSON', error);
        return;
      }
      onChange(document);
      relay?.(document);
    });
    return source;
  };

  if (!locks || !openChannel) {
    const source = listen(openSource(url));
    return () => source.close();
  }

  const name = `crwn-live:${url}`;
  const channel = openChannel(name);
  const waiting = new AbortController();
  let source: ProfileSource | undefined;
  let releaseLock: (() => void) | undefined;
  let latest: ProfileDocument | undefined;
  let stopped = false;
  const me = Math.random().toString(36).slice(2);

  channel.addEventListener('message', ({ data }) => {
    if (data.kind === 'profile') {
      // An answer to a hello is no newer than any version broadcast since.
      if (data.to !== undefined && (data.to !== me || latest)) return;
      latest = data.document;
      onChange(data.document);
    } else if (source && latest) {
      channel.postMessage({ kind: 'profile', document: latest, to: data.from });
    }
  });

  locks
    .request(
      name,
      { signal: waiting.signal },
      () =>
        new Promise<void>((release) => {
          if (stopped) return release();
          releaseLock = release;
          source = listen(openSource(url), (document) => {
            latest = document;
            channel.postMessage({ kind: 'profile', document });
          });
        }),
    )
    // Aborted by stop() while another tab led: nothing to undo.
    .catch(() => undefined);
  channel.postMessage({ kind: 'hello', from: me });

  return () => {
    stopped = true;
    waiting.abort();
    source?.close();
    source = undefined;
    releaseLock?.();
    channel.close();
  };
}
