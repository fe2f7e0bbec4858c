import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Order } from '#shared/orders.ts';
import { z } from '#shared/zod.ts';
import type {
  AccountRolesService,
  AccountsService,
  Role,
  SignedInSession,
} from '#server/modules/accounts/accounts-service.ts';
import type { AuditService } from '#server/modules/audit/audit-service.ts';
import type { CatalogueService } from '#server/modules/catalogue/catalogue-service.ts';
import type { OrderService } from '#server/modules/orders/orders-service.ts';
import type { CreateLimiter } from '#server/platform/rate-limit.ts';

export const BACK_OFFICE_API = '/api/admin';

/** Who may use a back-office route: staff and owners, or owners only. */
type Needs = 'staff' | 'owner';

/** Every back-office route, for the guard and for the test that tries each as every role. */
export const BACK_OFFICE_ROUTES: readonly {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  url: string;
  needs: Needs;
}[] = [
  { method: 'GET', url: `${BACK_OFFICE_API}/me`, needs: 'staff' },
  { method: 'GET', url: `${BACK_OFFICE_API}/dashboard`, needs: 'staff' },
  { method: 'GET', url: `${BACK_OFFICE_API}/orders`, needs: 'staff' },
  { method: 'GET', url: `${BACK_OFFICE_API}/orders.csv`, needs: 'staff' },
  { method: 'GET', url: `${BACK_OFFICE_API}/customers`, needs: 'staff' },
  { method: 'GET', url: `${BACK_OFFICE_API}/customers/:id`, needs: 'staff' },
  { method: 'GET', url: `${BACK_OFFICE_API}/orders/:id`, needs: 'staff' },
  { method: 'POST', url: `${BACK_OFFICE_API}/orders/:id/shipment`, needs: 'staff' },
  { method: 'PATCH', url: `${BACK_OFFICE_API}/products/:id`, needs: 'staff' },
  { method: 'GET', url: `${BACK_OFFICE_API}/staff`, needs: 'owner' },
  { method: 'POST', url: `${BACK_OFFICE_API}/staff`, needs: 'owner' },
  { method: 'DELETE', url: `${BACK_OFFICE_API}/staff/:userId`, needs: 'owner' },
  { method: 'GET', url: `${BACK_OFFICE_API}/audit`, needs: 'owner' },
];

const ALLOWED: Record<Needs, readonly Role[]> = {
  staff: ['staff', 'owner'],
  owner: ['owner'],
};

export interface BackOfficeRoutesOptions {
  accounts: AccountsService;
  roles: AccountRolesService;
  orders: OrderService;
  audit: AuditService;
  /** The catalogue module's edit of a product's price and stock. */
  editProduct: CatalogueService['editProduct'];
  /** Sizes running low, for the dashboard (the catalogue module's). */
  lowStock: () => Promise<{ productId: number; name: string; size: string; stock: number }[]>;
  createLimiter: CreateLimiter;
  /** Back-office requests per minute per account. */
  requestsPerMinute?: number;
}

const PAGE_SIZE = 50;
const isoDate = z.iso.date('Use a date as YYYY-MM-DD.');
const orderListQuery = z.strictObject({
  status: z
    .enum(['all', 'unshipped', 'shipped'], 'Status is all, unshipped or shipped.')
    .default('all'),
  from: isoDate.optional(),
  to: isoDate.optional(),
  customer: z.string().trim().max(254).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
const shipmentBody = z.strictObject({
  carrier: z.string().max(200),
  trackingNumber: z.string().max(200),
});
const grantBody = z.strictObject({
  email: z.email('Enter a valid email address.').max(254).trim().toLowerCase(),
  role: z.enum(['staff', 'owner'], 'The role is staff or owner.'),
});
const auditQuery = z.strictObject({ before: z.iso.datetime().optional() });
/** Prices in cents, stock per size: whole numbers the shop can sell. */
const productEdit = z
  .strictObject({
    price: z
      .number('The price is a number of cents.')
      .int('The price is whole cents.')
      .min(1, 'A price is at least 1 cent.')
      .max(10_000_000, 'That price is too high.')
      .optional(),
    stock: z
      .record(
        z.string().max(20),
        z
          .number()
          .int('Stock is a whole number.')
          .min(0, 'Stock cannot be below 0.')
          .max(1_000_000, 'That is more stock than the shop can hold.'),
      )
      .optional(),
  })
  .refine(
    (edit) => edit.price !== undefined || edit.stock !== undefined,
    'Give a price or stock to change.',
  );
const customerQuery = z.strictObject({
  q: z.string().trim().max(254).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
/** Orders in one CSV export at most: a year of a busy small shop. */
const CSV_LIMIT = 100_000;
const DASHBOARD_DAYS = 30;

/** The day after `date` (YYYY-MM-DD), so that `to` includes its whole day. */
const dayAfter = (date: string) =>
  new Date(Date.parse(`${date}T00:00:00.000Z`) + 86_400_000).toISOString();

/**
 * A cell that a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, carriage return at
 * its start) gets a leading apostrophe: an address typed as `=HYPERLINK(…)` stays text (OWASP's
 * CSV injection advice).
 */
const guardFormula = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/** An order as the back office lists it: the order and who placed it. */
const summary = (order: Order) => ({
  id: order.id,
  createdAt: order.createdAt,
  email: order.email,
  total: order.total,
  items: order.lines.reduce((sum, line) => sum + line.quantity, 0),
  shipment: order.shipment,
});

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
    reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex');
    const needs = needsOf.get(`${request.method} ${request.routeOptions.url ?? ''}`) ?? 'owner';
    const session = await accounts.currentSession(request.headers);
    if (!session) {
      return reply
        .status(401)
        .send({ code: 'UNAUTHENTICATED', message: 'Sign in with a staff account.' });
    }
    const role = await roles.roleOf(session.user.id);
    if (!ALLOWED[needs].includes(role)) {
      return reply.status(403).send({
        code: 'FORBIDDEN',
        message: needs === 'owner' ? 'Only an owner may do this.' : 'This is for the shop’s staff.',
      });
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

  const invalid = (reply: FastifyReply, error: z.ZodError) =>
    reply.status(400).send({
      code: 'VALIDATION_ERROR',
      message: error.issues[0]?.message ?? 'Check the request and try again.',
    });

  app.get(`${BACK_OFFICE_API}/me`, async (request) => {
    const actor = actorOf(request);
    return { ...actor, role: await roles.roleOf(actor.id) };
  });

  /** The order list's filter from the query, or undefined with the 400 sent. */
  const orderFilter = async (request: FastifyRequest, reply: FastifyReply, limit: number) => {
    const parsed = orderListQuery.safeParse(request.query);
    if (!parsed.success) {
      await invalid(reply, parsed.error);
      return undefined;
    }
    const { status, from, to, customer, page } = parsed.data;
    return {
      page,
      filter: {
        shipped: status === 'all' ? undefined : status === 'shipped',
        from: from && `${from}T00:00:00.000Z`,
        to: to && dayAfter(to),
        customer: customer || undefined,
        limit,
        offset: (page - 1) * limit,
      },
    };
  };

  app.get(`${BACK_OFFICE_API}/dashboard`, async () => {
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
  });

  app.get(`${BACK_OFFICE_API}/orders`, async (request, reply) => {
    const asked = await orderFilter(request, reply, PAGE_SIZE);
    if (!asked) return reply;
    const { orders: found, total } = await orders.listForBackOffice(asked.filter);
    return { orders: found.map(summary), total, page: asked.page, pageSize: PAGE_SIZE };
  });

  app.get(`${BACK_OFFICE_API}/orders.csv`, async (request, reply) => {
    const asked = await orderFilter(request, reply, CSV_LIMIT);
    if (!asked) return reply;
    const { orders: found } = await orders.listForBackOffice({ ...asked.filter, offset: 0 });
    const { stringify } = await import('csv-stringify/sync');
    const csv = stringify(
      found.map((order) => ({
        order: order.id,
        date: order.createdAt,
        email: order.email,
        items: order.lines
          .map((line) => `${line.quantity} x ${line.name}${line.size ? ` (${line.size})` : ''}`)
          .join('; '),
        total: (order.total / 100).toFixed(2),
        currency: order.currency.toUpperCase(),
        shipped_at: order.shipment?.shippedAt ?? '',
        carrier: order.shipment?.carrier ?? '',
        tracking_number: order.shipment?.trackingNumber ?? '',
      })),
      { header: true, cast: { string: guardFormula } },
    );
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="orders.csv"')
      .send(csv);
  });

  app.get(`${BACK_OFFICE_API}/customers`, async (request, reply) => {
    const parsed = customerQuery.safeParse(request.query);
    if (!parsed.success) return invalid(reply, parsed.error);
    const { q, page } = parsed.data;
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
  });

  app.get<{ Params: { id: string } }>(
    `${BACK_OFFICE_API}/customers/:id`,
    async (request, reply) => {
      const customer = await roles.findAccount(request.params.id);
      if (!customer)
        return reply.status(404).send({ code: 'NOT_FOUND', message: 'No such customer.' });
      return { customer, orders: (await orders.allForUser(customer.id)).map(summary) };
    },
  );

  app.get<{ Params: { id: string } }>(`${BACK_OFFICE_API}/orders/:id`, async (request, reply) => {
    const order = await orders.findForBackOffice(request.params.id);
    if (!order) return reply.status(404).send({ code: 'NOT_FOUND', message: 'No such order.' });
    return order;
  });

  app.post<{ Params: { id: string } }>(
    `${BACK_OFFICE_API}/orders/:id/shipment`,
    async (request, reply) => {
      const parsed = shipmentBody.safeParse(request.body ?? {});
      if (!parsed.success) return invalid(reply, parsed.error);
      const result = await orders.markShipped(request.params.id, parsed.data);
      switch (result.kind) {
        case 'invalid':
          return reply.status(400).send({ code: 'VALIDATION_ERROR', message: result.message });
        case 'not_found':
          return reply.status(404).send({ code: 'NOT_FOUND', message: 'No such order.' });
        case 'not_paid':
          return reply
            .status(409)
            .send({ code: 'NOT_PAID', message: 'Only a paid order can be shipped.' });
        case 'shipped_otherwise':
          return reply.status(409).send({
            code: 'ALREADY_SHIPPED',
            message: `This order was already shipped with ${result.shipment.carrier}, tracking number ${result.shipment.trackingNumber}.`,
            shipment: result.shipment,
          });
        case 'already_shipped':
          return { shipment: result.shipment };
        case 'shipped':
          await audit.record(
            actorOf(request),
            'order.ship',
            `order:${request.params.id}`,
            null,
            result.shipment,
          );
          return { shipment: result.shipment };
      }
    },
  );

  app.patch<{ Params: { id: string } }>(
    `${BACK_OFFICE_API}/products/:id`,
    async (request, reply) => {
      const parsed = productEdit.safeParse(request.body ?? {});
      if (!parsed.success) return invalid(reply, parsed.error);
      const id = Number(request.params.id);
      const result = Number.isSafeInteger(id)
        ? await options.editProduct(id, parsed.data)
        : { kind: 'not_found' as const };
      if (result.kind === 'not_found') {
        return reply.status(404).send({ code: 'NOT_FOUND', message: 'No such product on sale.' });
      }
      if (result.kind === 'unknown_size') {
        return reply
          .status(400)
          .send({ code: 'VALIDATION_ERROR', message: `This product has no size ${result.size}.` });
      }
      await audit.record(
        actorOf(request),
        'product.edit',
        `product:${id}`,
        result.before,
        result.after,
      );
      return result.after;
    },
  );

  app.get(`${BACK_OFFICE_API}/staff`, async () => ({ staff: await roles.roleHolders() }));

  app.post(`${BACK_OFFICE_API}/staff`, async (request, reply) => {
    const parsed = grantBody.safeParse(request.body ?? {});
    if (!parsed.success) return invalid(reply, parsed.error);
    const user = await roles.findByEmail(parsed.data.email);
    if (!user) {
      return reply.status(404).send({
        code: 'NO_ACCOUNT',
        message: 'No account uses that address. Ask them to sign up first.',
      });
    }
    const before = await roles.grantRole(user.id, parsed.data.role, actorOf(request).id);
    if (before !== parsed.data.role) {
      await audit.record(
        actorOf(request),
        'role.grant',
        `account:${user.id}`,
        { role: before },
        { role: parsed.data.role },
      );
    }
    return { userId: user.id, email: user.email, role: parsed.data.role };
  });

  app.delete<{ Params: { userId: string } }>(
    `${BACK_OFFICE_API}/staff/:userId`,
    async (request, reply) => {
      const { userId } = request.params;
      const role = await roles.revokeRole(userId);
      if (role === 'last_owner') {
        return reply.status(409).send({
          code: 'LAST_OWNER',
          message: 'The shop needs an owner: make another owner before this one stops being one.',
        });
      }
      if (role === 'shopper') {
        return reply.status(404).send({ code: 'NOT_FOUND', message: 'This account has no role.' });
      }
      await audit.record(
        actorOf(request),
        'role.revoke',
        `account:${userId}`,
        { role },
        { role: 'shopper' },
      );
      return { userId, role: 'shopper' };
    },
  );

  app.get(`${BACK_OFFICE_API}/audit`, async (request, reply) => {
    const parsed = auditQuery.safeParse(request.query);
    if (!parsed.success) return invalid(reply, parsed.error);
    return { entries: await audit.list(PAGE_SIZE, parsed.data.before) };
  });

  return Promise.resolve();
}
