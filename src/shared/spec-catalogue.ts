import type { Item, Section } from './catalogue.ts';
import { ITEM_IMAGE, SECTION_IMAGE, imageBaseUrl, slugify } from './images.ts';
import { dollars } from './money.ts';

/*
 * The spec's starting catalogue (../shared/spec/catalogue.md) as data: what the catalogue module
 * seeds the database from, the picture build draws, and tests use. The shop reads its catalogue
 * from the database as it is now; the cart never imports this (a lint rule, ADR 053).
 */

export type CollectionId = 'hats' | 'sneakers' | 'jackets' | 'womens' | 'mens';

export interface Collection {
  id: number;
  title: string;
  routeName: CollectionId;
  items: Item[];
}

/** Collections keyed by collection id, as the spec holds them. */
export type CollectionsMap = Record<CollectionId, Collection>;

type Row = readonly [id: number, name: string, priceInDollars: number];

function collection(id: number, routeName: CollectionId, rows: readonly Row[]): Collection {
  return {
    id,
    title: routeName.charAt(0).toUpperCase() + routeName.slice(1),
    routeName,
    items: rows.map(([itemId, name, price]) => ({
      id: itemId,
      name,
      imageUrl: imageBaseUrl(ITEM_IMAGE, slugify(name)),
      price: dollars(price),
    })),
  };
}

/** The starting catalogue of ../shared/spec/catalogue.md: five collections, 35 items. */
export const COLLECTIONS: CollectionsMap = {
  hats: collection(1, 'hats', [
    [1, 'Brown Brim', 25],
    [2, 'Blue Beanie', 18],
    [3, 'Brown Cowboy', 35],
    [4, 'Grey Brim', 25],
    [5, 'Green Beanie', 18],
    [6, 'Palm Tree Cap', 14],
    [7, 'Red Beanie', 18],
    [8, 'Wolf Cap', 14],
    [9, 'Blue Snapback', 16],
  ]),
  sneakers: collection(2, 'sneakers', [
    [10, 'Adidas NMD', 220],
    [11, 'Adidas Yeezy', 280],
    [12, 'Black Converse', 110],
    [13, 'Nike White AirForce', 160],
    [14, 'Nike Red High Tops', 160],
    [15, 'Nike Brown High Tops', 160],
    [16, 'Air Jordan Limited', 190],
    [17, 'Timberlands', 200],
  ]),
  jackets: collection(3, 'jackets', [
    [18, 'Black Jean Shearling', 125],
    [19, 'Blue Jean Jacket', 90],
    [20, 'Grey Jean Jacket', 90],
    [21, 'Brown Shearling', 165],
    [22, 'Tan Trench', 185],
  ]),
  womens: collection(4, 'womens', [
    [23, 'Blue Tanktop', 25],
    [24, 'Floral Blouse', 20],
    [25, 'Floral Dress', 80],
    [26, 'Red Dots Dress', 80],
    [27, 'Striped Sweater', 45],
    [28, 'Yellow Track Suit', 135],
    [29, 'White Blouse', 20],
  ]),
  mens: collection(5, 'mens', [
    [30, 'Camo Down Vest', 325],
    [31, 'Floral T-shirt', 20],
    [32, 'Black & White Longsleeve', 25],
    [33, 'Pink T-shirt', 25],
    [34, 'Jean Long Sleeve', 40],
    [35, 'Burgundy T-shirt', 25],
  ]),
};

/** Collection ids in catalogue order. */
export const COLLECTION_IDS = Object.keys(COLLECTIONS) as CollectionId[];

export function isCollectionId(value: string): value is CollectionId {
  return Object.hasOwn(COLLECTIONS, value);
}

const itemsById = new Map<number, Item>(
  COLLECTION_IDS.flatMap((id) => COLLECTIONS[id].items.map((item) => [item.id, item] as const)),
);

/** Looks an item up by id across all collections; undefined when no such item is on sale. */
export function findItem(id: number): Item | undefined {
  return itemsById.get(id);
}

/** The home page directory, in the catalogue's order (hats, jackets, sneakers, womens, mens). */
export const SECTIONS: Section[] = (
  [
    ['hats', undefined],
    ['jackets', undefined],
    ['sneakers', undefined],
    ['womens', 'large'],
    ['mens', 'large'],
  ] as const
).map(([title, size], index) => ({
  id: index + 1,
  title,
  imageUrl: imageBaseUrl(SECTION_IMAGE, title),
  linkUrl: `shop/${title}`,
  ...(size ? { size } : {}),
}));
