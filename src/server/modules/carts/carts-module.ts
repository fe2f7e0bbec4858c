import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { cartsRoutes } from './carts-routes.ts';
import { createCartService, type CartService } from './carts-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Each signed-in shopper's cart, kept with the account (ADR 025). */
    carts: CartService;
  }
}

/** Each signed-in shopper's cart, kept with the account, merged at sign-in (ADR 025). */
export const cartsModule = fp(
  async (app: FastifyInstance) => {
    const carts = createCartService({ db: app.database.db, catalogue: app.catalogue });
    app.decorate('carts', carts);
    await app.register(cartsRoutes, {
      accounts: app.accounts,
      carts,
      createLimiter: app.createLimiter,
      writesPerMinute: app.config.CART_WRITE_LIMIT_PER_MINUTE,
    });
  },
  { name: 'carts', dependencies: ['platform', 'catalogue', 'accounts'] },
);
