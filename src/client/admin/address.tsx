import { lazy } from '#shared/lazy.ts';
import type { Order } from './types.ts';

type Address = NonNullable<Order['shippingAddress']>;

const regionNames = lazy(() => new Intl.DisplayNames(['en'], { type: 'region' }));

/** A postal address as the label on a parcel shows it. */
export function AddressLines({ address }: { address: Address | null }) {
  if (!address) return <p className="muted">None given.</p>;
  return (
    <address>
      {address.name}
      <br />
      {address.line1}
      <br />
      {address.zip} {address.city}
      <br />
      {regionNames().of(address.country) ?? address.country}
    </address>
  );
}
