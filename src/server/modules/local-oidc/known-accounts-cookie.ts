import { createHmac, timingSafeEqual } from 'node:crypto';

/** The browser's list of accounts it signed in with, most recent first. */
export const KNOWN_ACCOUNTS_COOKIE = 'oidc_known_accounts';
/** Enough for a family computer; keeps the cookie far below the 4 KB limit. */
const MAX_ACCOUNTS = 10;
const MAX_SUB_LENGTH = 100;
const MAX_AGE_SECONDS = 90 * 24 * 60 * 60;
const MIN_KEY_LENGTH = 16;

export interface KnownAccountsCookieOptions {
  /** Signing secrets: the first signs, any verifies (so keys can be rotated). */
  keys: string[];
  /** The issuer's path: the cookie is only sent to the provider. */
  path: string;
  secure: boolean;
}

export interface KnownAccountsCookie {
  /** The subs in the request's cookie; [] when it is missing, altered or signed with another key. */
  read(cookieHeader: string | undefined): string[];
  /** A Set-Cookie value for this list (one that deletes the cookie when the list is empty). */
  serialize(subs: readonly string[]): string;
}

/** Puts `sub` first, keeping each sub once and at most MAX_ACCOUNTS of them. */
export function rememberAccount(subs: readonly string[], sub: string): string[] {
  return [sub, ...subs.filter((known) => known !== sub)].slice(0, MAX_ACCOUNTS);
}

/** The list without `sub` (the chooser's "Remove"). */
export function forgetAccount(subs: readonly string[], sub: string): string[] {
  return subs.filter((known) => known !== sub);
}

/** The raw values of the cookies named `name`, in header order. */
function cookieValues(cookieHeader: string | undefined, name: string): string[] {
  if (!cookieHeader) return [];
  const values: string[] = [];
  for (const pair of cookieHeader.split(';')) {
    const eq = pair.indexOf('=');
    if (eq !== -1 && pair.slice(0, eq).trim() === name) values.push(pair.slice(eq + 1).trim());
  }
  return values;
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
 * password, so it is signed (HMAC-SHA256 over name and value): a browser can drop subs from it
 * but cannot add one. It holds only subs, which are random ids, never emails or names.
 */
export function createKnownAccountsCookie(
  options: KnownAccountsCookieOptions,
): KnownAccountsCookie {
  const [signingKey] = options.keys;
  if (signingKey === undefined || options.keys.some((key) => key.length < MIN_KEY_LENGTH)) {
    throw new Error(`cookieKeys needs at least one secret, each of ${MIN_KEY_LENGTH}+ characters`);
  }

  const sign = (key: string, payload: string) =>
    createHmac('sha256', key).update(`${KNOWN_ACCOUNTS_COOKIE}=${payload}`).digest();

  function verified(value: string): string | null {
    const dot = value.lastIndexOf('.');
    if (dot === -1) return null;
    const payload = value.slice(0, dot);
    const signature = Buffer.from(value.slice(dot + 1), 'base64url');
    const valid = options.keys.some((key) => {
      const expected = sign(key, payload);
      return expected.length === signature.length && timingSafeEqual(expected, signature);
    });
    return valid ? payload : null;
  }

  function attributes(maxAge: number): string {
    const secure = options.secure ? '; Secure' : '';
    return `Path=${options.path}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure}`;
  }

  return {
    read(cookieHeader) {
      for (const value of cookieValues(cookieHeader, KNOWN_ACCOUNTS_COOKIE)) {
        const payload = verified(value);
        if (payload === null) continue;
        const subs = parseSubs(Buffer.from(payload, 'base64url').toString('utf8'));
        if (subs) return subs;
      }
      return [];
    },
    serialize(subs) {
      if (subs.length === 0) return `${KNOWN_ACCOUNTS_COOKIE}=; ${attributes(0)}`;
      const payload = Buffer.from(JSON.stringify(subs.slice(0, MAX_ACCOUNTS))).toString(
        'base64url',
      );
      const signature = sign(signingKey, payload).toString('base64url');
      return `${KNOWN_ACCOUNTS_COOKIE}=${payload}.${signature}; ${attributes(MAX_AGE_SECONDS)}`;
    },
  };
}
