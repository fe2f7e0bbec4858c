import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  auditQuery,
  customerQuery,
  grantBody,
  idParams,
  userIdParams,
} from '#shared/back-office-schemas.ts';
import { apiErrorSchema } from '#shared/api-errors.ts';
import {
  auditListSchema,
  customerDetailSchema,
  customerListSchema,
  dashboardSchema,
  grantAnswerSchema,
  meSchema,
  openApiDocumentSchema,
  revokeAnswerSchema,
  staffListSchema,
  type StaffRole,
} from '#shared/back-office-api.ts';
import type {
  AccountRolesService,
  AccountsService,
  Role,
  SignedInSession,
} from '#server/modules/accounts/accounts-service.ts';
import { errorBody } from '#server/platform/http/error-handler.ts';
import type { CreateLimiter } from '#server/platform/rate-limit.ts';
import {
  BACK_OFFICE_API,
  PAGE_SIZE,
  orderSummary as summary,
  type BackOfficeKit,
  type BackOfficeRoute,
  type Needs,
} from './backoffice-kit.ts';
import {
  CATALOGUE_ROUTES,
  catalogueAdminRoutes,
  type CatalogueAdminDeps,
} from './catalogue-admin-routes.ts';
import { ORDER_ROUTES, orderAdminRoutes, type OrderAdminDeps } from './order-admin-routes.ts';
import {
  PICTURE_ROUTES,
  pictureAdminRoutes,
  type PictureAdminDeps,
} from './picture-admin-routes.ts';
import {
  SETTINGS_ROUTES,
  settingsAdminRoutes,
  type SettingsAdminDeps,
} from './settings-admin-routes.ts';

export { BACK_OFFICE_API } from './backoffice-kit.ts';

/** The shop's own back-office routes: who is signed in, the dashboard, customers, staff, audit. */
const SHOP_ROUTES: readonly BackOfficeRoute[] = [
  { method: 'GET', url: `${BACK_OFFICE_API}/me`, needs: 'staff' },
  { method: 'GET', url: `${BACK_OFFICE_API}/dashboard`, needs: 'staff' },
  { method: 'GET', url: `${BACK_OFFICE_API}/customers`, needs: 'staff' },
  { method: 'GET', url: `${BACK_OFFICE_API}/customers/:id`, needs: 'staff' },
  { method: 'GET', url: `${BACK_OFFICE_API}/staff`, needs: 'owner' },
  { method: 'POST', url: `${BACK_OFFICE_API}/staff`, needs: 'owner' },
  { method: 'DELETE', url: `${BACK_OFFICE_API}/staff/:userId`, needs: 'owner' },
  { method: 'GET', url: `${BACK_OFFICE_API}/audit`, needs: 'owner' },
  // The API's OpenAPI document, made from the routes' schemas (ADR 054).
  { method: 'GET', url: `${BACK_OFFICE_API}/openapi.json`, needs: 'staff' },
];

/** Every back-office route, for the guard and for the test that tries each as every role. */
export const BACK_OFFICE_ROUTES: readonly BackOfficeRoute[] = [
  ...SHOP_ROUTES,
  ...ORDER_ROUTES,
  ...CATALOGUE_ROUTES,
  ...PICTURE_ROUTES,
  ...SETTINGS_ROUTES,
];

const ALLOWED: Record<Needs, readonly Role[]> = {
  staff: ['staff', 'owner'],
  owner: ['owner'],
};

export interface BackOfficeRoutesOptions
  extends OrderAdminDeps, CatalogueAdminDeps, PictureAdminDeps, SettingsAdminDeps {
  accounts: AccountsService;
  roles: AccountRolesService;
  /** Sizes running low, for the dashboard (the catalogue module's). */
  lowStock: () => Promise<{ productId: number; name: string; size: string; stock: number }[]>;
  createLimiter: CreateLimiter;
  /** Back-office requests per minute per account. */
  requestsPerMinute?: number;
}

/** Any change that would leave the shop with no owner, refused (issue 33). */
const lastOwner = (reply: FastifyReply) =>
  reply
    .status(409)
    .send(
      errorBody(
        409,
        'LAST_OWNER',
        'The shop needs an owner: make another owner before this one stops being one.',
      ),
    );

const DASHBOARD_DAYS = 30;

/**
 * The back office's API (issue 14, ADR 042), under /api/admin. Every route answers 401 to a
 * request without a session and 403 to a shopper (and to staff on the owner's routes), checked
 * on every request from the session cookie and the role in the database, before the body is
 * read. State changes pass the shop's cross-site guard like every other, are limited per
 * account, and are written to the audit trail.
 */
export function backOfficeRoutes(
  app: FastifyInstance,
  options: BackOfficeRoutesOptions,
): Promise<void> {
  const { accounts, roles, orders, audit } = options;
  const limiter = options.createLimiter({
    name: 'back-office',
    max: options.requestsPerMinute ?? 600,
    windowMs: 60_000,
  });
  const sessions = new WeakMap<FastifyRequest, SignedInSession>();
  const needsOf = new Map(
    BACK_OFFICE_ROUTES.map((route) => [`${route.method} ${route.url}`, route.needs]),
  );

  // Hooks of this plugin apply to its routes only.
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-robots-tag', 'noindex');
    const needs = needsOf.get(`${request.method} ${request.routeOptions.url ?? ''}`) ?? 'owner';
    const session = await accounts.currentSession(request.headers);
    if (!session) {
      return reply
        .status(401)
        .send(errorBody(401, 'UNAUTHENTICATED', 'Sign in with a staff account.'));
    }
    const role = await roles.roleOf(session.user.id);
    if (!ALLOWED[needs].includes(role)) {
      return reply
        .status(403)
        .send(
          errorBody(
            403,
            'FORBIDDEN',
            needs === 'owner' ? 'Only an owner may do this.' : 'This is for the shop’s staff.',
          ),
        );
    }
    const wait = await limiter.hit(request, session.user.id);
    if (wait > 0) {
      return reply
        .status(429)
        .header('retry-after', String(wait))
        .send({ code: 'TOO_MANY_ATTEMPTS', message: 'Too many requests. Try again in a minute.' });
    }
    sessions.set(request, session);
    return undefined;
  });

  const actorOf = (request: FastifyRequest) => {
    const session = sessions.get(request);
    if (!session) throw new Error('back-office route reached without the guard');
    return { id: session.user.id, email: session.user.email };
  };

  const kit: BackOfficeKit = { actorOf };
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Children of this plugin, so the guard above runs before each of their routes.
  void app.register(orderAdminRoutes, { ...options, kit });
  void app.register(catalogueAdminRoutes, { ...options, kit });
  void app.register(pictureAdminRoutes, { ...options, kit });
  void app.register(settingsAdminRoutes, { ...options, kit });

  api.get(
    `${BACK_OFFICE_API}/me`,
    { schema: { response: { 200: meSchema, '4xx': apiErrorSchema } } },
    async (request) => {
      const actor = actorOf(request);
      return {
        ...actor,
        // The guard let only staff and owners through.
        role: (await roles.roleOf(actor.id)) as StaffRole,
        // The back office names the shop as its owner set it (ADR 048).
        shopName: (await options.settings.settings()).name,
      };
    },
  );

  api.get(
    `${BACK_OFFICE_API}/dashboard`,
    { schema: { response: { 200: dashboardSchema, '4xx': apiErrorSchema } } },
    async () => {
      const today = new Date().toISOString().slice(0, 10);
      const first = new Date(
        Date.parse(`${today}T00:00:00.000Z`) - (DASHBOARD_DAYS - 1) * 86_400_000,
      );
      const totals = new Map(
        (await orders.dailyTotals(first.toISOString().slice(0, 10))).map((row) => [row.day, row]),
      );
      const days = Array.from({ length: DASHBOARD_DAYS }, (_, index) => {
        const date = new Date(first.getTime() + index * 86_400_000).toISOString().slice(0, 10);
        const found = totals.get(date);
        return { date, orders: found?.orders ?? 0, revenue: found?.revenue ?? 0 };
      });
      const last = days[days.length - 1];
      return {
        today: { orders: last?.orders ?? 0, revenue: last?.revenue ?? 0 },
        days,
        lowStock: await options.lowStock(),
      };
    },
  );

  api.get(
    `${BACK_OFFICE_API}/customers`,
    {
      schema: {
        querystring: customerQuery,
        response: { 200: customerListSchema, '4xx': apiErrorSchema },
      },
    },
    async (request) => {
      const { q, page } = request.query;
      const { accounts, total } = await roles.listAccounts({
        q: q || undefined,
        limit: PAGE_SIZE,
        offset: (page - 1) * PAGE_SIZE,
      });
      const stats = await orders.statsByUser(accounts.map((account) => account.id));
      return {
        customers: accounts.map((account) => ({
          ...account,
          orders: stats.get(account.id)?.orders ?? 0,
          spent: stats.get(account.id)?.spent ?? 0,
        })),
        total,
        page,
        pageSize: PAGE_SIZE,
      };
    },
  );

  api.get(
    `${BACK_OFFICE_API}/customers/:id`,
    {
      schema: { params: idParams, response: { 200: customerDetailSchema, '4xx': apiErrorSchema } },
    },
    async (request, reply) => {
      const customer = await roles.findAccount(request.params.id);
      if (!customer)
        return reply.status(404).send(errorBody(404, 'NOT_FOUND', 'No such customer.'));
      return { customer, orders: (await orders.allForUser(customer.id)).map(summary) };
    },
  );

  api.get(
    `${BACK_OFFICE_API}/staff`,
    { schema: { response: { 200: staffListSchema, '4xx': apiErrorSchema } } },
    async () => ({
      staff: await roles.roleHolders(),
    }),
  );

  api.post(
    `${BACK_OFFICE_API}/staff`,
    { schema: { body: grantBody, response: { 200: grantAnswerSchema, '4xx': apiErrorSchema } } },
    async (request, reply) => {
      const grant = request.body;
      const user = await roles.findByEmail(grant.email);
      if (!user) {
        return reply
          .status(404)
          .send(
            errorBody(
              404,
              'NO_ACCOUNT',
              'No account uses that address. Ask them to sign up first.',
            ),
          );
      }
      const before = await roles.grantRole(user.id, grant.role, actorOf(request).id);
      if (before === 'last_owner') return lastOwner(reply);
      if (before !== grant.role) {
        await audit.record(
          actorOf(request),
          'role.grant',
          `account:${user.id}`,
          { role: before },
          { role: grant.role },
        );
      }
      return { userId: user.id, email: user.email, role: grant.role };
    },
  );

  api.delete(
    `${BACK_OFFICE_API}/staff/:userId`,
    {
      schema: {
        params: userIdParams,
        response: { 200: revokeAnswerSchema, '4xx': apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { userId } = request.params;
      const role = await roles.revokeRole(userId);
      if (role === 'last_owner') return lastOwner(reply);
      if (role === 'shopper') {
        return reply.status(404).send(errorBody(404, 'NOT_FOUND', 'This account has no role.'));
      }
      await audit.record(
        actorOf(request),
        'role.revoke',
        `account:${userId}`,
        { role },
        { role: 'shopper' },
      );
      return { userId, role: 'shopper' as const };
    },
  );

  api.get(
    `${BACK_OFFICE_API}/audit`,
    {
      schema: {
        querystring: auditQuery,
        response: { 200: auditListSchema, '4xx': apiErrorSchema },
      },
    },
    async (request) => {
      return { entries: await audit.list(PAGE_SIZE, request.query.before) };
    },
  );

  // Every /api route with its schemas, as the platform's @fastify/swagger collected them.
  app.get(
    `${BACK_OFFICE_API}/openapi.json`,
    { schema: { response: { 200: openApiDocumentSchema, '4xx': apiErrorSchema } } },
    () => app.swagger(),
  );

  return Promise.resolve();
}
