import {
  COLLECTION_IDS,
  COLLECTIONS,
  SECTIONS,
  type CollectionId,
} from '#shared/spec-catalogue.ts';
import { LOW_STOCK_THRESHOLD, SIZES_BY_KIND, type SizeKind } from '#shared/catalogue-model.ts';
import { seededRandom } from '#shared/seeded-random.ts';
import type { CollectionInput, ProductInput } from './catalogue-repository.ts';

/** What the spec leaves to us for each of its 35 items: a short description and a colour word. */
const DETAILS: Record<number, readonly [colour: string, description: string]> = {
  1: ['brown', 'A brown felt hat with a wide, stiff brim and a dark band.'],
  2: ['blue', 'A soft blue knitted beanie with a folded cuff.'],
  3: ['brown', 'A brown cowboy hat in suede-finish felt with a pinched crown.'],
  4: ['grey', 'A grey felt hat with a wide brim and a black band.'],
  5: ['green', 'A green ribbed beanie in warm knit, with a folded cuff.'],
  6: ['multi', 'A cotton cap printed with palm trees, with an adjustable strap.'],
  7: ['red', 'A bright red knitted beanie with a folded cuff.'],
  8: ['grey', 'A cap with a howling wolf on the front and a curved peak.'],
  9: ['blue', 'A blue snapback cap with a flat peak and a snap strap.'],
  10: ['black', 'Adidas NMD running shoes: black knit uppers on a light, cushioned sole.'],
  11: ['grey', 'Adidas Yeezy sneakers in a grey knit with a chunky sole.'],
  12: ['black', 'Black canvas Converse high tops with a white rubber toe.'],
  13: ['white', 'Nike Air Force 1 in white leather, low cut.'],
  14: ['red', 'Red Nike high tops in leather with a padded ankle.'],
  15: ['brown', 'Brown Nike high tops in suede with a padded ankle.'],
  16: ['red', 'A limited Air Jordan in red, black and white leather.'],
  17: ['tan', 'Timberland boots in waterproof tan nubuck with a lug sole.'],
  18: ['black', 'A black denim jacket lined with warm shearling.'],
  19: ['blue', 'A classic blue denim jacket with button pockets.'],
  20: ['grey', 'A grey denim jacket with button pockets.'],
  21: ['brown', 'A brown suede jacket lined with shearling.'],
  22: ['tan', 'A tan double-breasted trench coat with a belt.'],
  23: ['blue', 'A light blue cotton tank top.'],
  24: ['multi', 'A flowing blouse printed with flowers.'],
  25: ['multi', 'A knee-length dress printed with flowers.'],
  26: ['red', 'A red dress with white polka dots.'],
  27: ['multi', 'A knitted sweater with broad stripes.'],
  28: ['yellow', 'A yellow track suit: zip jacket and trousers with side stripes.'],
  29: ['white', 'A crisp white blouse with a soft collar.'],
  30: ['green', 'A down vest printed in green camouflage.'],
  31: ['multi', 'A cotton T-shirt printed with flowers.'],
  32: ['black', 'A long-sleeved top in black and white stripes.'],
  33: ['pink', 'A pink cotton T-shirt.'],
  34: ['blue', 'A long-sleeved shirt in blue denim.'],
  35: ['red', 'A burgundy cotton T-shirt.'],
};

const KIND_OF_COLLECTION: Record<CollectionId, SizeKind> = {
  hats: 'hat',
  sneakers: 'shoe',
  jackets: 'clothing',
  womens: 'clothing',
  mens: 'clothing',
};

/**
 * Stock for each size: about one size in eight sold out, one in eight low (1..LOW_STOCK_THRESHOLD),
 * the rest plentiful; every product keeps at least one plentiful size, so ADD TO CART on the
 * overview always finds one.
 */
export function seededStock(productId: number, sizes: readonly string[]): Record<string, number> {
  const random = seededRandom(productId * 7919);
  const stock: Record<string, number> = {};
  for (const size of sizes) {
    const roll = random();
    stock[size] =
      roll < 0.12
        ? 0
        : roll < 0.25
          ? 1 + Math.floor(random() * LOW_STOCK_THRESHOLD)
          : 5 + Math.floor(random() * 36);
  }
  if (!sizes.some((size) => (stock[size] ?? 0) > LOW_STOCK_THRESHOLD) && sizes[0] !== undefined) {
    stock[sizes[sizes.length - 1] ?? sizes[0]] = 12;
  }
  return stock;
}

/**
 * Known stock for the first item, so tests and pages can rely on a sold-out and a low size:
 * Brown Brim is sold out in S and has 2 left in M.
 */
const FIXED_STOCK: Record<number, Record<string, number>> = { 1: { S: 0, M: 2, L: 14 } };

/** The first item is made at this moment; each later id one minute later, so newest is last. */
const SEED_EPOCH = Date.UTC(2026, 0, 1);

/** The spec's catalogue as rows: five collections, 35 products with sizes and stock. */
export function specCatalogue(): { collections: CollectionInput[]; products: ProductInput[] } {
  const collections = COLLECTION_IDS.map((routeName, index): CollectionInput => {
    const { id, title } = COLLECTIONS[routeName];
    const tileIndex = SECTIONS.findIndex((section) => section.title === routeName);
    const section = SECTIONS[tileIndex];
    if (!section) throw new Error(`No home tile for ${routeName}`);
    return {
      id,
      routeName,
      title,
      position: index + 1,
      tilePosition: tileIndex + 1,
      imageUrl: section.imageUrl,
      size: section.size ?? null,
    };
  });
  const products = COLLECTION_IDS.flatMap((routeName) =>
    COLLECTIONS[routeName].items.map((item, index): ProductInput => {
      const details = DETAILS[item.id];
      if (!details) throw new Error(`No description for item ${item.id}`);
      const sizeKind = KIND_OF_COLLECTION[routeName];
      return {
        id: item.id,
        collection: routeName,
        name: item.name,
        description: details[1],
        price: item.price,
        imageUrl: item.imageUrl,
        colour: details[0],
        sizeKind,
        position: index + 1,
        createdAt: new Date(SEED_EPOCH + item.id * 60_000).toISOString(),
        stock: FIXED_STOCK[item.id] ?? seededStock(item.id, SIZES_BY_KIND[sizeKind]),
      };
    }),
  );
  return { collections, products };
}
