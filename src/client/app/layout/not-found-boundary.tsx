import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFound } from './not-found.tsx';
import { RootErrorBoundary } from './root-error-boundary.tsx';

/**
 * The error boundary of a route whose loader answers 404 for what is not in the catalogue: the
 * shop's not-found page under the header, as for any unknown path; any other error, the app's.
 */
export function NotFoundBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return <RootErrorBoundary />;
}
