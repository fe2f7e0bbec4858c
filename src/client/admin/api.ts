import type { PictureKind } from '#shared/picture-urls.ts';
import {
  ApiError as SharedApiError,
  apiErrorOf,
  createApiRequest,
  type ApiTexts,
} from '#client/api/api-client.ts';

/** Where the back office's API lives; every path below is relative to it. */
export const API_BASE = '/api/admin';

/** The server's error answer, or a network failure (status 0). */
export interface ApiError {
  status: number;
  code: string;
  message: string;
}

export type ApiResult<T> = { ok: true; data: T } | { ok: false; error: ApiError };

// The back office's words; the storefront has its own (#client/lib/api-client.ts).
const TEXTS: ApiTexts = {
  unreachable: 'The shop could not be reached. Check the connection and try again.',
  answered: (status) => `The shop answered ${status}. Try again.`,
};

const requestApi = createApiRequest(TEXTS, API_BASE);

/** The `{ ok: false }` shape the screens read, from the one client's error. */
const failure = ({ status, code, message }: SharedApiError): { ok: false; error: ApiError } => ({
  ok: false,
  error: { status, code: code ?? 'ERROR', message },
});

/**
 * Calls the back office's API (the one client, #client/api/api-client.ts) with the session
 * cookie: GET without a body, the other verbs with JSON. Never throws for an answer: a refusal,
 * a validation error or a lost connection comes back as `{ ok: false, error }` with a message for
 * people. An aborted request rejects, as fetch does.
 */
export async function callApi<T>(
  path: string,
  init: {
    method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
    body?: unknown;
    signal?: AbortSignal;
  } = {},
): Promise<ApiResult<T>> {
  try {
    return { ok: true, data: await requestApi<T>(path, init) };
  } catch (error) {
    if (error instanceof SharedApiError) return failure(error);
    throw error;
  }
}

/** The types the server encodes from (ADR 046), as a file input's `accept` lists them. */
export const PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const;

/** The largest picture the server takes, in bytes (its 413 beyond). */
export const MAX_PICTURE_BYTES = 10 * 1024 * 1024;

/**
 * Uploads a picture's file as it is (POST /api/admin/pictures?kind=…), for the server to encode
 * into the shop's widths and formats; answers the base URL of the stored picture. Through
 * XMLHttpRequest rather than fetch, which cannot tell how much of a body has been sent:
 * `onProgress` hears the share sent, from 0 to 1. Like callApi, never throws for an answer.
 */
export function uploadPicture(
  file: Blob,
  kind: PictureKind,
  init: { onProgress?: (sent: number) => void; signal?: AbortSignal } = {},
): Promise<ApiResult<{ imageUrl: string }>> {
  const { onProgress, signal } = init;
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    const unreachable = () => failure(new SharedApiError(TEXTS.unreachable, 0, 'NETWORK'));
    request.open('POST', `${API_BASE}/pictures?kind=${kind}`);
    request.setRequestHeader('accept', 'application/json');
    request.setRequestHeader('content-type', file.type);
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    });
    request.addEventListener('load', () => {
      const { status, responseText } = request;
      if (status >= 200 && status < 300) {
        try {
          resolve({ ok: true, data: JSON.parse(responseText) as { imageUrl: string } });
        } catch {
          resolve(unreachable());
        }
        return;
      }
      resolve(failure(apiErrorOf(status >= 400 ? status : 502, responseText, TEXTS)));
    });
    request.addEventListener('error', () => resolve(unreachable()));
    request.addEventListener('abort', () =>
      reject(
        signal?.reason instanceof Error ? signal.reason : new DOMException('Aborted', 'AbortError'),
      ),
    );
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(file);
  });
}
