import type {
  CreateOrderBody,
  CreateOrderResponse,
  Order,
  OrderListResponse,
} from '#shared/orders.ts';
import { apiRequest } from '#client/lib/api-client.ts';

/** Sends the paid cart; the server prices it, charges the token once and keeps the order. */
export function placeOrder(body: CreateOrderBody): Promise<CreateOrderResponse> {
  return apiRequest('/api/orders', { method: 'POST', body });
}

/** One order: the signed-in owner's, or an anonymous one with the receipt its payment returned. */
export function fetchOrder(id: string, receipt: string | null): Promise<Order> {
  const query = receipt ? `?receipt=${encodeURIComponent(receipt)}` : '';
  return apiRequest(`/api/orders/${encodeURIComponent(id)}${query}`);
}

export async function fetchMyOrders(): Promise<Order[]> {
  return (await apiRequest<OrderListResponse>('/api/orders')).orders;
}

/** Where the confirmation of an order is shown. */
export function confirmationPath(orderId: string, receipt: string | null): string {
  const query = new URLSearchParams({ order: orderId });
  if (receipt) query.set('receipt', receipt);
  return `/checkout/confirmation?${query.toString()}`;
}
