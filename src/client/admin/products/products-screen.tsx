import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { AdminCollection, AdminProduct, AdminProductList } from '#shared/catalogue-admin.ts';
import { LOW_STOCK_THRESHOLD } from '#shared/catalogue-model.ts';
import { callApi } from '#client/admin/api.ts';
import { ConfirmAction } from '#client/admin/confirm-action.tsx';
import { formatMoney } from '#client/admin/format.ts';
import { ListCount, LoadState } from '#client/admin/load-state.tsx';
import { useOutcome } from '#client/admin/outcome.tsx';
import { queryString } from '#client/admin/orders/orders-query.ts';
import { Pagination } from '#client/admin/pagination.tsx';
import { useApi } from '#client/admin/use-api.ts';
import { productFiltersFromSearch, productFiltersToSearch } from './products-query.ts';

/** Products newest first, searched and filtered by the query of the page's own address. */
export function ProductsScreen() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = productFiltersFromSearch(searchParams);
  const products = useApi<AdminProductList>(
    `/products${queryString(productFiltersToSearch(filters))}`,
  );
  const collections = useApi<{ collections: AdminCollection[] }>('/collections');
  const outcome = useOutcome();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => {
      const value = form.get(name);
      return typeof value === 'string' ? value.trim() : '';
    };
    outcome.clear();
    // A new search starts from its first page.
    setSearchParams(
      productFiltersToSearch(
        productFiltersFromSearch(
          new URLSearchParams({
            q: text('q'),
            collection: text('collection'),
            state: text('state'),
            stock: text('stock'),
          }),
        ),
      ),
    );
  };

  return (
    <>
      <h1>Products</h1>
      <p>
        <Link to="/products/new">Add a product</Link>
      </p>
      {/* Keyed by the query: Back and Forward show the filters of the list they show. */}
      <form
        key={searchParams.toString()}
        className="filters"
        role="search"
        aria-label="Filter products"
        onSubmit={onSubmit}
      >
        <label>
          Name
          <input type="search" name="q" defaultValue={filters.q} placeholder="Part of the name" />
        </label>
        <label>
          Collection
          <select name="collection" defaultValue={filters.collection}>
            <option value="">All collections</option>
            {collections.status === 'ok' &&
              collections.data.collections.map((collection) => (
                <option key={collection.id} value={collection.routeName}>
                  {collection.title}
                </option>
              ))}
            {/* A collection in the address that is not (yet) listed is still shown as chosen. */}
            {collections.status !== 'ok' && filters.collection && (
              <option value={filters.collection}>{filters.collection}</option>
            )}
          </select>
        </label>
        <label>
          Status
          <select name="state" defaultValue={filters.state}>
            <option value="on-sale">On sale</option>
            <option value="archived">Archived</option>
            <option value="all">All</option>
          </select>
        </label>
        <label>
          Stock
          <select name="stock" defaultValue={filters.stock}>
            <option value="">Any</option>
            <option value="low">Low ({LOW_STOCK_THRESHOLD} or fewer of a size)</option>
            <option value="sold-out">Sold out</option>
          </select>
        </label>
        <button type="submit">Show products</button>
      </form>
      {outcome.regions}
      <LoadState loaded={products} label="products">
        {(list) => (
          <>
            <ListCount total={list.total} noun="product" />
            {list.products.length > 0 && (
              <ProductsTable
                products={list.products}
                titles={
                  new Map(
                    collections.status === 'ok'
                      ? collections.data.collections.map((c) => [c.routeName, c.title])
                      : [],
                  )
                }
                onChanged={(message) => {
                  outcome.done(message);
                  products.reload();
                }}
                onFailed={outcome.failed}
              />
            )}
            <Pagination paged={list} label="products" />
          </>
        )}
      </LoadState>
    </>
  );
}

/** `S 2 · M 0 · L 5`, or the one number of a one-size product. */
const stockText = (product: AdminProduct) =>
  product.sizeKind === null
    ? String(product.sizes[0]?.stock ?? 0)
    : product.sizes.map(({ size, stock }) => `${size} ${stock}`).join(' · ');

function ProductsTable({
  products,
  titles,
  onChanged,
  onFailed,
}: {
  products: AdminProduct[];
  /** Each collection's title by its address, as the shop shows it. */
  titles: ReadonlyMap<string, string>;
  onChanged: (message: string) => void;
  onFailed: (message: string) => void;
}) {
  const [confirming, setConfirming] = useState<number | null>(null);
  return (
    <div className="table-scroll">
      <table>
        <caption>Products</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Collection</th>
            <th scope="col" className="number">
              Price
            </th>
            <th scope="col">Stock</th>
            <th scope="col">Status</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {products.map((product) => (
            <tr key={product.id}>
              <th scope="row">
                <Link to={`/products/${product.id}`}>{product.name}</Link>
              </th>
              <td>{titles.get(product.collection) ?? product.collection}</td>
              <td className="number">{formatMoney(product.price)}</td>
              <td>{stockText(product)}</td>
              <td>{product.archived ? 'Archived' : 'On sale'}</td>
              <td>
                {confirming === product.id ? (
                  <ConfirmAction
                    question={`Archive ${product.name}? It leaves the shop; orders keep it.`}
                    yes="Yes, archive"
                    run={() =>
                      callApi<AdminProduct>(`/products/${product.id}/archive`, { method: 'POST' })
                    }
                    onCancel={() => setConfirming(null)}
                    onDone={(result) => {
                      setConfirming(null);
                      if (result.ok) onChanged(`${product.name} is archived.`);
                      else onFailed(result.error.message);
                    }}
                  />
                ) : product.archived ? (
                  <RestoreButton product={product} onChanged={onChanged} onFailed={onFailed} />
                ) : (
                  <button
                    type="button"
                    className="secondary"
                    aria-label={`Archive ${product.name}`}
                    onClick={() => setConfirming(product.id)}
                  >
                    Archive
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Puts an archived product back on sale: nothing is lost, so no question first. */
export function RestoreButton({
  product,
  onChanged,
  onFailed,
}: {
  product: AdminProduct;
  onChanged: (message: string, product: AdminProduct) => void;
  onFailed: (message: string) => void;
}) {
  const [sending, setSending] = useState(false);
  const restore = async () => {
    setSending(true);
    const result = await callApi<AdminProduct>(`/products/${product.id}/restore`, {
      method: 'POST',
    });
    setSending(false);
    if (result.ok) onChanged(`${product.name} is on sale again.`, result.data);
    else onFailed(result.error.message);
  };
  return (
    <button
      type="button"
      className="secondary"
      aria-label={`Put ${product.name} back on sale`}
      disabled={sending}
      onClick={() => void restore()}
    >
      Put back on sale
    </button>
  );
}
