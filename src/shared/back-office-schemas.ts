/**
 * The back office's request schemas (issue 14, ADR 042, 045, 047; ADR 054): the bodies and
 * queries /api/admin takes, which its routes declare and the OpenAPI document shows. The /admin
 * app imports only their types, so zod stays out of its scripts.
 */
import { PRODUCT_STATES, ROUTE_NAME, ROUTE_NAME_MAX, STOCK_FILTERS } from './catalogue-admin.ts';
import { isPictureBaseUrl, type PictureKind } from './picture-urls.ts';
import { ORDER_STATUSES, STAFF_ROLES } from './back-office-api.ts';
import { z } from './zod.ts';

// Staff, customers and the audit trail.
export const grantBody = z.strictObject({
  email: z.email('Enter a valid email address.').max(254).trim().toLowerCase(),
  role: z.enum(STAFF_ROLES, 'The role is staff or owner.'),
});
export const auditQuery = z.strictObject({ before: z.iso.datetime().optional() });
export const customerQuery = z.strictObject({
  q: z.string().trim().max(254).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

// Orders.
const isoDate = z.iso.date('Use a date as YYYY-MM-DD.');
export const orderListQuery = z.strictObject({
  status: z
    .enum(ORDER_STATUSES, 'Status is all, unshipped, shipped, cancelled or refunded.')
    .default('all'),
  from: isoDate.optional(),
  to: isoDate.optional(),
  customer: z.string().trim().max(254).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export const shipmentBody = z.strictObject({
  carrier: z.string().max(200),
  trackingNumber: z.string().max(200),
});

// Products and collections.
const text = (max: number, tooLong: string) => z.string().trim().max(max, tooLong);

/** A picture's base URL: one the build drew of the kind, or an uploaded one (ADR 046). */
const imageUrl = (kind: PictureKind) =>
  z
    .string()
    .trim()
    .refine(
      (url) => isPictureBaseUrl(url, kind),
      kind === 'item'
        ? 'The picture is one of the shop’s product pictures or an uploaded one.'
        : 'The picture is one of the shop’s tile pictures or an uploaded one.',
    );

const price = z
  .number('The price is a number of cents.')
  .int('The price is whole cents.')
  .min(1, 'A price is at least 1 cent.')
  .max(10_000_000, 'That price is too high.');

const pieces = z
  .number('Stock is a number.')
  .int('Stock is a whole number.')
  .min(0, 'Stock cannot be below 0.')
  .max(1_000_000, 'That is more stock than the shop can hold.');

const routeName = z
  .string()
  .trim()
  .max(ROUTE_NAME_MAX, `The address is at most ${ROUTE_NAME_MAX} characters.`)
  .regex(
    ROUTE_NAME,
    'The address is lower-case letters, digits and single hyphens, as in /shop/summer-hats.',
  );

const productFields = {
  name: text(120, 'The name is at most 120 characters.').min(1, 'Give the product a name.'),
  description: text(2000, 'The description is at most 2000 characters.'),
  price,
  collection: z.string('Choose a collection.').trim().min(1, 'Choose a collection.').max(80),
  imageUrl: imageUrl('item'),
  colour: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z]{1,24}$/, 'The colour is one word, such as brown or multi.'),
  sizeKind: z
    .enum(['hat', 'shoe', 'clothing'], 'The sizes are hat, shoe, clothing or none.')
    .nullable(),
  sizes: z
    .array(
      z.strictObject({ size: z.string().max(20), stock: pieces }),
      'Give the stock of each size.',
    )
    .max(20),
};

export const newProduct = z.strictObject({
  ...productFields,
  description: productFields.description.default(''),
});

export const productPatch = z
  .strictObject({
    ...Object.fromEntries(
      Object.entries(productFields).map(([name, schema]) => [name, schema.optional()]),
    ),
    // Some sizes' stock, the others kept (the first edit the back office had).
    stock: z.record(z.string().max(20), pieces).optional(),
  } as { [K in keyof typeof productFields]: z.ZodOptional<(typeof productFields)[K]> } & {
    stock: z.ZodOptional<z.ZodRecord<z.ZodString, typeof pieces>>;
  })
  .refine(
    (patch) => Object.values(patch).some((value) => value !== undefined),
    'Give something to change.',
  )
  .refine(
    (patch) => patch.sizes === undefined || patch.stock === undefined,
    'Give the sizes whole or some sizes’ stock, not both.',
  );

export const productQuery = z.strictObject({
  q: z.string().trim().max(120, 'Search for at most 120 characters.').optional(),
  collection: z.string().trim().max(80).optional(),
  state: z.enum(PRODUCT_STATES, 'The state is on-sale, archived or all.').default('on-sale'),
  stock: z.enum(STOCK_FILTERS, 'The stock filter is sold-out or low.').optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

const title = text(80, 'The title is at most 80 characters.').min(
  1,
  'Give the collection a title.',
);
const tileSize = z.enum(['large'], 'The tile is large or normal (null).').nullable();

export const newCollection = z.strictObject({
  title,
  routeName: routeName.optional(),
  imageUrl: imageUrl('section').optional(),
  size: tileSize.optional(),
});

export const collectionPatch = z
  .strictObject({
    title: title.optional(),
    routeName: routeName.optional(),
    imageUrl: imageUrl('section').optional(),
    size: tileSize.optional(),
  })
  .refine(
    (patch) => Object.values(patch).some((value) => value !== undefined),
    'Give something to change.',
  );

const ids = z
  .array(z.number().int().min(1), 'List the collections’ ids in their new order.')
  .max(1000);
export const collectionOrder = z
  .strictObject({ overview: ids.optional(), directory: ids.optional() })
  .refine(
    (order) => order.overview !== undefined || order.directory !== undefined,
    'Give the shop overview’s order, the home directory’s, or both.',
  );

// Pictures.
export const pictureQuery = z.strictObject({
  kind: z.enum(
    ['item', 'section', 'logo'],
    'Say what the picture is for: kind=item, kind=section or kind=logo.',
  ),
});

/** A path's `:id`, as the route reads it (a product's or a collection's is checked as a number). */
export const idParams = z.object({ id: z.string() });
/** A path's `:userId`. */
export const userIdParams = z.object({ userId: z.string() });
