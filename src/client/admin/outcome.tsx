import { useState } from 'react';

type Outcome = { kind: 'done' | 'error'; message: string } | null;

/**
 * How a screen's last change went: `done` and `failed` set it, `<Regions />` says it, in a
 * status region (done) or an alert (failed) that are on the page before they speak, so screen
 * readers hear each new message.
 */
export function useOutcome() {
  const [outcome, setOutcome] = useState<Outcome>(null);
  const done = (message: string) => setOutcome({ kind: 'done', message });
  const failed = (message: string) => setOutcome({ kind: 'error', message });
  const clear = () => setOutcome(null);
  const regions = (
    <>
      <div role="status">
        {outcome?.kind === 'done' && <p className="success">{outcome.message}</p>}
      </div>
      <div role="alert">
        {outcome?.kind === 'error' && <p className="error">{outcome.message}</p>}
      </div>
    </>
  );
  return { done, failed, clear, regions };
}
