import { useEffect, useRef, useState } from 'react';

type Outcome = { kind: 'done' | 'error'; message: string } | null;

/**
 * How a screen's last change went: `done` and `failed` set it, `<Regions />` says it, in a
 * status region (done) or an alert (failed) that are on the page before they speak, so screen
 * readers hear each new message. With `reveal`, a new message is also scrolled into view: on a
 * long form the regions above it are out of sight when its button is pressed at the bottom.
 */
export function useOutcome({ reveal = false } = {}) {
  const [outcome, setOutcome] = useState<Outcome>(null);
  const said = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (reveal && outcome) said.current?.scrollIntoView?.({ block: 'nearest' });
  }, [reveal, outcome]);
  const done = (message: string) => setOutcome({ kind: 'done', message });
  const failed = (message: string) => setOutcome({ kind: 'error', message });
  const clear = () => setOutcome(null);
  const regions = (
    <div ref={said}>
      <div role="status">
        {outcome?.kind === 'done' && <p className="success">{outcome.message}</p>}
      </div>
      <div role="alert">
        {outcome?.kind === 'error' && <p className="error">{outcome.message}</p>}
      </div>
    </div>
  );
  return { done, failed, clear, regions };
}
