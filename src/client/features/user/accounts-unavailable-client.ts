import { AuthError, type AuthClient } from './auth-client.ts';

const UNAVAILABLE = 'Accounts are not open yet. You can shop and check out without one.';

/**
 * The auth client until the shop's own accounts server lands (issue #3): nobody is signed in,
 * and every attempt to sign in or up tells the shopper plainly that accounts are not open yet.
 */
export const accountsUnavailableClient: AuthClient = {
  signInWithEmail: () => Promise.reject(new AuthError(UNAVAILABLE)),
  signUpWithEmail: () => Promise.reject(new AuthError(UNAVAILABLE)),
  signInWithGoogle: () => Promise.reject(new AuthError(UNAVAILABLE)),
  signOut: () => Promise.resolve(),
  onAuthStateChanged(listener) {
    listener(null);
    return () => {};
  },
};
