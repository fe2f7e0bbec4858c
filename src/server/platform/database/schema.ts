import type { ColumnType, Generated } from 'kysely';

/**
 * The shop's own tables. better-auth's tables (user, session, account, verification) share the
 * database and are migrated by better-auth itself; they are not typed here.
 */
export interface ProfilesTable {
  /** The auth user id: the document's path is users/{uid}. */
  uid: string;
  display_name: string;
  email: string;
  /** ISO 8601; set once when the document is created. */
  created_at: ColumnType<string, string, never>;
  updated_at: string;
  /** JSON object of extra fields given at sign-up. */
  extra: string;
  /** Raised on every change, so watchers can order updates. */
  version: Generated<number>;
}

export interface LocalOidcAccountsTable {
  sub: string;
  email: string;
  name: string;
  password_hash: string;
  created_at: ColumnType<string, string, never>;
}

/** A card token of the test-mode payment provider: never the card number or the CVC. */
export interface PaymentTokensTable {
  /** `tok_…`, unguessable. */
  id: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  /** What charging it does: 'succeeded', or a decline code such as 'card_declined'. */
  outcome: string;
  created_at: ColumnType<string, string, never>;
  /** ISO 8601 once charged; a token is charged at most once. */
  used_at: string | null;
}

export interface PaymentChargesTable {
  /** `ch_…`. */
  id: string;
  token_id: string;
  /** Integer cents. */
  amount: number;
  currency: string;
  idempotency_key: string;
  status: 'succeeded';
  created_at: ColumnType<string, string, never>;
}

export interface OrdersTable {
  /** `ord_…`, unguessable. */
  id: string;
  idempotency_key: string;
  /** The canonical request (canonicalOrderRequest), to refuse a reused key with another body. */
  request_fingerprint: string;
  /** The better-auth user id; null for an order placed without signing in. */
  user_id: string | null;
  email: string;
  currency: string;
  /** Integer cents. */
  total: number;
  /**
   * 'pending' from the moment the order is recorded under its key until its charge is known;
   * shoppers only ever see 'paid' orders (ADR 030).
   */
  status: 'pending' | 'paid';
  /** The charge, once paid; null while pending. */
  charge_id: string | null;
  /**
   * The card charged, as the widget showed it (copied from the charge, not read from its table);
   * null while pending.
   */
  card_brand: string | null;
  card_last4: string | null;
  /** JSON of a PaymentAddress, or null. */
  billing_address: string | null;
  shipping_address: string | null;
  created_at: ColumnType<string, string, never>;
  /**
   * ISO 8601 once the paid order is shipped (migration 012), with its carrier and tracking
   * number; all three null until then, and set together only once (ADR 040).
   */
  shipped_at: ColumnType<string | null, string | null | undefined, string | null>;
  carrier: ColumnType<string | null, string | null | undefined, string | null>;
  tracking_number: ColumnType<string | null, string | null | undefined, string | null>;
  /** ISO 8601 once the order is cancelled (migration 018, ADR 047); null otherwise. */
  cancelled_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** Integer cents refunded by succeeded refunds (migration 018). */
  refunded_total: ColumnType<number, number | undefined, number>;
}

export interface OrderLinesTable {
  order_id: string;
  /** The line's place in the order, from 0. */
  position: number;
  item_id: number;
  name: string;
  unit_price: number;
  quantity: number;
  line_total: number;
  /**
   * The size sold: '' for a one-size product; NULL on lines recorded before sizes (migration
   * 010), for which no stock was taken.
   */
  size: ColumnType<string | null, string | null | undefined, never>;
  /** How many are refunded or being refunded (migration 018): at most `quantity`. */
  refunded_quantity: ColumnType<number, number | undefined, number>;
}

/** The test-mode provider's refunds of its charges (migration 018). */
export interface PaymentRefundsTable {
  /** `re_…`. */
  id: string;
  charge_id: string;
  /** Integer cents. */
  amount: number;
  currency: string;
  /** JSON of what the shop said the refund is for (its lines), kept as given. */
  lines: string;
  reason: string | null;
  idempotency_key: string;
  status: 'succeeded';
  created_at: string;
}

/** One refund of an order, in its state with the provider (migration 018, ADR 047). */
export interface OrderRefundsTable {
  /** `ref_…`; also the provider's idempotency key for it. */
  id: string;
  order_id: string;
  /** The caller's key: the same request again gives this refund back. */
  idempotency_key: string;
  request_fingerprint: string;
  kind: 'refund' | 'cancel';
  /** Integer cents. */
  amount: number;
  currency: string;
  /** JSON `[{ position, quantity }]`. */
  lines: string;
  /** 1 when the lines' stock comes back with the refund. */
  restock: number;
  reason: string | null;
  status: 'pending' | 'succeeded' | 'failed';
  provider_refund_id: string | null;
  failure: string | null;
  actor_email: string | null;
  created_at: string;
  settled_at: string | null;
}

/** A signed-in shopper's cart (ADR 025). */
export interface CartsTable {
  /** The better-auth user id: one cart per account. */
  user_id: string;
  /** JSON array of `{ id, quantity }`, in the cart's order; names and prices are not kept. */
  lines: string;
  /** 1 for the first write, raised by every later one. */
  version: number;
  updated_at: string;
}

/** One limited key's attempts in its current window (platform/rate-limit-store.ts). */
export interface RateLimitsTable {
  /** The limit's name and the key it counts by, e.g. `sign-in-ip:203.0.113.7`. */
  key: string;
  count: number;
  /** Epoch milliseconds when the window ends and the count starts again. */
  resets_at: number;
}

/** What oidc-provider stores for the local OpenID provider, by model and id (ADR 032). */
export interface LocalOidcPayloadsTable {
  /** oidc-provider's model name: 'Session', 'Interaction', 'AuthorizationCode', ... */
  model: string;
  id: string;
  /** The payload, as JSON. */
  payload: string;
  grant_id: string | null;
  uid: string | null;
  user_code: string | null;
  /** Epoch milliseconds; null when the model has no expiry. */
  expires_at: number | null;
  /** Epoch seconds when a code or token was used, or null. */
  consumed: number | null;
}

export interface LocalOidcKeysTable {
  id: string;
  /** A private JSON Web Key, as JSON. */
  jwk: string;
  created_at: ColumnType<string, string, never>;
}

/** A collection of the catalogue (ADR 034). */
export interface CatalogueCollectionsTable {
  id: number;
  route_name: string;
  title: string;
  /** The shop overview's order. */
  position: number;
  /** The home directory's order. */
  tile_position: number;
  image_url: string;
  tile_size: 'large' | null;
}

export interface CatalogueProductsTable {
  id: number;
  collection_id: number;
  name: string;
  description: string;
  /** Integer cents. */
  price: number;
  image_url: string;
  colour: string;
  size_kind: 'hat' | 'shoe' | 'clothing' | null;
  /** Its place within its collection. */
  position: number;
  /** ISO 8601. */
  created_at: string;
  /** 1 once taken off sale: kept for the orders that name it, never shown. */
  archived: ColumnType<number, number | undefined, number>;
}

/** How many of a product's size the shop has; size '' for a one-size product. */
export interface CatalogueStockTable {
  product_id: number;
  size: string;
  /** Never below 0 (a check). */
  stock: number;
}

/** One row (id 1): raised by every change to the catalogue tables. */
export interface CatalogueVersionTable {
  id: number;
  version: number;
}

/** A collection's former address (`route_name`), answered with a redirect to its current one. */
export interface CatalogueRouteAliasesTable {
  route_name: string;
  collection_id: number;
}

/** The products each recent version changed; product_id null when it changed more. */
export interface CatalogueChangesTable {
  version: number;
  product_id: number | null;
}

/** One email, queued, sent or kept in the shop's outbox (modules/mail, ADR 038). */
export interface MailOutboxTable {
  /** `mail_…`. */
  id: string;
  /** What caused it, e.g. `order-confirmation:ord_…`: one email per event. */
  event_key: string;
  recipient: string;
  subject: string;
  html: string;
  text: string;
  /** 'kept' in the outbox when the shop has no SMTP server; 'failed' once retries ran out. */
  status: 'queued' | 'sent' | 'kept' | 'failed';
  attempts: Generated<number>;
  /** Epoch milliseconds from which a worker may try it. */
  next_attempt_at: number;
  /** The worker that claimed it, until `lease_until` (epoch milliseconds). */
  lease_owner: string | null;
  lease_until: number | null;
  last_error: string | null;
  created_at: ColumnType<string, string, never>;
  finished_at: string | null;
}

/** A one-use link sent by email (migration 013): only the SHA-256 of its secret is kept. */
export interface AccountTokensTable {
  id: string;
  purpose: 'reset-password' | 'verify-email' | 'change-email';
  user_id: string;
  /** Where the link was sent: the account's address, or the new one for a change. */
  email: string;
  secret_hash: string;
  /** Epoch milliseconds. */
  expires_at: number;
  used_at: number | null;
  created_at: number;
}

/** A back-office role (migration 014); an account without one is a shopper. */
export interface AccountRolesTable {
  user_id: string;
  role: 'staff' | 'owner';
  /** The owner who granted it; null for the first owner, made by the command. */
  granted_by: string | null;
  granted_at: string;
}

/** One back-office change (migration 014): `before` and `after` are JSON, null when absent. */
export interface AuditLogTable {
  id: string;
  actor_id: string | null;
  actor_email: string;
  action: string;
  subject: string;
  before: string | null;
  after: string | null;
  at: string;
}

/** A picture uploaded in the back office (migration 017, ADR 046). */
export interface UploadedPicturesTable {
  /** 32 hex digits: the start of the SHA-256 of the kind and the uploaded bytes. */
  id: string;
  kind: 'item' | 'section' | 'logo';
  /** The uploaded picture's size, upright, before it was cropped and scaled. */
  source_width: number;
  source_height: number;
  source_bytes: number;
  /** The account that uploaded it first. */
  uploaded_by: string | null;
  created_at: string;
}

/** One encoded file of an uploaded picture: `/images/uploads/<id>-<width>.<format>`. */
export interface UploadedPictureVariantsTable {
  picture_id: string;
  width: number;
  format: 'avif' | 'webp' | 'jpg';
  bytes: Buffer;
}

/** The shop's settings (migration 019): one row, id 1; `address` is JSON, a list of lines. */
export interface ShopSettingsTable {
  id: number;
  version: number;
  name: string;
  email: string;
  phone: string;
  hours: string;
  address: string;
  contact_text: string;
  logo: string;
  updated_at: string;
}

export interface Database {
  profiles: ProfilesTable;
  local_oidc_accounts: LocalOidcAccountsTable;
  payment_tokens: PaymentTokensTable;
  payment_charges: PaymentChargesTable;
  orders: OrdersTable;
  order_lines: OrderLinesTable;
  order_refunds: OrderRefundsTable;
  payment_refunds: PaymentRefundsTable;
  carts: CartsTable;
  rate_limits: RateLimitsTable;
  local_oidc_payloads: LocalOidcPayloadsTable;
  local_oidc_keys: LocalOidcKeysTable;
  catalogue_collections: CatalogueCollectionsTable;
  catalogue_products: CatalogueProductsTable;
  catalogue_stock: CatalogueStockTable;
  catalogue_version: CatalogueVersionTable;
  catalogue_changes: CatalogueChangesTable;
  catalogue_route_aliases: CatalogueRouteAliasesTable;
  mail_outbox: MailOutboxTable;
  account_tokens: AccountTokensTable;
  account_roles: AccountRolesTable;
  audit_log: AuditLogTable;
  uploaded_pictures: UploadedPicturesTable;
  uploaded_picture_variants: UploadedPictureVariantsTable;
  shop_settings: ShopSettingsTable;
}
