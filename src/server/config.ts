import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { trustProxySchema } from '#server/platform/http/trust-proxy.ts';
import { defaultPaymentUrl, paymentUrlProblem } from './payment-url.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const optionalText = z
  .string()
  .transform((value) => value.trim() || undefined)
  .optional();

const envSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    /** The address shoppers use, e.g. https://shop.example.com; cookies are Secure when https. */
    PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
    /**
     * Where the card payment provider (checkout.js, the card form, tokens) answers: an origin of
     * its own, so the shop's page cannot read the card form. Default http://pay.localhost:PORT
     * when the shop is on localhost (see payment-url.ts).
     */
    PAYMENT_URL: z.url({ protocol: /^https?$/ }).optional(),
    CLIENT_DIR: z.string().min(1).default(path.join(repoRoot, 'build/client')),
    DATA_DIR: z.string().min(1).default(path.join(repoRoot, 'data')),
    /** The SQLite file; `:memory:` keeps everything in memory (tests). */
    DATABASE_FILE: z.string().min(1).optional(),
    /**
     * A PostgreSQL database (postgres://user:password@host:5432/name) in place of the embedded
     * SQLite file: what several shop servers share (README, "Running at scale").
     */
    DATABASE_URL: z
      .string()
      .trim()
      .regex(/^postgres(ql)?:\/\/./i, 'must be a postgres:// or postgresql:// URL')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /** Connections each server keeps to PostgreSQL at most. */
    DATABASE_POOL_SIZE: z.coerce.number().int().min(3).max(1000).default(10),
    /**
     * Signs sessions and cookies. Generated into DATA_DIR on first start when not given, except
     * with DATABASE_URL: servers sharing a database must share it.
     */
    AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    GOOGLE_CLIENT_ID: optionalText,
    GOOGLE_CLIENT_SECRET: optionalText,
    /** The local stand-in for Google at /oidc (ADR 018); default on only outside production. */
    LOCAL_GOOGLE: z.enum(['on', 'off']).optional(),
    NODE_ENV: optionalText,
    AUTH_IP_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(30),
    AUTH_ACCOUNT_LIMIT_PER_15_MINUTES: z.coerce.number().int().positive().default(10),
    /** Card tokens the payment widget may create per IP a minute. */
    PAYMENT_TOKEN_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(30),
    /** Changes to a signed-in shopper's saved cart per account a minute (ADR 025). */
    CART_WRITE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(120),
    /** Reverse proxies whose X-Forwarded-For/-Proto count (platform/http/trust-proxy.ts). */
    TRUST_PROXY: trustProxySchema,
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    /** `pretty` lines for people, `json` for machines; unset: pretty when stdout is a terminal. */
    LOG_FORMAT: z.enum(['pretty', 'json']).optional(),
    /** False when another server (Vite, in `npm run dev`) serves the pages and client files. */
    SERVE_SITE: z.stringbool().default(true),
    /**
     * The mail server, e.g. smtps://user:password@smtp.example.com:465. Unset: every email is kept
     * in the shop's own outbox (/outbox, from this machine only; ADR 038).
     */
    SMTP_URL: z
      .string()
      .trim()
      .regex(/^smtps?:\/\/./i, 'must be an smtp:// or smtps:// URL')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /** The sender of the shop's emails, e.g. `CRWN Clothing <shop@example.com>`. */
    MAIL_FROM: optionalText,
    /** How long, at shutdown, requests in flight may take before open connections are cut. */
    SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(5000),
  })
  .refine((env) => Boolean(env.GOOGLE_CLIENT_ID) === Boolean(env.GOOGLE_CLIENT_SECRET), {
    message: 'set both GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET, or neither',
    path: ['GOOGLE_CLIENT_SECRET'],
  })
  .refine((env) => !(env.DATABASE_URL && !env.AUTH_SECRET), {
    message:
      'required with DATABASE_URL: every server of the shop must sign sessions with one secret (generate one with `openssl rand -base64 32`)',
    path: ['AUTH_SECRET'],
  })
  .refine((env) => !(env.SMTP_URL && !env.MAIL_FROM), {
    message: 'required with SMTP_URL: the address the shop sends from',
    path: ['MAIL_FROM'],
  })
  .refine((env) => !(env.LOCAL_GOOGLE === 'on' && env.GOOGLE_CLIENT_ID), {
    message: 'LOCAL_GOOGLE=on stands in for Google: unset it or the Google credentials',
    path: ['LOCAL_GOOGLE'],
  })
  .transform((env, context) => {
    const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
    const paymentUrl = env.PAYMENT_URL?.replace(/\/+$/, '') ?? defaultPaymentUrl(publicUrl);
    const problem = paymentUrlProblem(paymentUrl, publicUrl);
    if (problem !== undefined || paymentUrl === undefined) {
      context.addIssue({ code: 'custom', path: ['PAYMENT_URL'], message: problem ?? 'required' });
      return z.NEVER;
    }
    return {
      ...env,
      // Only when switched on (npm start and npm run dev do, outside production): ADR 018.
      LOCAL_GOOGLE: env.LOCAL_GOOGLE ?? 'off',
      PUBLIC_URL: publicUrl,
      PAYMENT_URL: paymentUrl,
      DATABASE_FILE: env.DATABASE_FILE ?? path.join(env.DATA_DIR, 'shop.sqlite'),
    };
  });

export type Config = z.infer<typeof envSchema>;

export { paymentOrigin } from './payment-url.ts';

/**
 * Reads the configuration from the environment. Throws one error that names every missing or
 * bad variable, so a mistake is found at start-up rather than on the first request.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.')}: ${issue.message}`,
    );
    throw new Error(`Bad configuration:\n  ${problems.join('\n  ')}`);
  }
  return parsed.data;
}
