import type { Kysely } from 'kysely';

/**
 * The shop's settings (issue 14, ADR 048): its name, contact details and contact page, one row
 * (`id` 1) written by the back office. No row means the defaults in code (a fresh shop looks as
 * it always did); `version` rises with each change, so every server can tell its copy is old.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('shop_settings')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('version', 'integer', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('phone', 'text', (col) => col.notNull())
    .addColumn('hours', 'text', (col) => col.notNull())
    // JSON: the address's lines.
    .addColumn('address', 'text', (col) => col.notNull())
    .addColumn('contact_text', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
}
