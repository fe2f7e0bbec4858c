/**
 * A value made on first use, then kept. For things that are costly to make and not needed by
 * every page: an `Intl` formatter takes milliseconds to build, and building several while the
 * page's scripts are evaluated lengthens the task that blocks the page at start.
 */
export function lazy<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}
