/**
 * The starting catalogue as /work/shared/spec/catalogue.md lists it, written out here on purpose
 * rather than imported from src/shared: the specs check the shop against the spec, so a mistake
 * in the app's own catalogue must make them fail.
 */
export const COLLECTION_IDS = ['hats', 'sneakers', 'jackets', 'womens', 'mens'] as const;
export type CollectionId = (typeof COLLECTION_IDS)[number];

export interface CatalogueItem {
  id: number;
  name: string;
  /** Whole US dollars, as the spec shows them ($25). */
  price: number;
}

type Row = readonly [id: number, name: string, price: number];

const rows = (list: readonly Row[]): CatalogueItem[] =>
  list.map(([id, name, price]) => ({ id, name, price }));

export const CATALOGUE: Record<CollectionId, readonly CatalogueItem[]> = {
  hats: rows([
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
  sneakers: rows([
    [10, 'Adidas NMD', 220],
    [11, 'Adidas Yeezy', 280],
    [12, 'Black Converse', 110],
    [13, 'Nike White AirForce', 160],
    [14, 'Nike Red High Tops', 160],
    [15, 'Nike Brown High Tops', 160],
    [16, 'Air Jordan Limited', 190],
    [17, 'Timberlands', 200],
  ]),
  jackets: rows([
    [18, 'Black Jean Shearling', 125],
    [19, 'Blue Jean Jacket', 90],
    [20, 'Grey Jean Jacket', 90],
    [21, 'Brown Shearling', 165],
    [22, 'Tan Trench', 185],
  ]),
  womens: rows([
    [23, 'Blue Tanktop', 25],
    [24, 'Floral Blouse', 20],
    [25, 'Floral Dress', 80],
    [26, 'Red Dots Dress', 80],
    [27, 'Striped Sweater', 45],
    [28, 'Yellow Track Suit', 135],
    [29, 'White Blouse', 20],
  ]),
  mens: rows([
    [30, 'Camo Down Vest', 325],
    [31, 'Floral T-shirt', 20],
    [32, 'Black & White Longsleeve', 25],
    [33, 'Pink T-shirt', 25],
    [34, 'Jean Long Sleeve', 40],
    [35, 'Burgundy T-shirt', 25],
  ]),
};

/** Home page tiles, in the spec's order; womens and mens are large. */
export const SECTIONS = [
  { title: 'hats', large: false },
  { title: 'jackets', large: false },
  { title: 'sneakers', large: false },
  { title: 'womens', large: true },
  { title: 'mens', large: true },
] as const;

/** The item of that name; throws on a typo so a spec never checks nothing. */
export function itemNamed(name: string): CatalogueItem {
  for (const id of COLLECTION_IDS) {
    const found = CATALOGUE[id].find((item) => item.name === name);
    if (found) return found;
  }
  throw new Error(`No item named ${name} in the catalogue`);
}

/** `$25`: how the shop shows a whole-dollar price. */
export const dollars = (amount: number): string => `$${amount}`;

/** Escapes text for use inside a RegExp. */
export const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
