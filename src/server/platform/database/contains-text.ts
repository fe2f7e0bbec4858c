import { sql } from 'kysely';

/** `%`, `_` and `\` taken literally in a LIKE pattern written with `escape '\'`. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * `lower(column) like '%text%'`, any case, with `%` and `_` in `text` taken literally, the same
 * on both databases (SQLite has no default escape character, PostgreSQL's is the backslash: the
 * condition says it for both).
 */
export const containsText = (column: string, text: string) =>
  sql<boolean>`lower(${sql.ref(column)}) like ${`%${escapeLike(text.toLowerCase())}%`} escape '\\'`;
