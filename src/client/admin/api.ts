import type { PictureKind } from '#shared/picture-urls.ts';

/** Where the back office's API lives; every path below is relative to it. */
export const API_BASE = '/api/admin';

/** The server's error answer, or a network failure (status 0). */
export interface ApiError {
  status: number;
  code: string;
  message: string;
}

export type ApiResult<T> = { ok: true; data: T } | { ok: false; error: ApiError };

const UNREACHABLE: ApiError = {
  status: 0,
  code: 'NETWORK',
  message: 'The shop could not be reached. Check the connection and try again.',
};

async function errorOf(response: Response): Promise<ApiError> {
  try {
    const body = (await response.json()) as { code?: unknown; message?: unknown };
    if (typeof body.message === 'string') {
      return {
        status: response.status,
        code: typeof body.code === 'string' ? body.code : 'ERROR',
        message: body.message,
      };
    }
  } catch {
    // Not JSON: a proxy's page, say.
  }
  return {
    status: response.status,
    code: 'ERROR',
    message: `The shop answered ${response.status}. Try again.`,
  };
}

/**
 * Calls the back office's API with the session cookie: GET without a body, the other verbs with
 * JSON. Never throws for an answer: a refusal, a validation error or a lost connection comes back
 * as `{ ok: false, error }` with a message for people.
 */
export async function callApi<T>(
  path: string,
  init: {
    method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
    body?: unknown;
    signal?: AbortSignal;
  } = {},
): Promise<ApiResult<T>> {
  const { method = 'GET', body, signal } = init;
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method,
      credentials: 'same-origin',
      headers:
        body === undefined
          ? { accept: 'application/json' }
          : { accept: 'application/json', 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    return { ok: false, error: UNREACHABLE };
  }
  if (!response.ok) return { ok: false, error: await errorOf(response) };
  return { ok: true, data: (await response.json()) as T };
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
          resolve({ ok: false, error: UNREACHABLE });
        }
        return;
      }
      void errorOf(new Response(responseText, { status: status >= 400 ? status : 502 })).then(
        (error) => resolve({ ok: false, error }),
      );
    });
    request.addEventListener('error', () => resolve({ ok: false, error: UNREACHABLE }));
    request.addEventListener('abort', () =>
      reject(
        signal?.reason instanceof Error ? signal.reason : new DOMException('Aborted', 'AbortError'),
      ),
    );
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(file);
  });
}
