import type { FastifyInstance } from 'fastify';
import { shopSettingsBody } from '#shared/shop-settings-schema.ts';
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
  audit: AuditService;
}

/**
 * The shop's settings (ADR 048), the owner's alone: its name, contact details and contact page.
 * A save is every field at once; it shows on every server's pages within a second.
 */
export function settingsAdminRoutes(
  app: FastifyInstance,
  { actorOf, invalid }: BackOfficeKit,
  { settings, audit }: SettingsAdminDeps,
) {
  app.get(`${BACK_OFFICE_API}/settings`, () => settings.settings());

  app.put(`${BACK_OFFICE_API}/settings`, async (request, reply) => {
    const parsed = shopSettingsBody.safeParse(request.body ?? {});
    if (!parsed.success) return invalid(reply, parsed.error);
    const { before, after, changed } = await settings.update(parsed.data);
    if (changed) {
      await audit.record(actorOf(request), 'settings.update', 'settings:shop', before, after);
    }
    return after;
  });
}
