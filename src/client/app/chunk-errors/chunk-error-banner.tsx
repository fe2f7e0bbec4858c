import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router';
import { chunkFailureMessage, chunkNameFromUrl, type ChunkFailure } from './chunk-error.ts';
import { rememberPendingNavigation, takePendingNavigation } from './failed-navigation.ts';
import { firstFailingChunk, routeChunkUrls } from './route-chunks.ts';

interface FailedNavigation extends ChunkFailure {
  path: string;
}

/**
 * Says so when a page's code could not be loaded, names the chunk and its URL, and offers to
 * try again. See failed-navigation.ts for why this looks back across a reload.
 */
export function ChunkErrorBanner() {
  const navigation = useNavigation();
  const [failure, setFailure] = useState<FailedNavigation | null>(null);
  const pendingPath = navigation.location
    ? navigation.location.pathname + navigation.location.search
    : null;

  // Notes the navigation under way if the page unloads before it finishes.
  useEffect(() => {
    if (!pendingPath) return;
    const onPageHide = () => rememberPendingNavigation(pendingPath);
    window.addEventListener('pagehide', onPageHide);
    return () => window.removeEventListener('pagehide', onPageHide);
  }, [pendingPath]);

  // After such a reload, finds which of that navigation's chunks fails to load, if any.
  useEffect(() => {
    const path = takePendingNavigation();
    if (!path) return;
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
  }, []);

  if (!failure) return null;
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
