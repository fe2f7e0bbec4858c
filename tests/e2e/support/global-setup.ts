import { startShop } from './shop-server.ts';

/** Starts one shop for the whole run; specs reach it through the baseURL fixture. */
export default async function globalSetup() {
  const shop = await startShop();
  process.env.SHOP_URL = shop.url;
  process.env.SHOP_PAYMENT_URL = shop.paymentUrl;
  process.env.SHOP_DATA_DIR = shop.dataDir;
  return () => shop.stop();
}
