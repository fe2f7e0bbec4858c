import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { AdminCollection } from '#shared/catalogue-admin.ts';
import { slugify } from '#shared/images.ts';
import { callApi } from '#client/admin/api.ts';
import { LoadState } from '#client/admin/load-state.tsx';
import { PictureField } from '#client/admin/pictures/picture-field.tsx';
import { useOutcome } from '#client/admin/outcome.tsx';
import { useApi } from '#client/admin/use-api.ts';

type Order = 'overview' | 'directory';

/** Where focus goes once a moved list is shown again: the button that moved it, if it can. */
interface MoveFocus {
  order: Order;
  id: number;
  direction: 'up' | 'down';
}

const moveButtonId = (order: Order, id: number, direction: 'up' | 'down') =>
  `move-${order}-${id}-${direction}`;

/** `ids` with the one at `index` swapped with its neighbour in `direction`. */
function moved(ids: readonly number[], index: number, direction: 'up' | 'down'): number[] {
  const next = [...ids];
  const other = direction === 'up' ? index - 1 : index + 1;
  const [a, b] = [next[index], next[other]];
  if (a === undefined || b === undefined) return next;
  next[index] = b;
  next[other] = a;
  return next;
}

/**
 * The shop's collections: made, renamed and put in order, in the shop overview (/shop) and,
 * apart, in the home page's directory of tiles.
 */
export function CollectionsScreen() {
  const collections = useApi<{ collections: AdminCollection[] }>('/collections');
  const outcome = useOutcome();
  const done = (message: string) => {
    outcome.done(message);
    collections.reload();
  };
  const { failed } = outcome;
  return (
    <>
      <h1>Collections</h1>
      {outcome.regions}
      <LoadState loaded={collections} label="collections">
        {({ collections: list }) => <Orders list={list} onDone={done} onFailed={failed} />}
      </LoadState>
      <NewCollectionForm onMade={done} onFailed={failed} />
    </>
  );
}

function Orders({
  list,
  onDone,
  onFailed,
}: {
  list: AdminCollection[];
  onDone: (message: string) => void;
  onFailed: (message: string) => void;
}) {
  const [editing, setEditing] = useState<number | null>(null);
  const [sending, setSending] = useState(false);
  const overview = list;
  const directory = [...list].sort((a, b) => a.tilePosition - b.tilePosition || a.id - b.id);

  // Once the list is shown in its new order, the moved collection's button has focus again (or
  // its other one, at an end of the list), so a keyboard user can go on moving it.
  const pendingFocus = useRef<MoveFocus | null>(null);
  useEffect(() => {
    if (!pendingFocus.current) return;
    const { order, id, direction } = pendingFocus.current;
    pendingFocus.current = null;
    const same = document.getElementById(moveButtonId(order, id, direction));
    const other = document.getElementById(
      moveButtonId(order, id, direction === 'up' ? 'down' : 'up'),
    );
    (same instanceof HTMLButtonElement && !same.disabled ? same : other)?.focus();
  }, [list]);

  const move = async (
    order: Order,
    rows: AdminCollection[],
    index: number,
    direction: 'up' | 'down',
  ) => {
    const collection = rows[index];
    if (!collection) return;
    setSending(true);
    const ids = moved(
      rows.map((row) => row.id),
      index,
      direction,
    );
    const result = await callApi(`/collection-order`, { method: 'PUT', body: { [order]: ids } });
    setSending(false);
    if (!result.ok) {
      onFailed(result.error.message);
      return;
    }
    pendingFocus.current = { order, id: collection.id, direction };
    const place = ids.indexOf(collection.id) + 1;
    onDone(
      `${collection.title} is now number ${place} of ${ids.length} in the ${order === 'overview' ? 'shop overview' : 'home directory'}.`,
    );
  };

  const moveButtons = (order: Order, rows: AdminCollection[], index: number) => {
    const collection = rows[index] as AdminCollection;
    const where = order === 'overview' ? 'in the shop' : 'on the home page';
    return (
      <div className="actions">
        {(['up', 'down'] as const).map((direction) => (
          <button
            key={direction}
            id={moveButtonId(order, collection.id, direction)}
            type="button"
            className="secondary"
            aria-label={`Move ${collection.title} ${direction} ${where}`}
            disabled={sending || (direction === 'up' ? index === 0 : index === rows.length - 1)}
            onClick={() => void move(order, rows, index, direction)}
          >
            {direction === 'up' ? 'Move up' : 'Move down'}
          </button>
        ))}
      </div>
    );
  };

  return (
    <>
      <div className="table-scroll">
        <table>
          <caption>Collections, in the shop overview’s order</caption>
          <thead>
            <tr>
              <th scope="col">Title</th>
              <th scope="col">Address</th>
              <th scope="col" className="number">
                On sale
              </th>
              <th scope="col">Order</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {overview.map((collection, index) => (
              <tr key={collection.id}>
                <th scope="row">{collection.title}</th>
                <td>
                  <a href={`/shop/${collection.routeName}`}>/shop/{collection.routeName}</a>
                </td>
                <td className="number">{collection.products}</td>
                <td>{moveButtons('overview', overview, index)}</td>
                <td>
                  {editing === collection.id ? (
                    <EditCollectionForm
                      collection={collection}
                      onCancel={() => setEditing(null)}
                      onSaved={(message) => {
                        setEditing(null);
                        onDone(message);
                      }}
                      onFailed={onFailed}
                    />
                  ) : (
                    <button
                      type="button"
                      className="secondary"
                      aria-label={`Rename ${collection.title}`}
                      onClick={() => setEditing(collection.id)}
                    >
                      Rename
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <section aria-labelledby="directory">
        <h2 id="directory">Home page tiles</h2>
        <p className="muted">The home page shows a tile for each collection, in this order.</p>
        <ol className="order-list">
          {directory.map((collection, index) => (
            <li key={collection.id}>
              <span>
                {collection.title}
                {collection.size === 'large' && <span className="muted"> (large tile)</span>}
              </span>
              {moveButtons('directory', directory, index)}
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}

/** A collection's title, address and tile picture; the old address then leads to the new. */
function EditCollectionForm({
  collection,
  onCancel,
  onSaved,
  onFailed,
}: {
  collection: AdminCollection;
  onCancel: () => void;
  onSaved: (message: string) => void;
  onFailed: (message: string) => void;
}) {
  const first = useRef<HTMLInputElement>(null);
  const [title, setTitle] = useState(collection.title);
  const [routeName, setRouteName] = useState(collection.routeName);
  const [imageUrl, setImageUrl] = useState(collection.imageUrl);
  const [sending, setSending] = useState(false);
  useEffect(() => first.current?.focus(), []);
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSending(true);
    const result = await callApi<AdminCollection>(`/collections/${collection.id}`, {
      method: 'PATCH',
      body: { title: title.trim(), routeName: routeName.trim(), imageUrl: imageUrl.trim() },
    });
    setSending(false);
    if (!result.ok) onFailed(result.error.message);
    else {
      const moved = result.data.routeName !== collection.routeName;
      onSaved(
        `Saved ${result.data.title}.${moved ? ` /shop/${collection.routeName} now leads to /shop/${result.data.routeName}.` : ''}`,
      );
    }
  };
  return (
    <form
      className="stack"
      aria-label={`Rename ${collection.title}`}
      onSubmit={(event) => void onSubmit(event)}
    >
      <label>
        Title
        <input
          ref={first}
          name="title"
          required
          maxLength={80}
          value={title}
          onChange={(event) => setTitle(event.target.value)}
        />
      </label>
      <label>
        Address
        <input
          name="routeName"
          required
          maxLength={40}
          aria-describedby={`address-hint-${collection.id}`}
          value={routeName}
          onChange={(event) => setRouteName(event.target.value)}
        />
      </label>
      <p id={`address-hint-${collection.id}`} className="muted">
        /shop/{routeName || '…'}: lower-case letters, digits and hyphens. Old links follow a change.
      </p>
      <PictureField label="Tile picture" kind="section" value={imageUrl} onChange={setImageUrl} />
      <div className="actions">
        <button type="submit" disabled={sending}>
          Save
        </button>
        <button type="button" className="secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function NewCollectionForm({
  onMade,
  onFailed,
}: {
  onMade: (message: string) => void;
  onFailed: (message: string) => void;
}) {
  const [title, setTitle] = useState('');
  // Follows the title until edited.
  const [routeName, setRouteName] = useState<string | null>(null);
  const [imageUrl, setImageUrl] = useState('');
  const [large, setLarge] = useState(false);
  const [made, setMade] = useState(0);
  const [sending, setSending] = useState(false);
  const address = routeName ?? slugify(title);
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSending(true);
    const result = await callApi<AdminCollection>('/collections', {
      method: 'POST',
      body: {
        title: title.trim(),
        ...(address ? { routeName: address } : {}),
        ...(imageUrl.trim() ? { imageUrl: imageUrl.trim() } : {}),
        size: large ? 'large' : null,
      },
    });
    setSending(false);
    if (!result.ok) {
      onFailed(result.error.message);
      return;
    }
    setTitle('');
    setRouteName(null);
    setImageUrl('');
    setLarge(false);
    // A fresh picture field too: its file input and "uploaded" line belong to the last one.
    setMade((count) => count + 1);
    onMade(
      `${result.data.title} is at /shop/${result.data.routeName}, with a tile on the home page.`,
    );
  };
  return (
    <section aria-labelledby="new-collection">
      <h2 id="new-collection">Add a collection</h2>
      <form className="stack" onSubmit={(event) => void onSubmit(event)}>
        <label>
          Title
          <input
            name="title"
            required
            maxLength={80}
            value={title}
            onChange={(event) => setTitle(event.target.value)}
          />
        </label>
        <label>
          Address
          <input
            name="routeName"
            maxLength={40}
            aria-describedby="new-address-hint"
            value={address}
            onChange={(event) => setRouteName(event.target.value)}
          />
        </label>
        <p id="new-address-hint" className="muted">
          /shop/{address || '…'}: made from the title unless you change it.
        </p>
        <PictureField
          key={made}
          label="Tile picture (optional)"
          kind="section"
          value={imageUrl}
          onChange={setImageUrl}
        />
        <p className="muted">
          Without one, the tile shows the first home page tile’s picture until you choose one.
        </p>
        <label className="check">
          <input
            type="checkbox"
            checked={large}
            onChange={(event) => setLarge(event.target.checked)}
          />
          Large tile
        </label>
        <div>
          <button type="submit" disabled={sending}>
            Add collection
          </button>
        </div>
      </form>
    </section>
  );
}
