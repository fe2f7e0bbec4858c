import type { ReactNode } from 'react';
import type { Loaded } from './use-api.ts';

/**
 * What a screen shows while its data loads, or when it could not be loaded; the data itself once
 * it is there.
 */
export function LoadState<T>({
  loaded,
  label,
  children,
}: {
  loaded: Loaded<T>;
  /** What is loading, for the status message: "orders". */
  label: string;
  children: (data: T) => ReactNode;
}) {
  if (loaded.status === 'loading') {
    return (
      <p role="status" className="muted">
        Loading {label}…
      </p>
    );
  }
  if (loaded.status === 'error') {
    return (
      <p role="alert" className="error">
        {loaded.error.message}
      </p>
    );
  }
  return children(loaded.data);
}

/** How many rows a filtered list has, read out as the list changes: "3 orders." */
export function ListCount({ total, noun }: { total: number; noun: string }) {
  return (
    <p role="status">
      {total === 0 ? `No ${noun}s match.` : `${total} ${noun}${total === 1 ? '' : 's'}.`}
    </p>
  );
}
