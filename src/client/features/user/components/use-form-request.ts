import { useState, type FormEvent } from 'react';
import { ApiError } from '#client/api/api-client.ts';
import { useHydrated } from '#client/lib/use-hydrated.ts';

/** What a form's last request came to, in words for the shopper. */
export interface Outcome {
  ok: boolean;
  message: string;
  /** The server's code of a failure, for the few that call for more than words (INVALID_TOKEN). */
  code?: string;
}

/** The value of a form's field, by its name, as it was when the form was sent. */
export type Field = (name: string) => string;

const UNEXPECTED = 'Something went wrong. Please try again.';

/**
 * The state of one of the account's small forms (issue 15), the same for each: the outcome of
 * its last request, whether one is under way, and whether the form can be sent yet.
 *
 * `run` shows the message a request resolves to as a status, and a failure's message (the
 * server's, written for the shopper) as an alert. The fields are uncontrolled, as in
 * use-auth-form.ts: a failure leaves them as typed, and only a success clears the form.
 * `submitWith` makes the form's submit handler; its `check` may stop the sending with a message.
 */
export function useFormRequest() {
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [pending, setPending] = useState(false);
  // Prerendered forms stay unsendable until the app runs (use-hydrated.ts).
  const ready = useHydrated();

  const run = async (request: () => Promise<string | void>, form?: HTMLFormElement) => {
    setOutcome(null);
    setPending(true);
    try {
      const message = await request();
      form?.reset();
      if (message) setOutcome({ ok: true, message });
    } catch (failure) {
      if (failure instanceof ApiError) {
        setOutcome({ ok: false, message: failure.message, code: failure.code });
      } else {
        console.warn('An account request failed', failure);
        setOutcome({ ok: false, message: UNEXPECTED });
      }
    } finally {
      setPending(false);
    }
  };

  const submitWith =
    (request: (field: Field) => Promise<string | void>, check?: (field: Field) => string | void) =>
    (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const form = event.currentTarget;
      const data = new FormData(form);
      const field: Field = (name) => {
        const value = data.get(name);
        return typeof value === 'string' ? value : '';
      };
      const problem = check?.(field);
      if (problem) {
        setOutcome({ ok: false, message: problem });
        return;
      }
      void run(() => request(field), form);
    };

  return { outcome, pending, ready, run, submitWith };
}
