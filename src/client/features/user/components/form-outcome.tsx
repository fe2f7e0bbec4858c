import type { Outcome } from './use-form-request.ts';

/**
 * A form's outcome (use-form-request.ts): a failure as an alert, a success in a status that is
 * always there, so that screen readers announce what appears in it.
 */
export function FormOutcome({ outcome }: { outcome: Outcome | null }) {
  return (
    <>
      {outcome && !outcome.ok && (
        <p className="account-form__alert" role="alert">
          {outcome.message}
        </p>
      )}
      <p className="account-form__status" role="status">
        {outcome?.ok && outcome.message}
      </p>
    </>
  );
}
