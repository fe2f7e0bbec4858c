import {
  isEmailTakenError,
  isPlausibleEmail,
  MAX_NAME_LENGTH,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  normaliseEmail,
  type LocalAccount,
  type LocalAccountRepository,
} from './local-account-repository.ts';

export { MIN_PASSWORD_LENGTH, type LocalAccount };

export type SignInResult =
  { ok: true; account: LocalAccount } | { ok: false; status: 400 | 401; error: string };

/**
 * The local provider's accounts: the rules of its "Use another account" form around the
 * repository. An email it knows signs in with its password; a new one creates an account.
 */
export function createLocalOidcService(repository: LocalAccountRepository) {
  return {
    findBySub: (sub: string) => repository.findBySub(sub),

    /**
     * The account of `sub` if `password` is its password ("Verify it's you" for an account
     * picked from the chooser); null otherwise, including for a sub that no longer exists.
     */
    async verifyPassword(sub: string, password: string): Promise<LocalAccount | null> {
      const account = await repository.findBySub(sub);
      return account ? repository.verifyCredentials(account.email, password) : null;
    },

    async signInOrCreate(typed: {
      email: string;
      name: string;
      password: string;
    }): Promise<SignInResult> {
      const refuse = (error: string): SignInResult => ({ ok: false, status: 400, error });
      const { name, password } = typed;
      const email = normaliseEmail(typed.email);
      if (!isPlausibleEmail(email)) return refuse('Enter a valid email address.');
      if (password.length > MAX_PASSWORD_LENGTH) {
        return refuse(`Use a password of at most ${MAX_PASSWORD_LENGTH} characters.`);
      }

      let account: LocalAccount | null;
      if (await repository.findByEmail(email)) {
        account = await repository.verifyCredentials(email, password);
      } else {
        if (!name) return refuse('Enter your name to create an account with this email.');
        if (name.length > MAX_NAME_LENGTH) {
          return refuse(`Use a name of at most ${MAX_NAME_LENGTH} characters.`);
        }
        if (password.length < MIN_PASSWORD_LENGTH) {
          return refuse(`Use a password of at least ${MIN_PASSWORD_LENGTH} characters.`);
        }
        try {
          account = await repository.create({ email, name, password });
        } catch (error) {
          // Someone created it a moment ago: treat it like any existing account.
          if (!isEmailTakenError(error)) throw error;
          account = await repository.verifyCredentials(email, password);
        }
      }
      return account
        ? { ok: true, account }
        : { ok: false, status: 401, error: 'Wrong email or password.' };
    },
  };
}

export type LocalOidcService = ReturnType<typeof createLocalOidcService>;
