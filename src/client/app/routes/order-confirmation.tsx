import { useLoaderData, useRouteError } from 'react-router';
import type { Order } from '#shared/orders.ts';
import {
  OrderConfirmation,
  OrderConfirmationFailed,
} from '#client/features/orders/components/order-confirmation.tsx';
import { OrderConfirmationPending } from '#client/features/orders/components/order-confirmation-pending.tsx';
import { confirmationPath, fetchOrder } from '#client/features/orders/orders-api.ts';
import { ApiError } from '#client/api/api-client.ts';
import { NotFound } from '#client/app/layout/not-found.tsx';
import { SHOP_NAME, pageMeta } from '#client/app/page-meta.ts';

/** No such order for whoever asks: shown as the not-found page. */
class OrderNotFound extends Error {
  override name = 'OrderNotFound';
}

interface Loaded {
  order: Order;
  /** The page's address with its receipt, for a guest's order; null for a signed-in shopper's. */
  link: string | null;
}

/**
 * The order comes from the browser, never the prerendered page, which is the same for every
 * order: React first shows what that page shows (HydrateFallback), then the order. The server
 * already answered a missing or wrong receipt with 404 (site/prerendered-pages.ts); here it
 * shows as the not-found page.
 */
export async function clientLoader({ request }: { request: Request }): Promise<Loaded> {
  const url = new URL(request.url);
  const id = url.searchParams.get('order');
  const receipt = url.searchParams.get('receipt');
  if (!id) throw new OrderNotFound('No order named');
  try {
    const order = await fetchOrder(id, receipt);
    return { order, link: receipt ? url.origin + confirmationPath(order.id, receipt) : null };
  } catch (error) {
    // Not found, someone else's, or a signed-in shopper's order after signing out: all one to
    // whoever holds this address.
    if (error instanceof ApiError && [401, 403, 404].includes(error.status)) {
      throw new OrderNotFound(error.message);
    }
    throw error;
  }
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <OrderConfirmationPending />;
}

/** Until the order is known (the prerendered page, which a 404 answer carries too): neither. */
export const meta = ({ loaderData, error }: { loaderData?: Loaded; error?: unknown }) =>
  error instanceof OrderNotFound
    ? pageMeta('Page not found', 'This page does not exist.')
    : loaderData
      ? pageMeta('Order confirmed', `Your ${SHOP_NAME} order.`)
      : pageMeta('Your order', `Your ${SHOP_NAME} order.`);

export default function OrderConfirmationRoute() {
  const { order, link } = useLoaderData<typeof clientLoader>();
  return <OrderConfirmation order={order} link={link} />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (error instanceof OrderNotFound) return <NotFound />;
  return (
    <OrderConfirmationFailed
      message={error instanceof Error ? error.message : 'Could not load the order.'}
    />
  );
}
