import Database from 'better-sqlite3';
import path from 'node:path';
import { startShop } from './shop-server.ts';

/** Starts one shop for the whole run; specs reach it through the baseURL fixture. */
export default async function globalSetup() {
  const shop = await startShop();
  // Every spec of the run buys from one catalogue: enough of each size in stock that none runs
  // out by chance, while the seed's sold-out sizes (Brown Brim in S) stay sold out (issue 13).
  const db = new Database(path.join(shop.dataDir, 'shop.sqlite'));
  try {
    db.prepare('update catalogue_stock set stock = 1000 where stock > 0').run();
  } finally {
    db.close();
  }
  process.env.SHOP_URL = shop.url;
  process.env.SHOP_PAYMENT_URL = shop.paymentUrl;
  process.env.SHOP_DATA_DIR = shop.dataDir;
  return () => shop.stop();
}
