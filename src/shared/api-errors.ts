import { z } from './zod.ts';

/**
 * The one error body of the shop's API, for every 4xx and 5xx (ADR 054): `error` is the HTTP
 * status's name, `message` is written for the person using the page, `code` names the case in
 * UPPER_SNAKE_CASE for clients that act on it (`TOTAL_CHANGED`, `VALIDATION_ERROR`). Some answers
 * add fields of their own (an order's `unavailable` lines, a cart's `cart` as it is now).
 */
export const apiErrorSchema = z.looseObject({
  error: z.string(),
  message: z.string(),
  code: z.string(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

/** The code of a status when the answer names no case of its own: 404 is `NOT_FOUND`. */
export function codeOfStatus(status: number, statusText: string): string {
  return statusText ? statusText.toUpperCase().replace(/[^A-Z0-9]+/g, '_') : `HTTP_${status}`;
}
