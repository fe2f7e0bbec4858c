import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { loadEnvFile } from '#server/platform/env-file.ts';

const repoRoot = path.resolve(import.meta.dirname, '../..');

export type DatabaseLocation = { kind: 'postgres'; url: string } | { kind: 'sqlite'; file: string };

/**
 * The database the shop started here would open, read as the server reads it (config.ts): the
 * environment, then a `.env` file in the current folder; DATABASE_URL names PostgreSQL, otherwise
 * the SQLite file DATABASE_FILE, by default `shop.sqlite` in DATA_DIR (`./data` of the shop).
 */
export function databaseLocation(env: NodeJS.ProcessEnv = process.env): DatabaseLocation {
  if (env === process.env) loadEnvFile('.env');
  const url = env.DATABASE_URL?.trim();
  if (url) return { kind: 'postgres', url };
  const dataDir = env.DATA_DIR?.trim() || path.join(repoRoot, 'data');
  return { kind: 'sqlite', file: env.DATABASE_FILE?.trim() || path.join(dataDir, 'shop.sqlite') };
}

/** The backup or restore file named on the command line, or the usage and exit code 2. */
export function fileArgument(usage: string): string {
  const file = process.argv[2];
  if (!file || process.argv.length > 3 || file.startsWith('-')) {
    process.stderr.write(`${usage}\n`);
    process.exit(2);
  }
  return path.resolve(file);
}

/** Runs one of PostgreSQL's client programs (pg_dump, pg_restore), failing with its message. */
export async function runClient(program: string, args: string[]): Promise<void> {
  const child = spawn(program, args, { stdio: ['ignore', 'inherit', 'pipe'] });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const [code] = (await Promise.race([
    once(child, 'exit'),
    once(child, 'error').then(([error]) => {
      throw new Error(
        `${program} could not run (${(error as Error).message}): install PostgreSQL's client programs, e.g. apt-get install postgresql-client-15`,
      );
    }),
  ])) as [number | null];
  if (code !== 0) throw new Error(`${program} failed:\n${errors.trim()}`);
}
