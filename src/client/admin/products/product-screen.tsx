import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import type { AdminCollection, AdminProduct, ProductFields } from '#shared/catalogue-admin.ts';
import { productPath, SIZES_BY_KIND, type SizeKind } from '#shared/catalogue-model.ts';
import { callApi } from '#client/admin/api.ts';
import { ConfirmAction } from '#client/admin/confirm-action.tsx';
import { LoadState } from '#client/admin/load-state.tsx';
import { PictureField } from '#client/admin/pictures/picture-field.tsx';
import { useOutcome } from '#client/admin/outcome.tsx';
import { useApi } from '#client/admin/use-api.ts';
import { centsOfDollars, dollarsOfCents } from './products-query.ts';
import { RestoreButton } from './products-screen.tsx';

/** What the form holds: the fields as typed. */
interface Draft {
  name: string;
  description: string;
  price: string;
  collection: string;
  imageUrl: string;
  colour: string;
  sizeKind: SizeKind | '';
  /** Pieces by size, as typed ('' for one size). */
  stock: Record<string, string>;
}

const sizesOfKind = (kind: SizeKind | '') => (kind ? SIZES_BY_KIND[kind] : ['']);

const draftOf = (product: AdminProduct): Draft => ({
  name: product.name,
  description: product.description,
  price: dollarsOfCents(product.price),
  collection: product.collection,
  imageUrl: product.imageUrl,
  colour: product.colour,
  sizeKind: product.sizeKind ?? '',
  stock: Object.fromEntries(product.sizes.map(({ size, stock }) => [size, String(stock)])),
});

const EMPTY: Draft = {
  name: '',
  description: '',
  price: '',
  collection: '',
  imageUrl: '',
  colour: '',
  sizeKind: 'clothing',
  stock: {},
};

/** The body the API takes from a draft, or why the draft is not one yet. */
function fieldsOf(draft: Draft): { fields: ProductFields } | { problem: string } {
  if (!draft.imageUrl) return { problem: 'Choose a picture of the product.' };
  const price = centsOfDollars(draft.price);
  if (price === undefined) return { problem: 'Give the price in dollars, such as 42 or 42.50.' };
  const sizes = [];
  for (const size of sizesOfKind(draft.sizeKind)) {
    const typed = (draft.stock[size] ?? '').trim();
    if (!/^[0-9]*$/.test(typed)) {
      return {
        problem: `Give the stock${size ? ` of size ${size}` : ''} as a whole number from 0.`,
      };
    }
    sizes.push({ size, stock: typed === '' ? 0 : Number(typed) });
  }
  return {
    fields: {
      name: draft.name.trim(),
      description: draft.description.trim(),
      price,
      collection: draft.collection,
      imageUrl: draft.imageUrl.trim(),
      colour: draft.colour.trim(),
      sizeKind: draft.sizeKind || null,
      sizes,
    },
  };
}

/** A new product: the form, empty; once made, its own page. */
export function NewProductScreen() {
  const navigate = useNavigate();
  return (
    <>
      <p>
        <Link to="/products">All products</Link>
      </p>
      <h1>Add a product</h1>
      <ProductForm
        initial={EMPTY}
        submitLabel="Add product"
        save={(fields) => callApi<AdminProduct>('/products', { method: 'POST', body: fields })}
        onSaved={(product) =>
          void navigate(`/products/${product.id}`, {
            state: { message: `${product.name} is on sale.` },
          })
        }
      />
    </>
  );
}

/** One product: its fields to edit, and archiving or putting it back on sale. */
export function ProductScreen() {
  const { id = '' } = useParams();
  const product = useApi<AdminProduct>(`/products/${encodeURIComponent(id)}`);
  return (
    <>
      <p>
        <Link to="/products">All products</Link>
      </p>
      <LoadState loaded={product} label="the product">
        {(found) => <ProductEditor key={found.id} product={found} />}
      </LoadState>
    </>
  );
}

function ProductEditor({ product: loaded }: { product: AdminProduct }) {
  const location = useLocation();
  const made = (location.state as { message?: unknown } | null)?.message;
  const [product, setProduct] = useState(loaded);
  // Saved at the foot of a long form: the message at its head is brought into view.
  const outcome = useOutcome({ reveal: true });
  // Said once the page is there: the product was just made.
  useEffect(() => {
    if (typeof made === 'string') outcome.done(made);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on arrival
  }, []);
  const [confirming, setConfirming] = useState(false);
  const changed = (message: string, next: AdminProduct) => {
    setProduct(next);
    outcome.done(message);
  };
  const { failed } = outcome;
  return (
    <>
      <h1>{product.name}</h1>
      {outcome.regions}
      <p>
        {product.archived ? (
          'Archived: not in the shop. Orders still show it.'
        ) : (
          <>
            On sale: <a href={productPath(product)}>see it in the shop</a>
          </>
        )}
      </p>
      <ProductForm
        initial={draftOf(product)}
        submitLabel="Save changes"
        save={(fields) =>
          callApi<AdminProduct>(`/products/${product.id}`, { method: 'PATCH', body: fields })
        }
        onSaved={(saved) => changed('Saved. The shop shows the change now.', saved)}
      />
      <section aria-labelledby="availability">
        <h2 id="availability">{product.archived ? 'Put back on sale' : 'Archive'}</h2>
        {product.archived ? (
          <RestoreButton product={product} onChanged={changed} onFailed={failed} />
        ) : confirming ? (
          <ConfirmAction
            question={`Archive ${product.name}? It leaves the shop; orders keep it.`}
            yes="Yes, archive"
            run={() => callApi<AdminProduct>(`/products/${product.id}/archive`, { method: 'POST' })}
            onCancel={() => setConfirming(false)}
            onDone={(result) => {
              setConfirming(false);
              if (result.ok) changed(`${product.name} is archived.`, result.data);
              else failed(result.error.message);
            }}
          />
        ) : (
          <button type="button" className="secondary" onClick={() => setConfirming(true)}>
            Archive {product.name}
          </button>
        )}
      </section>
    </>
  );
}

function ProductForm({
  initial,
  submitLabel,
  save,
  onSaved,
}: {
  initial: Draft;
  submitLabel: string;
  save: (fields: ProductFields) => Promise<Awaited<ReturnType<typeof callApi<AdminProduct>>>>;
  onSaved: (product: AdminProduct) => void;
}) {
  const collections = useApi<{ collections: AdminCollection[] }>('/collections');
  const [draft, setDraft] = useState(initial);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const set = (field: keyof Omit<Draft, 'stock'>) => (value: string) =>
    setDraft((current) => ({ ...current, [field]: value }));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = fieldsOf(draft);
    if ('problem' in parsed) {
      setError(parsed.problem);
      return;
    }
    setSending(true);
    setError(null);
    const result = await save(parsed.fields);
    setSending(false);
    if (result.ok) {
      setDraft(draftOf(result.data));
      onSaved(result.data);
    } else {
      setError(result.error.message);
    }
  };

  const sizes = sizesOfKind(draft.sizeKind);
  return (
    <form className="stack product-form" onSubmit={(event) => void onSubmit(event)} noValidate>
      <label>
        Name
        <input
          name="name"
          required
          maxLength={120}
          value={draft.name}
          onChange={(event) => set('name')(event.target.value)}
        />
      </label>
      <label>
        Description
        <textarea
          name="description"
          rows={4}
          maxLength={2000}
          value={draft.description}
          onChange={(event) => set('description')(event.target.value)}
        />
      </label>
      <label>
        Price in dollars
        <input
          name="price"
          inputMode="decimal"
          required
          placeholder="42.50"
          value={draft.price}
          onChange={(event) => set('price')(event.target.value)}
        />
      </label>
      <label>
        Collection
        <select
          name="collection"
          required
          value={draft.collection}
          onChange={(event) => set('collection')(event.target.value)}
        >
          <option value="">Choose a collection</option>
          {collections.status === 'ok' &&
            collections.data.collections.map((collection) => (
              <option key={collection.id} value={collection.routeName}>
                {collection.title}
              </option>
            ))}
        </select>
      </label>
      <label>
        Colour
        <input
          name="colour"
          required
          maxLength={24}
          placeholder="One word, such as brown or multi"
          value={draft.colour}
          onChange={(event) => set('colour')(event.target.value)}
        />
      </label>
      <PictureField
        label="Picture"
        kind="item"
        value={draft.imageUrl}
        onChange={(imageUrl) => set('imageUrl')(imageUrl)}
      />
      <fieldset>
        <legend>Sizes and stock</legend>
        <label>
          Sized as
          <select
            name="sizeKind"
            value={draft.sizeKind}
            onChange={(event) => set('sizeKind')(event.target.value)}
          >
            <option value="clothing">Clothing ({SIZES_BY_KIND.clothing.join(', ')})</option>
            <option value="hat">Hats ({SIZES_BY_KIND.hat.join(', ')})</option>
            <option value="shoe">Shoes (US 6 to US 13)</option>
            <option value="">One size</option>
          </select>
        </label>
        <div className="stock-grid">
          {sizes.map((size) => (
            <label key={size}>
              {size ? `Stock of ${size}` : 'Stock'}
              <input
                name={`stock-${size}`}
                type="number"
                inputMode="numeric"
                min={0}
                step={1}
                value={draft.stock[size] ?? ''}
                placeholder="0"
                onChange={(event) =>
                  setDraft((current) => ({
                    ...current,
                    stock: { ...current.stock, [size]: event.target.value },
                  }))
                }
              />
            </label>
          ))}
        </div>
      </fieldset>
      <div role="alert">{error && <p className="error">{error}</p>}</div>
      <div>
        <button type="submit" disabled={sending}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
