import { useState, type ChangeEvent, type FormEvent } from 'react';
import { authErrorMessage } from '../auth-client.ts';

/**
 * State of an auth form: its fields, the message of the last failure, and whether a request is
 * under way. `run` clears the fields when the request succeeds and keeps them (and shows the
 * message) when it fails, so nothing the shopper typed is lost.
 */
export function useAuthForm<Fields extends Record<string, string>>(emptyFields: Fields) {
  const [fields, setFields] = useState(emptyFields);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const { name, value } = event.target;
    setFields((current) => ({ ...current, [name]: value }));
  };

  const run = async (request: () => Promise<void>, { clearOnSuccess = true } = {}) => {
    setError(null);
    setPending(true);
    try {
      await request();
      if (clearOnSuccess) setFields(emptyFields);
    } catch (failure) {
      console.warn('Authentication failed', failure);
      setError(authErrorMessage(failure));
    } finally {
      setPending(false);
    }
  };

  const submitWith = (request: (current: Fields) => Promise<void>) => (event: FormEvent) => {
    event.preventDefault();
    void run(() => request(fields));
  };

  return { fields, error, pending, onChange, run, submitWith };
}
