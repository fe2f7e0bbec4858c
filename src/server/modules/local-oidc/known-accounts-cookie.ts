import type { FastifyReply, FastifyRequest } from 'fastify';

/** The browser's list of accounts it signed in with, most recent first. */
export const KNOWN_ACCOUNTS_COOKIE = 'oidc_known_accounts';
/** Enough for a family computer; keeps the cookie far below the 4 KB limit. */
const MAX_ACCOUNTS = 10;
const MAX_SUB_LENGTH = 100;
const MAX_AGE_SECONDS = 90 * 24 * 60 * 60;

export interface KnownAccountsCookieOptions {
  /** The issuer's path: the cookie is only sent to the provider. */
  path: string;
  secure: boolean;
}

export interface KnownAccountsCookie {
  /** The subs in the request's cookie; [] when it is missing, altered or signed with another key. */
  read(request: FastifyRequest): string[];
  /** Sets the cookie to this list (deletes it when the list is empty). */
  write(reply: FastifyReply, subs: readonly string[]): FastifyReply;
}

/** Puts `sub` first, keeping each sub once and at most MAX_ACCOUNTS of them. */
export function rememberAccount(subs: readonly string[], sub: string): string[] {
  return [sub, ...subs.filter((known) => known !== sub)].slice(0, MAX_ACCOUNTS);
}

/** The list without `sub` (the chooser's "Remove"). */
export function forgetAccount(subs: readonly string[], sub: string): string[] {
  return subs.filter((known) => known !== sub);
}

function parseSubs(json: string): string[] | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return null;
  }
  if (!Array.isArray(parsed)) return null;
  const subs = parsed.filter(
    (sub): sub is string =>
      typeof sub === 'string' && sub.length > 0 && sub.length <= MAX_SUB_LENGTH,
  );
  return subs.slice(0, MAX_ACCOUNTS);
}

/**
 * The signed, HttpOnly, SameSite=Lax cookie through which the account chooser remembers which
 * accounts signed in with this browser. It is what lets a listed account continue without a
 * password, so it is signed (HMAC-SHA256, by @fastify/cookie with the plugin's keys, the first
 * signing and any verifying): a browser can drop subs from it but cannot add one. It holds only
 * subs, which are random ids, never emails or names. Needs @fastify/cookie registered with
 * `secret` in the caller's context.
 */
export function createKnownAccountsCookie({
  path,
  secure,
}: KnownAccountsCookieOptions): KnownAccountsCookie {
  const attributes = { path, httpOnly: true, sameSite: 'lax', secure } as const;
  return {
    read(request) {
      const value = request.cookies[KNOWN_ACCOUNTS_COOKIE];
      if (!value) return [];
      const unsigned = request.unsignCookie(value);
      if (!unsigned.valid || unsigned.value === null) return [];
      return parseSubs(Buffer.from(unsigned.value, 'base64url').toString('utf8')) ?? [];
    },
    write(reply, subs) {
      if (subs.length === 0) return reply.clearCookie(KNOWN_ACCOUNTS_COOKIE, attributes);
      const payload = Buffer.from(JSON.stringify(subs.slice(0, MAX_ACCOUNTS))).toString(
        'base64url',
      );
      return reply.setCookie(KNOWN_ACCOUNTS_COOKIE, payload, {
        ...attributes,
        signed: true,
        maxAge: MAX_AGE_SECONDS,
      });
    },
  };
}
