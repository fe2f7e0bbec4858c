import { useId, useRef, useState } from 'react';

type Copied = 'idle' | 'copied' | 'selected';

/**
 * The guest's way back to an order: no email is sent (yet), so the link with its receipt is the
 * only key to the order. It is shown, can be copied in one press (or, where the browser refuses
 * the clipboard, is selected for the shopper to copy), and bookmarking the page is suggested.
 */
export function ReceiptLink({ url, emailed = false }: { url: string; emailed?: boolean }) {
  const [copied, setCopied] = useState<Copied>('idle');
  const field = useRef<HTMLInputElement>(null);
  const id = useId();

  const copy = async () => {
    try {
      // Missing outside a secure context (plain http off localhost), refused without permission.
      await navigator.clipboard.writeText(url);
      setCopied('copied');
    } catch {
      field.current?.focus();
      field.current?.select();
      setCopied('selected');
    }
  };

  return (
    <section className="receipt-link" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Keep this link</h2>
      <p>
        {emailed
          ? 'The confirmation email has this link too: it is the only way back to your order. Keep the email, copy the link, or'
          : 'The shop could not queue a confirmation email, so this link is the only way back to your order. Copy it, or'}{' '}
        bookmark this page (Ctrl+D, or ⌘D on a Mac).
      </p>
      <div className="receipt-link__row">
        <label className="visually-hidden" htmlFor={`${id}-url`}>
          Link to your order
        </label>
        <input
          ref={field}
          id={`${id}-url`}
          className="receipt-link__url"
          type="text"
          readOnly
          value={url}
          onFocus={(event) => event.currentTarget.select()}
        />
        <button type="button" className="receipt-link__copy" onClick={() => void copy()}>
          Copy link
        </button>
      </div>
      <p className="receipt-link__result" role="status">
        {copied === 'copied'
          ? 'Link copied.'
          : copied === 'selected'
            ? 'Your browser did not let us copy: the link is selected, press Ctrl+C (⌘C on a Mac) to copy it.'
            : ''}
      </p>
    </section>
  );
}
