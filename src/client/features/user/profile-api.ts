import type { ProfileDocument } from '#shared/auth-schemas.ts';
import { apiRequest } from '#client/lib/api-client.ts';

const documentPath = (uid: string) => `/api/users/${encodeURIComponent(uid)}`;

/** Creates users/{uid} if it is missing; resolves with the document either way. */
export function ensureProfile(uid: string, displayName: string): Promise<ProfileDocument> {
  return apiRequest(documentPath(uid), { method: 'PUT', body: { displayName } });
}

export function updateDisplayName(uid: string, displayName: string): Promise<ProfileDocument> {
  return apiRequest(documentPath(uid), { method: 'PATCH', body: { displayName } });
}

/**
 * Watches users/{uid}: calls `onChange` with every version the server pushes (Server-Sent
 * Events; the browser reconnects by itself after a drop). Returns the stop function.
 */
export function watchProfile(
  uid: string,
  onChange: (document: ProfileDocument) => void,
): () => void {
  const source = new EventSource(`${documentPath(uid)}/events`);
  source.addEventListener('profile', (event) => {
    try {
      onChange(JSON.parse((event as MessageEvent<string>).data) as ProfileDocument);
    } catch (error) {
      console.error('Ignored a profile update that was not JSON', error);
    }
  });
  return () => source.close();
}
