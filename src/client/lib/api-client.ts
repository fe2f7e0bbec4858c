/** A failure of the shop's API, with a message written for the shopper. */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: number;
  readonly code: string | undefined;
  /** The answer's JSON body, for errors that carry more than a message (an order's 409). */
  readonly body: unknown;

  constructor(message: string, status: number, code?: string, body?: unknown) {
    super(message);
    this.status = status;
    this.code = code;
    this.body = body;
  }
}

export const NETWORK_ERROR_MESSAGE =
  'We could not reach the shop. Check your connection and try again.';

interface ErrorBody {
  message?: unknown;
  code?: unknown;
}

/**
 * Calls the shop's own API with JSON and the session cookie. Rejects with an ApiError: the
 * server's message when it gave one, a plain one for network failures.
 */
export async function apiRequest<T>(
  path: string,
  { method = 'GET', body }: { method?: string; body?: unknown } = {},
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(NETWORK_ERROR_MESSAGE, 0, 'NETWORK');
  }
  const text = await response.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON (a proxy's error page): fall through to the status.
  }
  if (!response.ok) {
    const { message, code } = (data ?? {}) as ErrorBody;
    throw new ApiError(
      typeof message === 'string' && message ? message : `The shop answered ${response.status}.`,
      response.status,
      typeof code === 'string' ? code : undefined,
      data,
    );
  }
  return data as T;
}
