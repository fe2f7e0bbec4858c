import type { ProfileDocument } from '#shared/auth-schemas.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { profileDocumentPath } from './profile-api.ts';

/**
 * The account's own calls (issue 15: passwords, email addresses, the shopper's data). Only the
 * account's forms use them, so they load with those forms' chunk (account-forms.ts), not with
 * every page.
 */

/** The signed-in shopper's sign-in details, from GET /api/account. */
export interface AccountDetails {
  email: string;
  emailVerified: boolean;
  /** False for an account made with Google alone: no password to give or change. */
  hasPassword: boolean;
  /** A new address waiting for the shopper to open the link sent to it. */
  pendingEmail: string | null;
}

/** Where the shopper's data is downloaded from, as a JSON attachment. */
export const ACCOUNT_DATA_URL = '/api/account/data';

interface MessageAnswer {
  message: string;
}

const post = <T>(path: string, body: object) =>
  apiRequest<T>(`/api/account${path}`, { method: 'POST', body });

/** Resolves with the server's message for the shopper. */
const postForMessage = async (path: string, body: object) =>
  (await post<MessageAnswer>(path, body)).message;

export function fetchAccount(): Promise<AccountDetails> {
  return apiRequest('/api/account');
}

export function updateDisplayName(uid: string, displayName: string): Promise<ProfileDocument> {
  return apiRequest(profileDocumentPath(uid), { method: 'PATCH', body: { displayName } });
}

/** Asks for a link to choose a new password; the answer is the same whether or not it exists. */
export function requestPasswordReset(email: string): Promise<string> {
  return postForMessage('/password-reset', { email });
}

/** Sets the password with the token of an emailed link; the server ends every session. */
export async function resetPassword(token: string, newPassword: string): Promise<void> {
  await post('/password-reset/confirm', { token, newPassword });
}

/** Confirms an address with the token of an emailed link: the account's own or a new one. */
export function verifyEmail(token: string): Promise<{ email: string; changed: boolean }> {
  return post('/verify-email', { token });
}

export function resendVerification(): Promise<string> {
  return postForMessage('/verification', {});
}

/** Sends a link to `newEmail`; the address changes when it is opened. */
export function changeEmail(newEmail: string, password: string | undefined): Promise<string> {
  return postForMessage('/email', password === undefined ? { newEmail } : { newEmail, password });
}

/** The server ends the account's other sessions; this one stays signed in. */
export async function changePassword(currentPassword: string, newPassword: string): Promise<void> {
  await post('/password', { currentPassword, newPassword });
}

/** Deletes the account and ends the session; its orders stay, without name and email. */
export async function deleteAccount(password: string | undefined): Promise<void> {
  await post(
    '/delete',
    password === undefined ? { confirm: 'DELETE' } : { password, confirm: 'DELETE' },
  );
}
