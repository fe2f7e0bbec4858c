import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import { isPostgres } from '#server/platform/database/database.ts';

/**
 * better-auth's tables (user, session, account, verification), as better-auth 1.7's own
 * migration makes them for the shop's options, column for column. Until now the server ran that
 * migration at every start, which loaded better-auth (some 15 MiB) into every server whether or
 * not anyone signed in; now better-auth loads with the first request that needs it (ADR 049).
 * A database made before has the tables already: nothing here touches them.
 * auth-schema.test.ts checks better-auth finds nothing missing; when an upgrade of better-auth
 * asks for more, the next migration adds it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  const date = postgres ? 'timestamptz' : 'date';
  const boolean = postgres ? 'boolean' : 'integer';
  // better-auth gives its creation times (and some update times) a default on PostgreSQL only.
  const now = (col: ColumnDefinitionBuilder) =>
    postgres ? col.defaultTo(sql`CURRENT_TIMESTAMP`) : col;
  const ofUser = (col: ColumnDefinitionBuilder) =>
    col.notNull().references('user.id').onDelete('cascade');

  await db.schema
    .createTable('user')
    .ifNotExists()
    .addColumn('id', 'text', (col) => col.notNull().primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull().unique())
    .addColumn('emailVerified', boolean, (col) => col.notNull())
    .addColumn('image', 'text')
    .addColumn('createdAt', date, (col) => now(col.notNull()))
    .addColumn('updatedAt', date, (col) => now(col.notNull()))
    .execute();
  await db.schema
    .createTable('session')
    .ifNotExists()
    .addColumn('id', 'text', (col) => col.notNull().primaryKey())
    .addColumn('expiresAt', date, (col) => col.notNull())
    .addColumn('token', 'text', (col) => col.notNull().unique())
    .addColumn('createdAt', date, (col) => now(col.notNull()))
    .addColumn('updatedAt', date, (col) => col.notNull())
    .addColumn('ipAddress', 'text')
    .addColumn('userAgent', 'text')
    .addColumn('userId', 'text', ofUser)
    .execute();
  await db.schema
    .createTable('account')
    .ifNotExists()
    .addColumn('id', 'text', (col) => col.notNull().primaryKey())
    .addColumn('accountId', 'text', (col) => col.notNull())
    .addColumn('providerId', 'text', (col) => col.notNull())
    .addColumn('userId', 'text', ofUser)
    .addColumn('accessToken', 'text')
    .addColumn('refreshToken', 'text')
    .addColumn('idToken', 'text')
    .addColumn('accessTokenExpiresAt', date)
    .addColumn('refreshTokenExpiresAt', date)
    .addColumn('scope', 'text')
    .addColumn('password', 'text')
    .addColumn('createdAt', date, (col) => now(col.notNull()))
    .addColumn('updatedAt', date, (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('verification')
    .ifNotExists()
    .addColumn('id', 'text', (col) => col.notNull().primaryKey())
    .addColumn('identifier', 'text', (col) => col.notNull())
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('expiresAt', date, (col) => col.notNull())
    .addColumn('createdAt', date, (col) => now(col.notNull()))
    .addColumn('updatedAt', date, (col) => now(col.notNull()))
    .execute();
  for (const [table, column] of [
    ['session', 'userId'],
    ['account', 'userId'],
    ['verification', 'identifier'],
  ] as const) {
    await db.schema
      .createIndex(`${table}_${column}_idx`)
      .ifNotExists()
      .on(table)
      .column(column)
      .execute();
  }
}
