/**
 * Names and messages for code chunks that failed to load. The spec's message is
 * 'Loading chunk {n} failed', with the type of failure and the chunk's URL.
 */

/** The kind of failure, as webpack's chunk errors named it. */
export type ChunkFailureType = 'missing' | 'error' | 'timeout';

/**
 * The spec's chunk-load timeout: a route's code that has not arrived this long after a
 * navigation started is reported as a chunk that failed to load.
 */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export interface ChunkFailure {
  /** Readable chunk name: the file name without its content hash, e.g. `collection`. */
  chunk: string;
  url: string;
  type: ChunkFailureType;
}

/** `/assets/collection-B1x_9az.js` -> `collection`. */
export function chunkNameFromUrl(url: string): string {
  const file = url.split(/[?#]/)[0]?.split('/').pop() ?? url;
  return file.replace(/\.(m?js|css)$/, '').replace(/-[\w-]{8}$/, '') || file;
}

export function chunkFailureMessage({ chunk }: ChunkFailure): string {
  return `Loading chunk ${chunk} failed.`;
}

/** The URL in a browser's failed dynamic import message, if it names one. */
export function urlOfFailedImport(error: unknown): string | null {
  if (!(error instanceof Error)) return null;
  const match = /(?:dynamically imported module|module script failed)[^:]*:\s*(\S+)/i.exec(
    error.message,
  );
  return match?.[1] ?? null;
}
