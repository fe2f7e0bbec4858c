import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  changeEmailSchema,
  changePasswordSchema,
  deleteAccountSchema,
  passwordResetRequestSchema,
  passwordResetSchema,
  verifyEmailSchema,
} from '#shared/auth-schemas.ts';
import {
  accountDataSchema,
  accountOverviewSchema,
  emailLinkAnswerSchema,
  messageAnswerSchema,
  okAnswerSchema,
} from '#shared/auth-schemas.ts';
import { apiErrorSchema } from '#shared/api-errors.ts';
import { checkedFirst } from '#server/platform/http/api-contract.ts';
import { errorBody } from '#server/platform/http/error-handler.ts';
import { type CreateLimiter, type Limiter, waitInWords } from '#server/platform/rate-limit.ts';
import type { AccountsService, SignedInSession } from './accounts-service.ts';
import type { AccountSelfService } from './account-self-service.ts';

export interface AccountRoutesOptions {
  accounts: AccountsService;
  selfService: AccountSelfService;
  createLimiter: CreateLimiter;
  /** Requests per minute from one IP to the routes that take an address or a link. */
  ipLimitPerMinute: number;
  /** Password checks per account in 15 minutes (as the sign-in limit). */
  accountLimitPer15Minutes: number;
  secureCookies: boolean;
}

const MINUTE_MS = 60_000;

// What the account's routes refuse with: a bad body or link, no session, an address in use or
// the last owner, too many attempts.
const refusals = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  409: apiErrorSchema,
  429: apiErrorSchema,
};
const HOUR_MS = 60 * MINUTE_MS;

export const RESET_REQUESTED_MESSAGE =
  'If an account uses that address, we have sent it a link to choose a new password. The link works for 30 minutes.';
export const INVALID_LINK_MESSAGE =
  'This link has expired or has already been used. Ask for a new one.';

/**
 * The account's own page and the links emailed to it (issue 15), under /api/account. Every
 * route that takes a password or an address is limited; state changes are guarded like every
 * other (crossSiteGuard, a session read from the cookie on every request).
 */
export function accountRoutes(app: FastifyInstance, options: AccountRoutesOptions): Promise<void> {
  const { accounts, selfService, createLimiter } = options;
  const perIp = createLimiter({
    name: 'account-links-ip',
    max: options.ipLimitPerMinute,
    windowMs: MINUTE_MS,
  });
  // A few reset emails an hour reach an address however many IPs ask for them.
  const resetPerAddress = createLimiter({ name: 'reset-address', max: 5, windowMs: HOUR_MS });
  const passwordChecks = createLimiter({
    name: 'account-password-checks',
    max: options.accountLimitPer15Minutes,
    windowMs: 15 * MINUTE_MS,
  });
  const emailsPerAccount = createLimiter({ name: 'account-emails', max: 5, windowMs: HOUR_MS });

  /** False (and the 429 sent) when `key` is over the limit. */
  const within = async (
    limiter: Limiter,
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    what: string,
  ) => {
    const wait = await limiter.hit(request, key);
    if (wait === 0) return true;
    await reply
      .status(429)
      .header('retry-after', String(wait))
      .send({
        code: 'TOO_MANY_ATTEMPTS',
        message: `Too many ${what}. Try again in ${waitInWords(wait)}.`,
      });
    return false;
  };

  /** The signed-in session, or undefined with the 401 sent. */
  const signedIn = async (
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<SignedInSession | undefined> => {
    const session = await accounts.currentSession(request.headers);
    if (session) return session;
    await reply.status(401).send(errorBody(401, 'UNAUTHENTICATED', 'Sign in to see your account.'));
    return undefined;
  };

  // The per-IP limit and the session come before the body: the anonymous get 401, and a
  // flood 429, whatever they send.
  const session = checkedFirst(signedIn);
  const sessionFirst = session.hook;
  const sessionOf = session.of;
  const ipFirst = (what: string) => async (request: FastifyRequest, reply: FastifyReply) =>
    (await within(perIp, request, reply, request.ip, what)) ? undefined : reply;
  const api = app.withTypeProvider<ZodTypeProvider>();

  const wrongPassword = (reply: FastifyReply) =>
    reply
      .status(400)
      .send(errorBody(400, 'INVALID_PASSWORD', 'That is not your current password.'));

  // "Forgot password?": the same answer, at once, whether or not the address has an account;
  // the lookup and the email happen after it is sent.
  api.post(
    '/api/account/password-reset',
    {
      schema: {
        body: passwordResetRequestSchema,
        response: { 202: messageAnswerSchema, ...refusals },
      },
      preValidation: ipFirst('requests from your network'),
    },
    async (request, reply) => {
      const { body } = request;
      if (
        !(await within(
          resetPerAddress,
          request,
          reply,
          body.email,
          'reset emails for this address',
        ))
      )
        return reply;
      reply.raw.once('finish', () => {
        selfService.requestPasswordReset(body.email).catch((error: unknown) => {
          request.log.error({ err: error }, 'password reset email not queued');
        });
      });
      return reply.status(202).send({ message: RESET_REQUESTED_MESSAGE });
    },
  );

  api.post(
    '/api/account/password-reset/confirm',
    {
      schema: { body: passwordResetSchema, response: { 200: okAnswerSchema, ...refusals } },
      preValidation: ipFirst('attempts from your network'),
    },
    async (request, reply) => {
      const { body } = request;
      if (!(await selfService.resetPassword(body.token, body.newPassword))) {
        return reply.status(400).send(errorBody(400, 'INVALID_TOKEN', INVALID_LINK_MESSAGE));
      }
      return { ok: true };
    },
  );

  api.post(
    '/api/account/verify-email',
    {
      schema: { body: verifyEmailSchema, response: { 200: emailLinkAnswerSchema, ...refusals } },
      preValidation: ipFirst('attempts from your network'),
    },
    async (request, reply) => {
      const { body } = request;
      const result = await selfService.useEmailLink(body.token);
      if (result.kind === 'invalid') {
        return reply.status(400).send(errorBody(400, 'INVALID_TOKEN', INVALID_LINK_MESSAGE));
      }
      if (result.kind === 'email_in_use') {
        return reply
          .status(409)
          .send(
            errorBody(
              409,
              'EMAIL_IN_USE',
              'Another account uses that address now, so yours stays as it was.',
            ),
          );
      }
      return { email: result.email, changed: result.changed };
    },
  );

  app.get(
    '/api/account',
    { schema: { response: { 200: accountOverviewSchema, ...refusals } } },
    async (request, reply) => {
      const session = await signedIn(request, reply);
      if (!session) return reply;
      const overview = await selfService.overview(session.user.id);
      return (
        overview ?? reply.status(401).send(errorBody(401, 'UNAUTHENTICATED', 'Sign in again.'))
      );
    },
  );

  api.post(
    '/api/account/verification',
    {
      schema: {
        body: verifyEmailSchema.pick({}),
        response: { 200: messageAnswerSchema, 202: messageAnswerSchema, ...refusals },
      },
      preValidation: sessionFirst,
    },
    async (request, reply) => {
      const session = sessionOf(request);
      const overview = await selfService.overview(session.user.id);
      if (overview?.emailVerified) return { message: 'Your address is already verified.' };
      if (!(await within(emailsPerAccount, request, reply, session.user.id, 'emails')))
        return reply;
      await selfService.sendVerification(session.user);
      return reply
        .status(202)
        .send({ message: `We have sent a new link to ${session.user.email}.` });
    },
  );

  api.post(
    '/api/account/email',
    {
      schema: { body: changeEmailSchema, response: { 202: messageAnswerSchema, ...refusals } },
      preValidation: sessionFirst,
    },
    async (request, reply) => {
      const session = sessionOf(request);
      const { body } = request;
      if (body.newEmail === session.user.email) {
        return reply
          .status(400)
          .send(errorBody(400, 'VALIDATION_ERROR', 'That is already your address.'));
      }
      if (!(await within(passwordChecks, request, reply, session.user.id, 'attempts')))
        return reply;
      if (!(await selfService.checkPassword(session.user.id, body.password))) {
        return wrongPassword(reply);
      }
      if (!(await within(emailsPerAccount, request, reply, session.user.id, 'emails')))
        return reply;
      await selfService.requestEmailChange(session.user, body.newEmail);
      return reply.status(202).send({
        message: `We have sent a link to ${body.newEmail}. Your address changes when you open it.`,
      });
    },
  );

  api.post(
    '/api/account/password',
    {
      schema: { body: changePasswordSchema, response: { 200: okAnswerSchema, ...refusals } },
      preValidation: sessionFirst,
    },
    async (request, reply) => {
      const session = sessionOf(request);
      const { body } = request;
      if (!(await within(passwordChecks, request, reply, session.user.id, 'attempts')))
        return reply;
      const overview = await selfService.overview(session.user.id);
      if (!overview?.hasPassword) {
        return reply
          .status(400)
          .send(
            errorBody(
              400,
              'NO_PASSWORD',
              'Your account signs in with Google. Use "Forgot password?" to add a password.',
            ),
          );
      }
      if (!(await selfService.checkPassword(session.user.id, body.currentPassword))) {
        return wrongPassword(reply);
      }
      await selfService.changePassword(session.user, session.id, body.newPassword);
      return { ok: true };
    },
  );

  // Sent as text already made (a download, indented): the schema describes it, nothing re-serializes it.
  app.get(
    '/api/account/data',
    {
      schema: {
        response: {
          200: { content: { 'application/json': { schema: accountDataSchema } } },
          ...refusals,
        },
      },
    },
    async (request, reply) => {
      const session = await signedIn(request, reply);
      if (!session) return reply;
      const data = await selfService.exportData(session.user.id);
      if (!data) return reply.status(401).send(errorBody(401, 'UNAUTHENTICATED', 'Sign in again.'));
      return reply
        .header('content-disposition', 'attachment; filename="crwn-account-data.json"')
        .type('application/json; charset=utf-8')
        .send(JSON.stringify(data, null, 2));
    },
  );

  api.post(
    '/api/account/delete',
    {
      schema: { body: deleteAccountSchema, response: { 200: okAnswerSchema, ...refusals } },
      preValidation: sessionFirst,
    },
    async (request, reply) => {
      const session = sessionOf(request);
      const { body } = request;
      if (!(await within(passwordChecks, request, reply, session.user.id, 'attempts')))
        return reply;
      if (!(await selfService.checkPassword(session.user.id, body.password))) {
        return wrongPassword(reply);
      }
      if ((await selfService.deleteAccount(session.user)) === 'last_owner') {
        return reply
          .status(409)
          .send(
            errorBody(
              409,
              'LAST_OWNER',
              'You are the shop’s only owner. Make another account an owner in the back office before you delete yours.',
            ),
          );
      }
      // The session is gone with the account; the browser forgets its cookies too.
      clearSessionCookies(request, reply, options.secureCookies);
      return { ok: true };
    },
  );

  return Promise.resolve();
}

/**
 * Expires the cookies of the session (better-auth's, prefixed `crwn.`, `__Secure-` on https) and
 * its hint (`crwn_signed_in`), as the request sent them.
 */
function clearSessionCookies(request: FastifyRequest, reply: FastifyReply, secure: boolean) {
  const names = (request.headers.cookie ?? '')
    .split(';')
    .map((pair) => pair.split('=')[0]?.trim() ?? '')
    .filter((name) => /^(?:__Secure-)?crwn[._]/.test(name));
  const cookies = [...new Set(names)].map(
    (name) =>
      `${name}=; Path=/; Max-Age=0; SameSite=Lax${name.includes('.') ? '; HttpOnly' : ''}${secure ? '; Secure' : ''}`,
  );
  if (cookies.length > 0) reply.header('set-cookie', cookies);
}
