import type { Kysely, Selectable } from 'kysely';
import type { ProfileDocument } from '#shared/auth-schemas.ts';
import type { Database, ProfilesTable } from '#server/platform/database/schema.ts';

export interface NewProfile {
  uid: string;
  displayName: string;
  email: string;
  extra?: Record<string, unknown>;
}

/** The one place rows become API documents, so database differences never reach a route. */
function toDocument(row: Selectable<ProfilesTable>): ProfileDocument {
  const extra = JSON.parse(row.extra) as Record<string, unknown>;
  return {
    ...extra,
    id: row.uid,
    displayName: row.display_name,
    email: row.email,
    createdAt: row.created_at,
  };
}

/** The users/{uid} profile documents. */
export function createProfileRepository(db: Kysely<Database>) {
  const find = async (uid: string): Promise<ProfileDocument | undefined> => {
    const row = await db
      .selectFrom('profiles')
      .selectAll()
      .where('uid', '=', uid)
      .executeTakeFirst();
    return row && toDocument(row);
  };

  return {
    find,

    /**
     * Creates the document unless it exists, in one statement, so two tabs signing in at once
     * cannot both create it. Returns the document and whether this call created it.
     */
    async createIfMissing(
      profile: NewProfile,
    ): Promise<{ document: ProfileDocument; created: boolean }> {
      const now = new Date().toISOString();
      const result = await db
        .insertInto('profiles')
        .values({
          uid: profile.uid,
          display_name: profile.displayName,
          email: profile.email,
          created_at: now,
          updated_at: now,
          extra: JSON.stringify(profile.extra ?? {}),
        })
        .onConflict((conflict) => conflict.column('uid').doNothing())
        .executeTakeFirst();
      const document = await find(profile.uid);
      if (!document) throw new Error(`profile ${profile.uid} vanished after insert`);
      return { document, created: Number(result.numInsertedOrUpdatedRows ?? 0) > 0 };
    },

    /** Changes the display name; undefined when there is no such document. */
    async updateDisplayName(
      uid: string,
      displayName: string,
    ): Promise<ProfileDocument | undefined> {
      await db
        .updateTable('profiles')
        .set((eb) => ({
          display_name: displayName,
          updated_at: new Date().toISOString(),
          version: eb('version', '+', 1),
        }))
        .where('uid', '=', uid)
        .execute();
      return find(uid);
    },

    /** Changes the address the document shows; undefined when there is no such document. */
    async updateEmail(uid: string, email: string): Promise<ProfileDocument | undefined> {
      await db
        .updateTable('profiles')
        .set((eb) => ({
          email,
          updated_at: new Date().toISOString(),
          version: eb('version', '+', 1),
        }))
        .where('uid', '=', uid)
        .execute();
      return find(uid);
    },

    async remove(uid: string): Promise<void> {
      await db.deleteFrom('profiles').where('uid', '=', uid).execute();
    },
  };
}

export type ProfileRepository = ReturnType<typeof createProfileRepository>;
