import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createAuditService, type AuditService } from './audit-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The back office's audit trail (ADR 042). */
    audit: AuditService;
  }
}

/** The audit trail of what staff and owners change. */
export const auditModule = fp(
  (app: FastifyInstance) => {
    app.decorate('audit', createAuditService({ db: app.database.db }));
    return Promise.resolve();
  },
  { name: 'audit', dependencies: ['platform'] },
);
