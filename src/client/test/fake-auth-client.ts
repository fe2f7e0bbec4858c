import { vi } from 'vitest';
import type { AuthClient } from '#client/features/user/auth-client.ts';
import type { CurrentUser } from '#client/features/user/user-slice.ts';

/** An auth client whose every call succeeds, reporting `user` (signed out by default). */
export function fakeAuthClient(
  overrides: Partial<AuthClient> = {},
  user: CurrentUser | null = null,
): AuthClient {
  return {
    signInWithEmail: vi.fn(() => Promise.resolve()),
    signUpWithEmail: vi.fn(() => Promise.resolve()),
    signInWithGoogle: vi.fn(() => Promise.resolve()),
    signOut: vi.fn(() => Promise.resolve()),
    onAuthStateChanged: (listener) => {
      listener(user);
      return () => {};
    },
    ...overrides,
  };
}
