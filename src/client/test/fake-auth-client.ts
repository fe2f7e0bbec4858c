import { vi } from 'vitest';
import type { AuthClient } from '#client/features/user/auth-client.ts';
import type { CurrentUser } from '#client/features/user/user-slice.ts';

/**
 * An auth client whose every call succeeds, reporting `user` (signed out by default). Like the
 * real one, it tells its listeners when signing out changes the user, after the call resolves.
 */
export function fakeAuthClient(
  overrides: Partial<AuthClient> = {},
  user: CurrentUser | null = null,
): AuthClient {
  let current = user;
  const listeners = new Set<(user: CurrentUser | null) => void>();
  return {
    signInWithEmail: vi.fn(() => Promise.resolve()),
    signUpWithEmail: vi.fn(() => Promise.resolve()),
    signInWithGoogle: vi.fn(() => Promise.resolve()),
    signOut: vi.fn(async () => {
      await Promise.resolve();
      current = null;
      for (const listener of listeners) listener(current);
    }),
    onAuthStateChanged: (listener) => {
      listeners.add(listener);
      listener(current);
      return () => listeners.delete(listener);
    },
    ...overrides,
  };
}
