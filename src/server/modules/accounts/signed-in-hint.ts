import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SIGNED_IN_HINT_COOKIE } from '#shared/signed-in-hint.ts';
import { SESSION_MAX_AGE_SECONDS } from './auth-settings.ts';

/** better-auth's session cookie (`__Secure-` on https), as a Set-Cookie line or a Cookie pair. */
const SESSION_COOKIE = /^(?:__Secure-)?crwn\.session_token=/;

/** Whether the request's Cookie header has a non-empty cookie whose name matches. */
function sends(request: FastifyRequest, name: RegExp): boolean {
  return (request.headers.cookie ?? '')
    .split(';')
    .some((pair) => name.test(pair.trim()) && !pair.trim().endsWith('='));
}

const HINT_COOKIE = new RegExp(`^${SIGNED_IN_HINT_COOKIE}=`);
const sendsHint = (request: FastifyRequest) => sends(request, HINT_COOKIE);

/**
 * The hint's Set-Cookie line that goes with this Set-Cookie of the session: the same lifetime,
 * path, SameSite and Secure, but readable by page scripts (no HttpOnly), and `1` for its value.
 * A session cookie being cleared (empty, or Max-Age=0) clears the hint.
 */
export function hintLineFor(sessionLine: string): string {
  const [pair = '', ...attributes] = sessionLine.split(';').map((part) => part.trim());
  const kept = attributes.filter((attribute) => !/^httponly$/i.test(attribute));
  const ended =
    pair.endsWith('=') || attributes.some((attribute) => /^max-age=0$/i.test(attribute));
  return [`${SIGNED_IN_HINT_COOKIE}=${ended ? '' : '1'}`, ...kept].join('; ');
}

/** Clears the hint: for a browser that holds it without a session. */
/** A Set-Cookie line for the hint made here, not copied from a session line. */
function ownHintLine(value: '' | '1', maxAge: number, secure: boolean): string {
  return `${SIGNED_IN_HINT_COOKIE}=${value}; Max-Age=${maxAge}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}

const clearingLine = (secure: boolean) => ownHintLine('', 0, secure);

/**
 * better-auth's answer with the hint (ADR 022) in step with the session: set or cleared beside
 * every Set-Cookie of the session (sign-in, sign-up, the Google callback, sign-out, a refreshed
 * or ended session), and cleared when get-session finds no session for a request that had it.
 */
export async function withSignedInHint(
  request: FastifyRequest,
  response: Response,
  secure: boolean,
): Promise<Response> {
  const sessionLine = response.headers.getSetCookie().find((line) => SESSION_COOKIE.test(line));
  let hintLine: string | undefined;
  if (sessionLine) hintLine = hintLineFor(sessionLine);
  else if (sendsHint(request) && response.ok && (await response.clone().text()).trim() === 'null')
    hintLine = clearingLine(secure);
  if (!hintLine) return response;
  // A copy: some answers (redirects) have headers that cannot be changed.
  const headers = new Headers(response.headers);
  headers.append('set-cookie', hintLine);
  const { status, statusText } = response;
  return new Response(response.body, { status, statusText, headers });
}

/**
 * On every response: a browser that sends the session cookie but no hint gets the hint, and one
 * that sends the hint but no session cookie has it cleared. This needs no database: it only
 * keeps the hint in step with the cookies themselves, for sessions made before the hint existed
 * and hints a shopper deleted. Whether the session is still valid is get-session's to say.
 * Register it before the routes it should cover.
 */
export function signedInHintRepair(app: FastifyInstance, { secure }: { secure: boolean }): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const hasSession = sends(request, SESSION_COOKIE);
    if (hasSession === sendsHint(request)) return payload;
    const already = [reply.getHeader('set-cookie') ?? []].flat().map(String);
    if (already.some((line) => line.startsWith(`${SIGNED_IN_HINT_COOKIE}=`))) return payload;
    // The session's own lifetime is not known here; a hint that outlives it is corrected.
    reply.header(
      'set-cookie',
      hasSession ? ownHintLine('1', SESSION_MAX_AGE_SECONDS, secure) : clearingLine(secure),
    );
    return payload;
  });
}
