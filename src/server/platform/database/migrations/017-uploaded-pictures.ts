import type { Kysely } from 'kysely';
import { isPostgres } from '#server/platform/database/database.ts';

/**
 * Pictures uploaded in the back office (issue 14, ADR 046), encoded by the server into the
 * shop's widths and formats. They live in the database, not on a disk, because several servers
 * share one PostgreSQL (ADR 033) and any of them may be asked for any picture.
 *
 * - `uploaded_pictures`: one row per picture, named by the hash of the uploaded bytes and its
 *   kind (item or section), so the same picture uploaded again is found, not stored twice.
 * - `uploaded_picture_variants`: each encoded file (width and format) of a picture, its bytes as
 *   `bytea` on PostgreSQL and `blob` on SQLite.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const binary = isPostgres(db) ? 'bytea' : 'blob';
  await db.schema
    .createTable('uploaded_pictures')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('source_width', 'integer', (col) => col.notNull())
    .addColumn('source_height', 'integer', (col) => col.notNull())
    .addColumn('source_bytes', 'integer', (col) => col.notNull())
    .addColumn('uploaded_by', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('uploaded_picture_variants')
    .addColumn('picture_id', 'text', (col) =>
      col.notNull().references('uploaded_pictures.id').onDelete('cascade'),
    )
    .addColumn('width', 'integer', (col) => col.notNull())
    .addColumn('format', 'text', (col) => col.notNull())
    .addColumn('bytes', binary, (col) => col.notNull())
    .addPrimaryKeyConstraint('uploaded_picture_variants_pk', ['picture_id', 'width', 'format'])
    .execute();
}
