import { useEffect, useState, type FormEvent } from 'react';
import { useHydrated } from '#client/lib/use-hydrated.ts';
import { AuthError, SignInCancelled } from '#client/features/user/auth-client.ts';

/** The named text fields of a form, as typed. */
export function readFields<Name extends string>(
  form: HTMLFormElement,
  names: readonly Name[],
): Record<Name, string> {
  const data = new FormData(form);
  const fields = {} as Record<Name, string>;
  for (const name of names) {
    const value = data.get(name);
    fields[name] = typeof value === 'string' ? value : '';
  }
  return fields;
}

/**
 * Turns any failure into a message a shopper can act on. Here rather than beside AuthError: only
 * the sign-in page needs it, and auth-client.ts is in the chunk every page loads first.
 */
function authErrorMessage(error: unknown): string {
  if (error instanceof AuthError) return error.message;
  return 'Something went wrong. Please check your connection and try again.';
}

/**
 * State of an auth form: the message of the last failure (or `notice`, when the shopper cancelled
 * it themselves, which is no failure), whether a request is under way, and
 * whether the form can be sent yet. `run` clears the form when the request succeeds and keeps it
 * (and shows the message) when it fails, so nothing the shopper typed is lost.
 *
 * The fields are uncontrolled: the form is prerendered, so a shopper can type before the app has
 * started, and the inputs themselves hold what was typed. `ready` stays false until the app can
 * send the form; the submit buttons are disabled until then, so the browser never sends it by
 * itself (as a GET, with the password in the URL).
 */
export function useAuthForm<Name extends string>(names: readonly Name[]) {
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const ready = useHydrated();
  // Fetched as the form shows, so sending it does not wait for this code first. A dynamic
  // import: a static one would put it in the chunk every page loads.
  useEffect(() => void import('#client/features/user/auth-requests.ts'), []);

  const run = async (request: () => Promise<void>, { clear }: { clear?: HTMLFormElement } = {}) => {
    setError(null);
    setNotice(null);
    setPending(true);
    try {
      await request();
      clear?.reset();
    } catch (failure) {
      if (failure instanceof SignInCancelled) {
        setNotice(failure.message);
        return;
      }
      console.warn('Authentication failed', failure);
      setError(authErrorMessage(failure));
    } finally {
      setPending(false);
    }
  };

  const submitWith =
    (request: (fields: Record<Name, string>) => Promise<void>) =>
    (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const form = event.currentTarget;
      const fields = readFields(form, names);
      void run(() => request(fields), { clear: form });
    };

  return { error, notice, pending, ready, run, submitWith };
}
