import { isRouteErrorResponse, useRouteError } from 'react-router';
import {
  chunkFailureMessage,
  chunkNameFromUrl,
  urlOfFailedImport,
} from '#client/app/chunk-errors/chunk-error.ts';

/**
 * The last resort when a page throws while rendering: a plain message and a way back, never a
 * blank page. A chunk that failed to load is named, with its URL.
 */
export function RootErrorBoundary() {
  const error = useRouteError();
  const failedUrl = urlOfFailedImport(error);
  let message = 'Something went wrong on our side. Please try again.';
  if (failedUrl) {
    const failure = {
      chunk: chunkNameFromUrl(failedUrl),
      url: failedUrl,
      type: 'missing' as const,
    };
    message = `${chunkFailureMessage(failure)} (${failure.type}: ${failure.url})`;
  } else if (isRouteErrorResponse(error)) {
    message = `${error.status} ${error.statusText}`;
  }
  console.error(error);
  return (
    <div className="app-error" role="alert">
      <h1>Sorry, this page could not be shown</h1>
      <p>{message}</p>
      <p>
        <button type="button" onClick={() => window.location.reload()}>
          Retry
        </button>{' '}
        <a href="/">Back to the home page</a>
      </p>
    </div>
  );
}
