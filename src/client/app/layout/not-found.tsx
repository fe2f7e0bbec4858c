import { Link } from 'react-router';

/** Shown for any path that is not a page of the shop; the server answers it with HTTP 404. */
export function NotFound() {
  return (
    <div className="not-found">
      <h1>Page not found</h1>
      <p>We could not find the page you asked for.</p>
      <p>
        <Link to="/">Back to the home page</Link>
      </p>
    </div>
  );
}
