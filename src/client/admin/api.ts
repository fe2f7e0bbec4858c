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
