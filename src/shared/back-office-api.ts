/**
 * What the back office's API answers (issue 14, ADR 042; ADR 054): the schemas its routes
 * declare as their answers, which the OpenAPI document shows, and the types the /admin screens
 * read (types only there, so zod stays out of its scripts).
 */
import { z } from './zod.ts';
import { orderRefundSchema } from './order-refunds.ts';
import { orderSchema, shipmentSchema } from './orders.ts';
import { sizeStockSchema } from './catalogue-api.ts';

/** A back-office role; a shopper has none. */
export const STAFF_ROLES = ['staff', 'owner'] as const;
export const staffRoleSchema = z.enum(STAFF_ROLES);
export type StaffRole = z.infer<typeof staffRoleSchema>;

/** The order list's status filter, as its query takes it. */
export const ORDER_STATUSES = ['all', 'unshipped', 'shipped', 'cancelled', 'refunded'] as const;
export type OrderStatusFilter = (typeof ORDER_STATUSES)[number];

const cents = z.number().int();

/** GET /api/admin/me: who is signed in, and the shop's name from its settings (ADR 048). */
export const meSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: staffRoleSchema,
  shopName: z.string(),
});
export type Me = z.infer<typeof meSchema>;

/** An order as the lists show it. */
export const orderSummarySchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  email: z.string(),
  total: cents,
  items: z.number().int(),
  shipment: shipmentSchema.nullable(),
  /** ISO 8601 once cancelled (ADR 047). */
  cancelledAt: z.string().nullable(),
  /** Cents refunded. */
  refundedTotal: cents,
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

/** A page of a list: how many rows there are in all, and which page of what size. */
const paged = { total: z.number().int(), page: z.number().int(), pageSize: z.number().int() };
export interface Paged {
  total: number;
  page: number;
  pageSize: number;
}

export const orderListSchema = z.object({ orders: z.array(orderSummarySchema), ...paged });
export type OrderList = z.infer<typeof orderListSchema>;

export const staffMemberSchema = z.object({
  userId: z.string(),
  email: z.string(),
  name: z.string(),
  role: staffRoleSchema,
  grantedBy: z.string().nullable(),
  grantedAt: z.string(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;
export const staffListSchema = z.object({ staff: z.array(staffMemberSchema) });
/** POST /api/admin/staff: the role granted. */
export const grantAnswerSchema = z.object({
  userId: z.string(),
  email: z.string(),
  role: staffRoleSchema,
});
/** DELETE /api/admin/staff/:userId: the account is a shopper again. */
export const revokeAnswerSchema = z.object({ userId: z.string(), role: z.literal('shopper') });

/** One back-office change as the audit trail reads it (ADR 042). */
export const auditEntrySchema = z.object({
  id: z.string(),
  actor: z.object({ id: z.string().nullable(), email: z.string() }),
  action: z.string(),
  subject: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditListSchema = z.object({ entries: z.array(auditEntrySchema) });

export const dayFiguresSchema = z.object({
  date: z.string(),
  orders: z.number().int(),
  revenue: cents,
});
export type DayFigures = z.infer<typeof dayFiguresSchema>;

export const dashboardSchema = z.object({
  today: z.object({ orders: z.number().int(), revenue: cents }),
  days: z.array(dayFiguresSchema),
  lowStock: z.array(
    z.object({
      productId: z.number().int(),
      name: z.string(),
      size: z.string(),
      stock: z.number().int(),
    }),
  ),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

const account = {
  id: z.string(),
  email: z.string(),
  name: z.string(),
  createdAt: z.string(),
  emailVerified: z.boolean(),
};
export const customerSummarySchema = z.object({
  ...account,
  orders: z.number().int(),
  spent: cents,
});
export type CustomerSummary = z.infer<typeof customerSummarySchema>;
export const customerListSchema = z.object({ customers: z.array(customerSummarySchema), ...paged });
export type CustomerList = z.infer<typeof customerListSchema>;
export const customerDetailSchema = z.object({
  customer: z.object(account),
  orders: z.array(orderSummarySchema),
});
export type CustomerDetail = z.infer<typeof customerDetailSchema>;

/** GET /api/admin/orders/:id: one order with its refunds (ADR 047). */
export const adminOrderSchema = orderSchema.extend({ refunds: z.array(orderRefundSchema) });
export type AdminOrder = z.infer<typeof adminOrderSchema>;
/** A refund or cancellation made or found again: the order as it is now, and the refund. */
export const refundAnswerSchema = z.object({
  order: orderSchema,
  refund: orderRefundSchema.nullable(),
});
/** POST /api/admin/orders/:id/shipment. */
export const shipmentAnswerSchema = z.object({ shipment: shipmentSchema });

const productFields = {
  name: z.string(),
  description: z.string(),
  price: cents,
  collection: z.string(),
  imageUrl: z.string(),
  colour: z.string(),
  sizeKind: z.enum(['hat', 'shoe', 'clothing']).nullable(),
  /**
   * Stock of sizes of the kind. Written, a size left out has none; read, every size of the kind
   * in SIZES_BY_KIND order ('' alone for one size).
   */
  sizes: z.array(sizeStockSchema),
};
/** What a product is made from or changed to (POST, and every field of PATCH). */
export const productFieldsSchema = z.object(productFields);
/** A product as the back office sees it: every field it edits, archived or not. */
export const adminProductSchema = z.object({
  id: z.number().int(),
  ...productFields,
  archived: z.boolean(),
  createdAt: z.string(),
});
export const adminProductListSchema = z.object({ products: z.array(adminProductSchema), ...paged });

const collectionFields = {
  title: z.string(),
  routeName: z.string(),
  imageUrl: z.string(),
  size: z.literal('large').nullable(),
};
export const collectionFieldsSchema = z.object(collectionFields);
/** A collection as the back office sees it, with how many of its products are on sale. */
export const adminCollectionSchema = z.object({
  id: z.number().int(),
  ...collectionFields,
  /** The shop overview's order, from 1. */
  position: z.number().int(),
  /** The home directory's order, from 1. */
  tilePosition: z.number().int(),
  products: z.number().int(),
});
export const adminCollectionListSchema = z.object({ collections: z.array(adminCollectionSchema) });
/** PUT /api/admin/collection-order: the collections' ids in the overview's and the directory's order. */
export const collectionOrderAnswerSchema = z.object({
  overview: z.array(z.number().int()),
  directory: z.array(z.number().int()),
});

/** POST /api/admin/pictures: the uploaded picture's base URL. */
export const pictureAnswerSchema = z.object({ imageUrl: z.string() });

/**
 * GET /api/admin/openapi.json: the API's OpenAPI document (@fastify/swagger's), described only
 * by its version and its paths; the rest passes as it is.
 */
export const openApiDocumentSchema = z.looseObject({
  openapi: z.string(),
  paths: z.record(z.string(), z.unknown()),
});

/** GET /api/admin/orders.csv: the orders as CSV, a header row first (sent as text). */
export const ordersCsvSchema = z.string();
