import type { Product } from '#shared/catalogue-model.ts';
import { ITEM_IMAGE, imageVariantUrl } from '#shared/images.ts';
import type { Cents } from '#shared/money.ts';
import { availabilityOf, type Availability } from './stock.ts';

/** `2550` cents as schema.org wants a price, `"25.50"`, without float arithmetic. */
export function decimalPrice(amount: Cents): string {
  return `${Math.floor(amount / 100)}.${String(amount % 100).padStart(2, '0')}`;
}

const SCHEMA_AVAILABILITY: Record<Availability, string> = {
  'in-stock': 'https://schema.org/InStock',
  low: 'https://schema.org/LimitedAvailability',
  'sold-out': 'https://schema.org/OutOfStock',
};

/**
 * schema.org Product for a product page: one Offer per size with its price and availability, so
 * a search engine can say which sizes are left. `url` is the page's absolute canonical address;
 * pictures are made absolute against it.
 */
export function productStructuredData(product: Product, url: string, brand: string) {
  const largest = ITEM_IMAGE.widths.at(-1) ?? 0;
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    '@id': url,
    name: product.name,
    description: product.description,
    sku: String(product.id),
    url,
    image: new URL(imageVariantUrl(product.imageUrl, largest, 'jpg'), url).href,
    color: product.colour,
    brand: { '@type': 'Brand', name: brand },
    offers: product.sizes.map((size) => ({
      '@type': 'Offer',
      ...(size.size ? { name: size.size, sku: `${product.id}-${size.size}` } : {}),
      url,
      price: decimalPrice(product.price),
      priceCurrency: 'USD',
      availability: SCHEMA_AVAILABILITY[availabilityOf(size)],
    })),
  };
}
