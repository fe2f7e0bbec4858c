/**
 * The one client of the shop's API, for the storefront and the back office alike (issue 25,
 * ADR 054): JSON with the session cookie, and one error class for every refusal. Each app says
 * its own words for a lost connection and an answer without a message (`ApiTexts`), so what a
 * shopper or an owner reads is unchanged. Nothing here imports zod: both apps' bundles load it.
 */
import type { ApiErrorBody } from '#shared/api-errors.ts';

/** A failure of the shop's API, with a message written for the person using the page. */
export class ApiError extends Error {
  override name = 'ApiError';
  /** 0 when the shop could not be reached. */
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

/** What an app says when the API gives it nothing to show. */
export interface ApiTexts {
  /** The network failed: no answer at all. */
  unreachable: string;
  /** An answer that is not the shop's error body (a proxy's page). */
  answered: (status: number) => string;
}

/** The ApiError of a refusal, from its status and its body as text. */
export function apiErrorOf(status: number, text: string, texts: ApiTexts): ApiError {
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON (a proxy's error page): the status speaks.
  }
  const { message, code } = (data ?? {}) as Partial<Record<keyof ApiErrorBody, unknown>>;
  return new ApiError(
    typeof message === 'string' && message ? message : texts.answered(status),
    status,
    typeof code === 'string' ? code : undefined,
    data,
  );
}

export type ApiRequest = <T>(
  path: string,
  init?: { method?: string; body?: unknown; signal?: AbortSignal },
) => Promise<T>;

/**
 * A caller of the API under `base`: GET without a body, other verbs with JSON. Answers the
 * parsed body (null for an empty one, or one that is not JSON); rejects with an ApiError, status 0 and code `NETWORK`
 * when the shop could not be reached. An aborted request rejects with the signal's reason, not
 * an ApiError, so a screen that moved on shows nothing.
 */
export function createApiRequest(texts: ApiTexts, base = ''): ApiRequest {
  return async <T>(
    path: string,
    {
      method = 'GET',
      body,
      signal,
    }: { method?: string; body?: unknown; signal?: AbortSignal } = {},
  ): Promise<T> => {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
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
      throw new ApiError(texts.unreachable, 0, 'NETWORK');
    }
    const text = await response.text();
    if (!response.ok) throw apiErrorOf(response.status, text, texts);
    try {
      return (text ? JSON.parse(text) : null) as T;
    } catch {
      return null as T;
    }
  };
}
