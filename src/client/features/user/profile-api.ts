import type { ProfileDocument } from '#shared/auth-schemas.ts';
import { apiRequest } from '#client/lib/api-client.ts';

/** Where the profile document users/{uid} is read and written. */
export const profileDocumentPath = (uid: string) => `/api/users/${encodeURIComponent(uid)}`;

/** Creates users/{uid} if it is missing; resolves with the document either way. */
export function ensureProfile(uid: string, displayName: string): Promise<ProfileDocument> {
  return apiRequest(profileDocumentPath(uid), { method: 'PUT', body: { displayName } });
}

/**
 * Watches users/{uid}: calls `onChange` with every version the server pushes (Server-Sent
 * Events; the browser reconnects by itself after a drop), over one connection shared by all the
 * shop's tabs of this browser (shared-profile-stream.ts, loaded on first use). Returns the stop
 * function.
 */
export function watchProfile(
  uid: string,
  onChange: (document: ProfileDocument) => void,
): () => void {
  let stop: (() => void) | undefined;
  let stopped = false;
  void import('./shared-profile-stream.ts').then(
    ({ shareProfileStream }) => {
      if (!stopped) stop = shareProfileStream(`${profileDocumentPath(uid)}/events`, onChange);
    },
    (error: unknown) => console.error('Could not load the live profile', error),
  );
  return () => {
    stopped = true;
    stop?.();
  };
}
