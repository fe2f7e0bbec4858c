import type { ProductsAnswer } from '#shared/catalogue-model.ts';
import type { AppStore } from '#client/app/store.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { cartProductsLoaded } from './cart-catalogue-slice.ts';
import { linesNoLongerAvailable } from './cart-slice.ts';

/** As many ids as one `products?ids=` takes (the catalogue API's limit). */
const IDS_PER_REQUEST = 50;
/** The longest wait between attempts while the shop cannot be reached. */
const MAX_RETRY_MS = 30_000;

/**
 * Keeps what the cart knows of its products (cart-catalogue-slice.ts) as the catalogue has them
 * now (ADR 053): whenever a line's product is not known (the lines read back from storage or the
 * account, an add made before the app ran, after an order found a price changed), asks
 * `GET /api/catalogue/products?ids=` for it. Products the answer says are no longer on sale
 * leave the cart, named (linesNoLongerAvailable). Returns the unsubscribe.
 */
export function followCartProducts(
  store: Pick<AppStore, 'getState' | 'dispatch' | 'subscribe'>,
): () => void {
  const asking = new Set<number>();
  let failures = 0;
  let retry: ReturnType<typeof setTimeout> | undefined;

  const ask = async (ids: readonly number[]) => {
    try {
      const answer = await apiRequest<ProductsAnswer>(
        `/api/catalogue/products?ids=${ids.join(',')}`,
      );
      failures = 0;
      const onSale = new Set(answer.products.map((product) => product.id));
      store.dispatch(cartProductsLoaded(answer.products));
      const gone = ids
        .filter((id) => !onSale.has(id))
        .map((id) => ({ id, name: answer.unavailable.find((product) => product.id === id)?.name }));
      if (gone.length > 0) store.dispatch(linesNoLongerAvailable(gone));
    } catch (error) {
      console.warn('Could not read the products of the cart', error);
      failures += 1;
      retry = setTimeout(
        () => {
          retry = undefined;
          check();
        },
        Math.min(1000 * 2 ** failures, MAX_RETRY_MS),
      );
    } finally {
      for (const id of ids) asking.delete(id);
    }
    check();
  };

  function check() {
    if (retry !== undefined) return;
    const { cart, cartCatalogue } = store.getState();
    const wanted = [...new Set(cart.cartItems.map((line) => line.id))]
      .filter((id) => !Object.hasOwn(cartCatalogue.products, id) && !asking.has(id))
      .slice(0, IDS_PER_REQUEST);
    if (wanted.length === 0) return;
    for (const id of wanted) asking.add(id);
    void ask(wanted);
  }

  const unsubscribe = store.subscribe(check);
  check();
  return () => {
    unsubscribe();
    clearTimeout(retry);
  };
}
