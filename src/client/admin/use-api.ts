import { useCallback, useEffect, useState } from 'react';
import { callApi, type ApiError } from './api.ts';

export type Loaded<T> =
  { status: 'loading' } | { status: 'ok'; data: T } | { status: 'error'; error: ApiError };

/**
 * GETs `path` of the back office's API whenever it changes (an earlier answer that arrives late
 * is dropped), and again on `reload()`.
 */
export function useApi<T>(path: string): Loaded<T> & { reload: () => void } {
  const [state, setState] = useState<{ path: string; loaded: Loaded<T> }>({
    path,
    loaded: { status: 'loading' },
  });
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    callApi<T>(path, { signal: controller.signal }).then(
      (result) =>
        setState({
          path,
          loaded: result.ok
            ? { status: 'ok', data: result.data }
            : { status: 'error', error: result.error },
        }),
      () => undefined, // aborted: a newer request answers
    );
    return () => controller.abort();
  }, [path, generation]);
  const reload = useCallback(() => setGeneration((n) => n + 1), []);
  // While another path loads, the last path's answer is not this one's.
  const loaded: Loaded<T> = state.path === path ? state.loaded : { status: 'loading' };
  return { ...loaded, reload };
}
