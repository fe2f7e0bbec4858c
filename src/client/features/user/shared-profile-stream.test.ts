import { describe, expect, it, vi } from 'vitest';
import type { ProfileDocument } from '#shared/auth-schemas.ts';
import {
  shareProfileStream,
  type ProfileSource,
  type RelayChannel,
  type RelayDependencies,
  type RelayLocks,
  type RelayMessage,
} from './shared-profile-stream.ts';

const URL = '/api/users/u1/events';

/** The Web Locks API as a browser runs it: one holder per name, the others queued in order. */
function fakeLocks(): RelayLocks {
  const queues = new Map<string, { grant: () => void; signal: AbortSignal }[]>();
  const held = new Set<string>();
  const next = (name: string) => {
    const queue = queues.get(name) ?? [];
    const waiter = queue.shift();
    if (waiter) waiter.grant();
    else held.delete(name);
  };
  return {
    request(name, { signal }, callback) {
      return new Promise((resolve, reject) => {
        const grant = () => {
          held.add(name);
          void callback().then(() => {
            resolve(undefined);
            next(name);
          });
        };
        if (!held.has(name)) return grant();
        const queue = queues.get(name) ?? [];
        const waiter = { grant, signal };
        queue.push(waiter);
        queues.set(name, queue);
        signal.addEventListener('abort', () => {
          queue.splice(queue.indexOf(waiter), 1);
          reject(new DOMException('aborted', 'AbortError'));
        });
      });
    },
  };
}

/** BroadcastChannel: each message reaches every other open channel of its name, later. */
function fakeChannels() {
  const open = new Set<{
    name: string;
    listeners: ((event: MessageEvent<RelayMessage>) => void)[];
  }>();
  return (name: string): RelayChannel => {
    const self = { name, listeners: [] as ((event: MessageEvent<RelayMessage>) => void)[] };
    open.add(self);
    return {
      postMessage(message) {
        const data = structuredClone(message);
        for (const other of open) {
          if (other === self || other.name !== name) continue;
          setTimeout(() => {
            if (!open.has(other)) return;
            for (const listener of other.listeners)
              listener({ data } as MessageEvent<RelayMessage>);
          });
        }
      },
      addEventListener(_type, listener) {
        self.listeners.push(listener);
      },
      close() {
        open.delete(self);
      },
    };
  };
}

/** The server's event streams: each can push a document; `open()` lists those not closed. */
function fakeSources() {
  const all: { push: (document: ProfileDocument) => void; closed: boolean }[] = [];
  const openSource = (url: string): ProfileSource => {
    expect(url).toBe(URL);
    const listeners: ((event: MessageEvent<string>) => void)[] = [];
    const source = {
      closed: false,
      push: (document: ProfileDocument) => {
        for (const listener of listeners) {
          listener({ data: JSON.stringify(document) } as MessageEvent<string>);
        }
      },
    };
    all.push(source);
    return {
      addEventListener: (_type, listener) => void listeners.push(listener),
      close: () => {
        source.closed = true;
      },
    };
  };
  return { openSource, all, open: () => all.filter((source) => !source.closed) };
}

const profile = (displayName: string): ProfileDocument => ({
  id: 'u1',
  email: 'ada@example.com',
  displayName,
  createdAt: '2026-01-01T00:00:00.000Z',
});

/** One browser: tabs share its locks and channels, and the server's streams are counted. */
function browser(withLocks = true) {
  const sources = fakeSources();
  const dependencies: RelayDependencies = {
    locks: withLocks ? fakeLocks() : undefined,
    openChannel: fakeChannels(),
    openSource: sources.openSource,
  };
  const openTab = () => {
    const seen: string[] = [];
    const close = shareProfileStream(
      URL,
      (document) => seen.push(document.displayName),
      dependencies,
    );
    return { seen, close };
  };
  return { sources, openTab };
}

describe('one live profile connection for all tabs of a browser', () => {
  it('opens one stream for eight tabs, and every tab sees each change', async () => {
    const { sources, openTab } = browser();
    const tabs = Array.from({ length: 8 }, openTab);
    await vi.waitFor(() => expect(sources.all).toHaveLength(1));

    sources.open()[0]?.push(profile('Ada Lovelace'));
    await vi.waitFor(() => {
      for (const tab of tabs) expect(tab.seen).toEqual(['Ada Lovelace']);
    });
    expect(sources.all).toHaveLength(1);
    for (const tab of tabs) tab.close();
    expect(sources.open()).toHaveLength(0);
  });

  it('hands the stream to another tab when the leader closes', async () => {
    const { sources, openTab } = browser();
    const [leader, ...others] = Array.from({ length: 3 }, openTab) as [
      ReturnType<typeof openTab>,
      ...ReturnType<typeof openTab>[],
    ];
    await vi.waitFor(() => expect(sources.all).toHaveLength(1));

    leader.close();
    await vi.waitFor(() => expect(sources.open()).toHaveLength(1));
    expect(sources.all).toHaveLength(2);
    sources.open()[0]?.push(profile('After the handover'));
    await vi.waitFor(() => {
      for (const tab of others) expect(tab.seen).toEqual(['After the handover']);
    });
    expect(leader.seen).toEqual([]);
    for (const tab of others) tab.close();
    expect(sources.open()).toHaveLength(0);
  });

  it('gives a tab opened later the latest version the leader has', async () => {
    const { sources, openTab } = browser();
    const first = openTab();
    await vi.waitFor(() => expect(sources.all).toHaveLength(1));
    sources.all[0]?.push(profile('Ada'));

    const late = openTab();
    await vi.waitFor(() => expect(late.seen).toEqual(['Ada']));
    expect(sources.all).toHaveLength(1);
    first.close();
    late.close();
  });

  it('never opens a stream for a tab closed while it waited to lead', async () => {
    const { sources, openTab } = browser();
    const leader = openTab();
    const closedEarly = openTab();
    closedEarly.close();
    leader.close();
    // Had the closed tab stayed queued, it would have opened a stream by now.
    const third = openTab();
    await vi.waitFor(() => expect(sources.all).toHaveLength(2));
    expect(sources.open()).toHaveLength(1);
    third.close();
  });

  it('falls back to a stream per tab where the browser has no Web Locks', () => {
    const { sources, openTab } = browser(false);
    const tabs = [openTab(), openTab()];
    expect(sources.open()).toHaveLength(2);
    sources.all[1]?.push(profile('Only mine'));
    expect(tabs.map((tab) => tab.seen)).toEqual([[], ['Only mine']]);
    for (const tab of tabs) tab.close();
  });
});
