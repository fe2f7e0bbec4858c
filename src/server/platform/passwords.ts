/**
 * argon2id at OWASP's recommended floor (19 MiB, 2 passes, 1 lane): about 12 ms a hash on this
 * machine. better-auth's default (scrypt at 32 MiB) is weaker than OWASP asks.
 */
const OPTIONS = {
  // The library's default algorithm is argon2id; its enum is a const enum that type stripping
  // cannot inline, so the default is relied on and checked by passwords.test.ts.
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/** The native binding, loaded with the first password hashed or checked, not at start (ADR 049). */
const argon2 = () => import('@node-rs/argon2');

export async function hashPassword(password: string): Promise<string> {
  return (await argon2()).hash(password, OPTIONS);
}

/** True when `password` matches `passwordHash`; false (never a throw) for a malformed hash. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  const { verify } = await argon2();
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
