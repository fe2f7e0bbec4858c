import type { ImageFormat } from '#shared/images.ts';
import type { Db } from '#server/platform/database/transaction.ts';
import type {
  UploadedPicturesTable,
  UploadedPictureVariantsTable,
} from '#server/platform/database/schema.ts';

/** The only code that touches the uploaded pictures' tables (migration 017). */
export const pictureRepository = {
  /** The kind of the stored picture `id`, or undefined when there is none. */
  async kindOf(db: Db, id: string): Promise<UploadedPicturesTable['kind'] | undefined> {
    const row = await db
      .selectFrom('uploaded_pictures')
      .select('kind')
      .where('id', '=', id)
      .executeTakeFirst();
    return row?.kind;
  },

  /**
   * Stores a picture and all its variants at once, unless a picture of that id is there already
   * (another server stored the same upload a moment before): then nothing changes. Returns
   * whether this call stored it.
   */
  async insert(
    db: Db,
    picture: UploadedPicturesTable,
    variants: readonly UploadedPictureVariantsTable[],
  ): Promise<boolean> {
    return db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('uploaded_pictures')
        .values(picture)
        .onConflict((conflict) => conflict.column('id').doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return false;
      // One statement per variant: a section's nine files together are about a megabyte.
      for (const variant of variants) {
        await trx.insertInto('uploaded_picture_variants').values(variant).execute();
      }
      return true;
    });
  },

  /** One encoded file's bytes, or undefined when there is no such picture, width or format. */
  async variant(
    db: Db,
    id: string,
    width: number,
    format: ImageFormat,
  ): Promise<Buffer | undefined> {
    const row = await db
      .selectFrom('uploaded_picture_variants')
      .select('bytes')
      .where('picture_id', '=', id)
      .where('width', '=', width)
      .where('format', '=', format)
      .executeTakeFirst();
    return row?.bytes;
  },
};
