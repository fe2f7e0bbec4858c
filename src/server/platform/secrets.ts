import { createHmac, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '#server/config.ts';

/**
 * The secret that signs sessions: AUTH_SECRET when given, otherwise one generated on the first
 * start and kept in the data folder (readable by the owner only), so a fresh machine runs with
 * no set-up and sessions survive a restart. Never in git.
 */
export function loadAuthSecret(config: Pick<Config, 'AUTH_SECRET' | 'DATA_DIR'>): string {
  if (config.AUTH_SECRET) return config.AUTH_SECRET;
  const file = path.join(config.DATA_DIR, 'auth-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(config.DATA_DIR, { recursive: true });
    const secret = randomBytes(32).toString('base64url');
    try {
      writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
      return secret;
    } catch {
      // Another process wrote it first: use theirs, so both sign with one secret.
      return readFileSync(file, 'utf8').trim();
    }
  }
}

/** A secret for one purpose derived from the main one, so one leak does not expose the others. */
export function deriveSecret(secret: string, purpose: string): string {
  return createHmac('sha256', secret).update(purpose).digest('base64url');
}
