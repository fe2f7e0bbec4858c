import type { TestProject } from 'vitest/node';
import { startPostgres } from './postgres-server.ts';
import './test-database.ts';

/**
 * Vitest's global setup for the `node-postgres` project: one real PostgreSQL for the whole run;
 * every test app gets a database of its own on it (test-database.ts).
 */
export default async function setup(project: TestProject) {
  const postgres = await startPostgres();
  project.provide('postgresAdminUrl', postgres.adminUrl);
  return () => postgres.stop();
}
