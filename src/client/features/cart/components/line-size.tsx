import { lazy, Suspense } from 'react';
import type { CartItem } from '#shared/cart.ts';

const LineSizeChooser = lazy(() =>
  import('./line-size-chooser.tsx').then((module) => ({ default: module.LineSizeChooser })),
);

/**
 * A line's size: the size itself once chosen, else the chooser, loaded on first use so that the
 * first load of every page (the dropdown is in the header) carries only these few lines.
 */
export function LineSize({ line }: { line: CartItem }) {
  if (line.size) return <span className="line-size-chosen">Size {line.size}</span>;
  return (
    <Suspense fallback={null}>
      <LineSizeChooser line={line} />
    </Suspense>
  );
}
