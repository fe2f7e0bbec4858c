import type { AuditEntry } from '#shared/back-office-api.ts';
import { randomId } from '#server/platform/ids.ts';
import type { Db } from '#server/platform/database/transaction.ts';
import { auditRepository } from './audit-repository.ts';

/** Who made a back-office change. */
export interface AuditActor {
  id: string;
  email: string;
}

const parse = (json: string | null): unknown => (json === null ? null : JSON.parse(json));

/**
 * The audit trail (issue 14): every back-office change, who made it, when, and the subject's state
 * before and after. Written after the change succeeded; read newest first.
 */
export function createAuditService({ db }: { db: Db }) {
  return {
    async record(
      actor: AuditActor,
      action: string,
      subject: string,
      before: unknown,
      after: unknown,
    ): Promise<void> {
      await auditRepository.insert(db, {
        id: randomId('aud', 20),
        actor_id: actor.id,
        actor_email: actor.email,
        action,
        subject,
        before: before === undefined ? null : JSON.stringify(before),
        after: after === undefined ? null : JSON.stringify(after),
        at: new Date().toISOString(),
      });
    },

    async list(limit: number, beforeAt?: string): Promise<AuditEntry[]> {
      const rows = await auditRepository.list(db, limit, beforeAt);
      return rows.map((row) => ({
        id: row.id,
        actor: { id: row.actor_id, email: row.actor_email },
        action: row.action,
        subject: row.subject,
        before: parse(row.before),
        after: parse(row.after),
        at: row.at,
      }));
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
