import type { Db } from '#server/platform/database/transaction.ts';
import type { AuditLogTable } from '#server/platform/database/schema.ts';

export const auditRepository = {
  async insert(db: Db, row: AuditLogTable): Promise<void> {
    await db.insertInto('audit_log').values(row).execute();
  },

  /** The newest entries first, `limit` of them, older than `beforeAt` when given. */
  list(db: Db, limit: number, beforeAt?: string): Promise<AuditLogTable[]> {
    let query = db.selectFrom('audit_log').selectAll();
    if (beforeAt) query = query.where('at', '<', beforeAt);
    return query.orderBy('at', 'desc').orderBy('id', 'desc').limit(limit).execute();
  },
};
