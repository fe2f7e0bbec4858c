import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigation } from 'react-router';
import {
  CHUNK_LOAD_TIMEOUT_MS,
  chunkFailureMessage,
  chunkNameFromUrl,
  type ChunkFailure,
} from './chunk-error.ts';
import {
  forgetPendingNavigation,
  rememberPendingNavigation,
  takePendingNavigation,
} from './failed-navigation.ts';
import { firstFailingChunk, routeChunkNotLoaded, routeChunkUrls } from './route-chunks.ts';

interface FailedNavigation extends ChunkFailure {
  path: string;
}

/**
 * Says so when a page's code could not be loaded, names the chunk and its URL, and offers to
 * try again. See failed-navigation.ts for why this looks back across a reload.
 */
export function ChunkErrorBanner() {
  const navigation = useNavigation();
  const { pathname, search } = useLocation();
  const [failure, setFailure] = useState<FailedNavigation | null>(null);
  const pendingPath = navigation.location
    ? navigation.location.pathname + navigation.location.search
    : null;
  const checkedOnLoad = useRef(false);

  // A link click is noted at once, before React Router starts loading anything: a chunk that
  // fails at once reloads the page before any effect of the navigation could run.
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return;
      rememberPendingNavigation(link.pathname + link.search);
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, []);

  // Other navigations (a button calling navigate) are noted as soon as React Router reports them.
  useEffect(() => {
    if (pendingPath) rememberPendingNavigation(pendingPath);
  }, [pendingPath]);

  // A chunk that neither arrives nor fails (a stalled connection) leaves the navigation pending
  // for good: after the spec's timeout it is reported like one that failed.
  useEffect(() => {
    if (!pendingPath) return;
    const timer = setTimeout(() => {
      const url = routeChunkNotLoaded(pendingPath);
      if (!url) return;
      const found: FailedNavigation = {
        path: pendingPath,
        url,
        chunk: chunkNameFromUrl(url),
        type: 'timeout',
      };
      console.error(`${chunkFailureMessage(found)} (${found.type}: ${found.url})`);
      setFailure(found);
    }, CHUNK_LOAD_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [pendingPath]);

  // On load, a note left behind means a navigation was cut off by a reload: find which of its
  // chunks fails to load, if any. Later, each finished navigation forgets its note.
  useEffect(() => {
    if (checkedOnLoad.current) {
      forgetPendingNavigation();
      return;
    }
    checkedOnLoad.current = true;
    const path = takePendingNavigation();
    if (!path || path === pathname + search) return;
    let active = true;
    void firstFailingChunk(routeChunkUrls(path)).then((url) => {
      if (!active || !url) return;
      const found: FailedNavigation = { path, url, chunk: chunkNameFromUrl(url), type: 'missing' };
      console.error(`${chunkFailureMessage(found)} (${found.type}: ${found.url})`);
      setFailure(found);
    });
    return () => {
      active = false;
    };
  }, [pathname, search]);

  // A late chunk that arrived after all: the page it was for is open.
  if (!failure || (failure.type === 'timeout' && failure.path === pathname + search)) return null;
  return (
    <div className="chunk-error" role="alert">
      <p>
        {chunkFailureMessage(failure)} ({failure.type}: <code>{failure.url}</code>) The page{' '}
        <code>{failure.path}</code> could not be opened. Check your connection and retry.
      </p>
      {/* A fresh page load: a failed module stays failed for the rest of a page's life. */}
      <button type="button" onClick={() => window.location.assign(failure.path)}>
        Retry
      </button>
    </div>
  );
}
