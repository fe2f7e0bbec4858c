import { isIP } from 'node:net';
import { z } from 'zod';

/** proxy-addr's names for address ranges (what Fastify's `trustProxy` accepts as words). */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address, a CIDR range (not /0, which is everyone) or one of proxy-addr's range names. */
function isTrustableAddress(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  const bits = Number(prefix);
  return bits >= 1 && bits <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: whose X-Forwarded-For and X-Forwarded-Proto count, as Fastify's `trustProxy`.
 * Unset: nobody's (the socket's address is the client). A comma-separated list of the proxies'
 * addresses or CIDR ranges (or `loopback`, `linklocal`, `uniquelocal`): theirs. `true` (anyone,
 * so any client could pick its own address for the per-IP limits) is refused, and so is a hop
 * count: it cannot tell a proxy from a client, and Fastify 5.12 ignores it (fails closed).
 */
export const trustProxySchema = z
  .string()
  .optional()
  .transform((value, context): false | string[] => {
    const text = value?.trim() ?? '';
    if (text === '' || text === 'false') return false;
    const entries = text.split(',').map((entry) => entry.trim());
    if (entries.every(isTrustableAddress)) return entries;
    context.addIssue({
      code: 'custom',
      message:
        'give the proxies\u2019 addresses or CIDR ranges, comma-separated (e.g. 127.0.0.1,10.0.0.0/8)',
    });
    return z.NEVER;
  });
