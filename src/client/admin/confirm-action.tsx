import { useEffect, useRef, useState } from 'react';
import type { ApiResult } from './api.ts';

/**
 * The second step of a change that takes something away (archiving, revoking): a question and
 * its two answers, the "yes" focused as it appears so a keyboard user answers at once. `run`
 * makes the change; `onDone` hears how it went.
 */
export function ConfirmAction<T>({
  question,
  yes,
  run,
  onCancel,
  onDone,
}: {
  question: string;
  yes: string;
  run: () => Promise<ApiResult<T>>;
  onCancel: () => void;
  onDone: (result: ApiResult<T>) => void;
}) {
  const confirm = useRef<HTMLButtonElement>(null);
  const [sending, setSending] = useState(false);
  useEffect(() => confirm.current?.focus(), []);
  const go = async () => {
    setSending(true);
    const result = await run();
    setSending(false);
    onDone(result);
  };
  return (
    <div className="actions" role="group" aria-label={question}>
      <span>{question}</span>
      <button ref={confirm} type="button" disabled={sending} onClick={() => void go()}>
        {yes}
      </button>
      <button type="button" className="secondary" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}
