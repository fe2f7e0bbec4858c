import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import path from 'node:path';
import { SHOP_LOGO_DATA_URL } from '#server/modules/settings/settings-service.ts';
import { PAYMENT_BASE_PATH, paymentsRoutes } from './payments-routes.ts';
import { createPaymentService } from './payments-service.ts';

/** Where the card widget is served (the platform lets the payment host serve only this). */
export { PAYMENT_BASE_PATH };

/** The card widget and its token service: the shop's stand-in for a payment provider (ADR 019). */
export const paymentsModule = fp(
  async (app: FastifyInstance) => {
    const { config, settings, pictures } = app;
    await app.register(paymentsRoutes, {
      publicUrl: config.PUBLIC_URL,
      paymentUrl: config.PAYMENT_URL,
      // Built beside the client by `npm run build` (ADR 056); `npm run dev` builds it at start.
      widgetDir: path.resolve(config.CLIENT_DIR, '../widget'),
      payments: createPaymentService(app.database.db),
      createLimiter: app.createLimiter,
      tokenAttemptsPerMinute: config.PAYMENT_TOKEN_LIMIT_PER_MINUTE,
      // The card form names the shop as its owner set it (ADR 048).
      merchant: async () => {
        const { name, logo } = await settings.settings();
        // The logo travels inside the form, which lives on the provider's origin (as a real
        // provider keeps the merchant's logo itself).
        const file = logo && (await pictures.variant(`${logo.split('/').at(-1) ?? ''}-160.jpg`));
        return {
          name,
          image: file
            ? `data:image/jpeg;base64,${file.bytes.toString('base64')}`
            : SHOP_LOGO_DATA_URL,
        };
      },
    });
  },
  { name: 'payments', dependencies: ['platform', 'settings', 'pictures'] },
);
