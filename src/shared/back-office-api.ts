/**
 * What the back office's API answers (issue 14, ADR 042; ADR 054): the schemas its routes
 * declare as their answers, which the OpenAPI document shows, and the types the /admin screens
 * read (types only there, so zod stays out of its scripts).
 */
import { z } from './zod.ts';

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

export const shipmentSchema = z.object({
  shippedAt: z.string(),
  carrier: z.string(),
  trackingNumber: z.string(),
});

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
