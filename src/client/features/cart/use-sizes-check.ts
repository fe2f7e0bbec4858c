import type { CartItem } from '#shared/cart.ts';

/*
 * For Pay Now (issue 13), which imports this module on first need. The size code (the chooser's
 * chunk, with the catalogue requests and the messages) loads on first use too: only that chunk
 * imports use-line-sizes.ts, since a module shared by two chunks joins the first load of every
 * page (vite.config.ts, the `app` group).
 */
const sizesCode = () => import('./components/line-size-chooser.tsx');

/**
 * What Pay Now must say while lines are without a size their product needs, or null when none
 * is (nothing is loaded for a cart whose lines all have a size).
 */
export async function missingSizes(lines: readonly CartItem[]): Promise<string | null> {
  const unsized = lines.filter((line) => !line.size);
  if (unsized.length === 0) return null;
  const { loadProductSizes, productSizes, sizesNeededMessage } = await sizesCode();
  await loadProductSizes(unsized.map((line) => line.id));
  const missing = unsized.filter((line) => productSizes(line.id));
  return missing.length > 0 ? sizesNeededMessage(missing) : null;
}

/**
 * Words a 409 `OUT_OF_STOCK` answer's lines (undefined for any other body), and drops what is
 * known of stock so the choosers ask the catalogue again.
 */
export async function unavailableLines(body: unknown): Promise<string | undefined> {
  const { forgetProductSizes, unavailableMessage } = await sizesCode();
  forgetProductSizes();
  return unavailableMessage(body);
}
