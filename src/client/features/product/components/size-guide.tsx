import { useId, useRef, type KeyboardEvent } from 'react';
import type { SizeKind } from '#shared/catalogue-model.ts';
import { SIZE_GUIDES, formatMeasure } from '#client/features/product/size-guide-data.ts';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), [tabindex="0"]';

/**
 * Tab and Shift+Tab go round the dialog's controls. A modal <dialog> already makes the page
 * behind it inert, but Chromium then lets Tab leave for the browser's own toolbar; a keyboard
 * user should stay with the guide until they close it.
 */
function keepFocusInside(event: KeyboardEvent<HTMLDialogElement>) {
  if (event.key !== 'Tab') return;
  const focusable = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const first = focusable[0];
  const last = focusable.at(-1);
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * The "Size guide" button and the guide it opens for the product's kind of garment: a native
 * modal <dialog>, so Escape closes it and the page behind is inert; focus returns to the button.
 */
export function SizeGuide({ kind }: { kind: SizeKind }) {
  const guide = SIZE_GUIDES[kind];
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const headingId = useId();
  return (
    <>
      <button
        ref={opener}
        type="button"
        className="size-guide__open"
        aria-haspopup="dialog"
        onClick={() => dialog.current?.showModal()}
      >
        Size guide
      </button>
      <dialog
        ref={dialog}
        className="size-guide"
        aria-labelledby={headingId}
        onClose={() => opener.current?.focus()}
        onKeyDown={keepFocusInside}
      >
        <div className="size-guide__top">
          <h2 className="size-guide__title" id={headingId}>
            Size guide: {guide.title}
          </h2>
          <button
            type="button"
            className="size-guide__close"
            aria-label="Close size guide"
            onClick={() => dialog.current?.close()}
          >
            &#10005;
          </button>
        </div>
        <table className="size-guide__table">
          <caption className="visually-hidden">
            {guide.title}: body measurements per size, in centimetres and inches
          </caption>
          <thead>
            <tr>
              <th scope="col">Size</th>
              {guide.columns.map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {guide.rows.map((row) => (
              <tr key={row.size}>
                <th scope="row">{row.size}</th>
                {row.measures.map((measure, index) => (
                  <td key={guide.columns[index]}>
                    <span className="size-guide__cm">{formatMeasure(measure, 'cm')}</span>
                    <span className="size-guide__in">{formatMeasure(measure, 'in')}</span>
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        <h3 className="size-guide__subtitle">How to measure</h3>
        <ul className="size-guide__how">
          {guide.howToMeasure.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ul>
      </dialog>
    </>
  );
}
