import { useEffect, useState, type FormEvent } from 'react';
import { useHydrated } from '#client/lib/use-hydrated.ts';
import { AuthError, SignInCancelled } from '#client/features/user/auth-client.ts';

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

function authErrorMessage(error: unknown): string {
  if (error instanceof AuthError) return error.message;
  return 'Something went wrong. Please check your connection and try again.';
}

/**
 * State of an auth form: the message of the last failure, whether a request is under way, and
 * whether the form can be sent yet.
 */
export function useAuthForm<Name extends string>(names: readonly Name[]) {
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const ready = useHydrated();
  // Fetched as the form shows, so sending it does not wait for this code first.
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
