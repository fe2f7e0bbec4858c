import { writeFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { COLLECTION_IDS, COLLECTIONS, SECTIONS } from '#shared/spec-catalogue.ts';
import { SIZES_BY_KIND, type SizeKind } from '#shared/catalogue-model.ts';
import { seededRandom } from '#shared/seeded-random.ts';

/**
 * A large made-up catalogue in the import format (docs/catalogue-import.md), for the catalogue
 * benchmark: the spec's five collections, and products from id 36 up until the shop holds
 * `total`, named from colour, material and garment words so that searches find tens to hundreds
 * of them. Deterministic: the same total gives the same file.
 *
 *   node scripts/catalogue/generate.ts 10000 catalogue-10000.json
 */
const COLOURS = [
  'black',
  'white',
  'grey',
  'navy',
  'blue',
  'green',
  'red',
  'pink',
  'yellow',
  'tan',
  'brown',
  'olive',
];
const MATERIALS = [
  'Cotton',
  'Wool',
  'Linen',
  'Denim',
  'Suede',
  'Leather',
  'Canvas',
  'Knit',
  'Corduroy',
  'Velvet',
  'Fleece',
  'Silk',
];
const STYLES = [
  'Classic',
  'Slim',
  'Relaxed',
  'Vintage',
  'Cropped',
  'Oversized',
  'Striped',
  'Floral',
  'Checked',
  'Plain',
];
const GARMENTS: Record<string, { kind: SizeKind; words: string[]; dollars: [number, number] }> = {
  hats: {
    kind: 'hat',
    words: ['Beanie', 'Cap', 'Brim', 'Bucket Hat', 'Fedora', 'Snapback'],
    dollars: [12, 60],
  },
  sneakers: {
    kind: 'shoe',
    words: ['Sneakers', 'High Tops', 'Runners', 'Trainers', 'Boots', 'Slip-ons'],
    dollars: [60, 300],
  },
  jackets: {
    kind: 'clothing',
    words: ['Jacket', 'Bomber', 'Parka', 'Trench', 'Shearling', 'Windbreaker'],
    dollars: [80, 400],
  },
  womens: {
    kind: 'clothing',
    words: ['Dress', 'Blouse', 'Skirt', 'Tanktop', 'Sweater', 'Jumpsuit'],
    dollars: [20, 180],
  },
  mens: {
    kind: 'clothing',
    words: ['T-shirt', 'Shirt', 'Chinos', 'Hoodie', 'Longsleeve', 'Vest'],
    dollars: [20, 250],
  },
};
const SPEC_ITEMS = COLLECTION_IDS.flatMap((id) => COLLECTIONS[id].items);

const pick = <T>(random: () => number, list: readonly T[]): T =>
  list[Math.floor(random() * list.length)] as T;

const titleCase = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** The file's content for a shop of `total` products (the spec's 35 among them). */
export function generateCatalogue(total: number) {
  const random = seededRandom(total);
  const collections = COLLECTION_IDS.map((routeName) => {
    const section = SECTIONS.find((tile) => tile.title === routeName);
    return {
      id: COLLECTIONS[routeName].id,
      routeName,
      title: COLLECTIONS[routeName].title,
      image: section?.imageUrl ?? '',
      tileSize: section?.size ?? null,
      tilePosition: SECTIONS.findIndex((tile) => tile.title === routeName) + 1,
    };
  });
  const products = [];
  for (let id = SPEC_ITEMS.length + 1; id <= total; id += 1) {
    const routeName = pick(random, COLLECTION_IDS);
    const garment = GARMENTS[routeName] as (typeof GARMENTS)[string];
    const colour = pick(random, COLOURS);
    const material = pick(random, MATERIALS);
    const style = pick(random, STYLES);
    const word = pick(random, garment.words);
    const [low, high] = garment.dollars;
    const sizes = SIZES_BY_KIND[garment.kind];
    products.push({
      id,
      collection: routeName,
      name: `${style} ${titleCase(colour)} ${material} ${word}`,
      description: `A ${style.toLowerCase()} ${word.toLowerCase()} in ${colour} ${material.toLowerCase()}.`,
      price: `${low + Math.floor(random() * (high - low))}.${random() < 0.5 ? '00' : '99'}`,
      // Pictures the shop has: the spec's items in turn.
      image: (SPEC_ITEMS[id % SPEC_ITEMS.length] ?? SPEC_ITEMS[0])?.imageUrl ?? '',
      colour,
      sizeKind: garment.kind,
      stock: Object.fromEntries(
        sizes.map((size) => [size, random() < 0.15 ? 0 : Math.floor(random() * 40)]),
      ),
      createdAt: new Date(Date.UTC(2026, 0, 1) + id * 60_000).toISOString(),
    });
  }
  return { collections, products };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const total = Number(process.argv[2]);
  const file = process.argv[3];
  if (!Number.isInteger(total) || total < SPEC_ITEMS.length || !file) {
    process.stderr.write(
      'usage: node scripts/catalogue/generate.ts TOTAL FILE.json (TOTAL >= 35)\n',
    );
    process.exit(2);
  }
  await writeFile(file, JSON.stringify(generateCatalogue(total)));
  process.stdout.write(`Wrote ${total - SPEC_ITEMS.length} products to ${file}\n`);
}
