import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { shopSettingsBody, shopSettingsSchema } from '#shared/shop-settings-schema.ts';
import { apiErrorSchema } from '#shared/api-errors.ts';
import { errorBody } from '#server/platform/http/error-handler.ts';
import type { AuditService } from '#server/modules/audit/audit-service.ts';
import type { SettingsService } from '#server/modules/settings/settings-service.ts';
import { BACK_OFFICE_API, type BackOfficeKit, type BackOfficeRoute } from './backoffice-kit.ts';

export const SETTINGS_ROUTES: readonly BackOfficeRoute[] = [
  { method: 'GET', url: `${BACK_OFFICE_API}/settings`, needs: 'owner' },
  { method: 'PUT', url: `${BACK_OFFICE_API}/settings`, needs: 'owner' },
];

export interface SettingsAdminDeps {
  /** The settings module's service. */
  settings: Pick<SettingsService, 'settings' | 'update'>;
  /** True when a base URL names an uploaded picture of the kind `logo` (the pictures module's). */
  isLogoStored: (imageUrl: string) => Promise<boolean>;
  audit: AuditService;
}

/**
 * The shop's settings (ADR 048), the owner's alone: its name, logo, contact details and contact
 * page.
 * A save is every field at once; it shows on every server's pages within a second.
 */
export function settingsAdminRoutes(
  app: FastifyInstance,
  { kit: { actorOf }, settings, isLogoStored, audit }: SettingsAdminDeps & { kit: BackOfficeKit },
): Promise<void> {
  app.get(
    `${BACK_OFFICE_API}/settings`,
    { schema: { response: { 200: shopSettingsSchema, '4xx': apiErrorSchema } } },
    () => settings.settings(),
  );

  app.withTypeProvider<ZodTypeProvider>().put(
    `${BACK_OFFICE_API}/settings`,
    {
      schema: {
        body: shopSettingsBody,
        response: { 200: shopSettingsSchema, '4xx': apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { logo } = request.body;
      if (logo && !(await isLogoStored(logo))) {
        return reply
          .status(400)
          .send(
            errorBody(
              400,
              'VALIDATION_ERROR',
              'That logo is not an uploaded logo. Upload the picture again.',
            ),
          );
      }
      const { before, after, changed } = await settings.update(request.body);
      if (changed) {
        await audit.record(actorOf(request), 'settings.update', 'settings:shop', before, after);
      }
      return after;
    },
  );
  return Promise.resolve();
}
