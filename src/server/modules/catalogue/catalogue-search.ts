import MiniSearch from 'minisearch';
import type { Product } from '#shared/catalogue-model.ts';

/** Longest search text the API takes. */
export const MAX_SEARCH_LENGTH = 100;

/**
 * English plurals to one form, enough for clothes: hats -> hat, dresses -> dress, and both
 * beanies and berries -> -ie (berry -> berrie too: only the index and the query see it). Both the
 * index and the query go through it, so either form finds the other. A word this gets wrong
 * still meets its other form within the fuzzy distance.
 */
export function singular(word: string): string {
  if (word.length <= 3) return word;
  if (word.endsWith('ies')) return word.slice(0, -1);
  if (/[^aeiou]y$/.test(word)) return `${word.slice(0, -1)}ie`;
  if (/(?:ss|x|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s') && !word.endsWith('ss') && !word.endsWith('us')) return word.slice(0, -1);
  return word;
}

const processTerm = (term: string) => singular(term.toLowerCase());

interface Document {
  id: number;
  name: string;
  description: string;
  collectionTitle: string;
  colour: string;
}

/**
 * A full-text index of the products on sale (ADR 034): name (boosted), description, collection
 * title and colour; case-blind, plural-blind, and forgiving of a small typo (one edit in five
 * letters: "snekers", "jaket").
 */
export function buildSearchIndex(
  products: readonly Product[],
  collectionTitles: ReadonlyMap<string, string>,
) {
  const index = new MiniSearch<Document>({
    fields: ['name', 'description', 'collectionTitle', 'colour'],
    processTerm,
    searchOptions: {
      boost: { name: 3, collectionTitle: 1.5, colour: 1.5 },
      // Short words must match exactly: "red" would otherwise find "bed" and "rod".
      fuzzy: (term) => (term.length >= 4 ? 0.2 : false),
      // The last word may be half typed.
      prefix: (term, index, terms) => index === terms.length - 1 && term.length >= 3,
      processTerm,
    },
  });
  index.addAll(
    products.map((product) => ({
      id: product.id,
      name: product.name,
      description: product.description,
      collectionTitle: collectionTitles.get(product.collection) ?? product.collection,
      colour: product.colour,
    })),
  );
  const byId = new Map(products.map((product) => [product.id, product]));
  const found = (ids: { id: unknown }[]) => ids.flatMap(({ id }) => byId.get(id as number) ?? []);

  return {
    /**
     * Products matching every word, best first; when no product has them all, those matching
     * any of them (a stray word does not empty the page).
     */
    search(text: string): Product[] {
      const all = found(index.search(text, { combineWith: 'AND' }));
      return all.length > 0 ? all : found(index.search(text, { combineWith: 'OR' }));
    },
  };
}

export type SearchIndex = ReturnType<typeof buildSearchIndex>;
