import { ORDER_STATUSES, type OrderStatusFilter } from '#shared/back-office-api.ts';

/** The order list's filters, as the URL's query holds them (so Back and shared links work). */
export interface OrderFilters {
  status: OrderStatusFilter;
  /** YYYY-MM-DD, or '' for no bound. */
  from: string;
  to: string;
  customer: string;
  page: number;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The filters of a query; anything missing or malformed reads as no filter. */
export function filtersFromSearch(params: URLSearchParams): OrderFilters {
  const status = params.get('status') ?? 'all';
  const day = (name: string) => {
    const value = params.get(name) ?? '';
    return DAY.test(value) ? value : '';
  };
  return {
    status: ORDER_STATUSES.find((known) => known === status) ?? 'all',
    from: day('from'),
    to: day('to'),
    customer: (params.get('customer') ?? '').trim(),
    page: pageOf(params),
  };
}

/** A positive page number from `?page=`, 1 when absent or not one. */
export function pageOf(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/**
 * The query of `filters`, leaving out what is the default, so the plain list's address stays
 * `/admin/orders`. `withPage: false` for the CSV export, which has every page.
 */
export function filtersToSearch(
  filters: OrderFilters,
  { withPage = true }: { withPage?: boolean } = {},
): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.status !== 'all') params.set('status', filters.status);
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  if (filters.customer) params.set('customer', filters.customer);
  if (withPage && filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/** `?a=b`, or nothing for an empty query. */
export const queryString = (params: URLSearchParams) => {
  const query = params.toString();
  return query ? `?${query}` : '';
};
