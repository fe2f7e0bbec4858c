import { createHash, generateKeyPair } from 'node:crypto';
import { promisify } from 'node:util';

const generateKeyPairAsync = promisify(generateKeyPair);

/** A private JSON Web Key as oidc-provider's `jwks.keys` takes it. */
export type PrivateSigningJwk = Record<string, unknown> & { kid: string; alg: 'RS256'; use: 'sig' };

/**
 * Makes a fresh RS256 key pair for signing ID tokens. Made once and kept in the shop's database
 * (provider-state-repository.ts), so every server signs with it and a restart keeps it; nothing
 * secret goes to git.
 */
export async function generateSigningJwk(): Promise<PrivateSigningJwk> {
  const { privateKey, publicKey } = await generateKeyPairAsync('rsa', { modulusLength: 2048 });
  const publicJwk = publicKey.export({ format: 'jwk' });
  // RFC 7638 thumbprint as the key id, so it is stable for this key and says nothing else.
  const thumbprintInput = JSON.stringify({ e: publicJwk.e, kty: publicJwk.kty, n: publicJwk.n });
  const kid = createHash('sha256').update(thumbprintInput).digest('base64url');
  return { ...privateKey.export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' };
}
