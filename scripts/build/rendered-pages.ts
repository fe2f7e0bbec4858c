import path from 'node:path';
import {
  createCatalogueReader,
  seedCatalogue,
} from '#server/modules/catalogue/catalogue-service.ts';
import { openSqliteDatabase } from '#server/platform/database/database.ts';
import { migrateToLatest } from '#server/platform/database/migrate.ts';
import { dropModulePreloads } from '#server/site/module-preloads.ts';
import { loadServerBuild } from '#server/site/rendered-pages.ts';

/**
 * Pages the server renders at run time, one of each route (docs/decisions/035). Those a route
 * of another branch has not added yet render the not-found page, which costs no more.
 */
export const RENDERED_SAMPLES = [
  '/',
  '/shop',
  '/shop/hats',
  '/shop/hats/1-brown-brim',
  '/search?q=hat',
  // From the shop's settings (ADR 048).
  '/contact',
];

/**
 * The HTML the server sends for each sample page, rendered by the server build beside
 * `clientDir` from the spec's seeded catalogue in a database in memory; empty without a server
 * build.
 */
export async function renderedSamples(clientDir: string): Promise<Map<string, string>> {
  const pages = new Map<string, string>();
  const handler = await loadServerBuild(path.resolve(clientDir, '../server/index.js'));
  if (!handler) return pages;
  const database = openSqliteDatabase(':memory:');
  try {
    await migrateToLatest(database.db);
    await seedCatalogue(database.db);
    const catalogue = createCatalogueReader(database.db);
    for (const sample of RENDERED_SAMPLES) {
      const response = await handler(new Request(`http://localhost${sample}`), catalogue);
      pages.set(sample, dropModulePreloads(await response.text()).html);
    }
    catalogue.close();
  } finally {
    await database.close();
  }
  return pages;
}
