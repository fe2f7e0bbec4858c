import type { CartItem } from '#shared/cart.ts';

/**
 * Loads the size code (the chooser's chunk, with the catalogue requests and the messages) on
 * first use. Only that chunk imports use-line-sizes.ts: shared by two chunks it would join the
 * first load of every page (vite.config.ts, the `app` group).
 */
const sizesCode = () => import('./components/line-size-chooser.tsx');

/**
 * For Pay Now (issue 13). `missing(lines)` resolves to what Pay Now must say while lines are
 * without a size their product needs (null when none is), loading nothing for a cart whose
 * lines all have one. `unavailable(body)` words a 409 `out_of_stock` answer (undefined for any
 * other) and drops what is known of stock, so the choosers ask the catalogue again.
 */
export function useSizesCheck(): {
  missing: (lines: readonly CartItem[]) => Promise<string | null>;
  unavailable: (body: unknown) => Promise<string | undefined>;
} {
  return {
    async missing(lines) {
      const unsized = lines.filter((line) => !line.size);
      if (unsized.length === 0) return null;
      const { loadProductSizes, productSizes, sizesNeededMessage } = await sizesCode();
      await loadProductSizes(unsized.map((line) => line.id));
      const missing = unsized.filter((line) => productSizes(line.id));
      return missing.length > 0 ? sizesNeededMessage(missing) : null;
    },
    async unavailable(body) {
      const { forgetProductSizes, unavailableMessage } = await sizesCode();
      forgetProductSizes();
      return unavailableMessage(body);
    },
  };
}
