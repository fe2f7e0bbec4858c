import { describe, expect, it } from 'vitest';
import { testProduct } from '#client/test/products.ts';
import { productStructuredData } from './structured-data.ts';

const URL_OF_PAGE = 'https://shop.example/shop/hats/1-brown-brim';

describe('productStructuredData', () => {
  it('describes the product with an offer per size and its availability', () => {
    const data = productStructuredData(
      testProduct(1, { stock: [9, 3, 0] }),
      URL_OF_PAGE,
      'CRWN Clothing',
    );
    expect(data).toMatchObject({
      '@type': 'Product',
      name: 'Brown Brim',
      description: 'The Brown Brim, made to last.',
      url: URL_OF_PAGE,
      image: 'https://shop.example/images/items/brown-brim-640.jpg',
      brand: { name: 'CRWN Clothing' },
    });
    expect(data.offers.map((offer) => [offer.name, offer.price, offer.availability])).toEqual([
      ['S', '25.00', 'https://schema.org/InStock'],
      ['M', '25.00', 'https://schema.org/LimitedAvailability'],
      ['L', '25.00', 'https://schema.org/OutOfStock'],
    ]);
    expect(data.offers.every((offer) => offer.priceCurrency === 'USD')).toBe(true);
  });

  it('gives a one-size product one offer', () => {
    const data = productStructuredData(
      testProduct(6, { sizeKind: null, stock: [0] }),
      URL_OF_PAGE,
      'CRWN Clothing',
    );
    expect(data.offers).toEqual([
      {
        '@type': 'Offer',
        url: URL_OF_PAGE,
        price: '14.00',
        priceCurrency: 'USD',
        availability: 'https://schema.org/OutOfStock',
      },
    ]);
  });
});
