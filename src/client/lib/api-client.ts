import { createApiRequest } from '#client/api/api-client.ts';

export const NETWORK_ERROR_MESSAGE =
  'We could not reach the shop. Check your connection and try again.';

/**
 * Calls the shop's own API with JSON and the session cookie (#client/api/api-client.ts, in the
 * storefront's words). Rejects with an ApiError: the server's message when it gave one, a plain
 * one for network failures.
 */
export const apiRequest = createApiRequest({
  unreachable: NETWORK_ERROR_MESSAGE,
  answered: (status) => `The shop answered ${status}.`,
});
