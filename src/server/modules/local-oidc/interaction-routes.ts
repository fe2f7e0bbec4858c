import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Interaction, Provider } from 'oidc-provider';
import type { Limiter } from '#server/platform/rate-limit.ts';
import {
  anotherAccountPage,
  chooserPage,
  messagePage,
  PAGE_CONTENT_SECURITY_POLICY,
  verifyPage,
  type ChooserAccount,
} from './interaction-pages.ts';
import {
  forgetAccount,
  rememberAccount,
  type KnownAccountsCookie,
} from './known-accounts-cookie.ts';
import {
  MIN_PASSWORD_LENGTH,
  type LocalAccount,
  type LocalOidcService,
} from './local-oidc-service.ts';

export interface InteractionRoutesOptions {
  /** The provider, made on the first request that needs it (local-oidc-plugin.ts). */
  provider: () => Promise<Provider>;
  accounts: LocalOidcService;
  knownAccounts: KnownAccountsCookie;
  /** e.g. /oidc/interaction: the pages live at <base>/<uid> and below. */
  interactionBasePath: string;
  loginLimiter: Limiter;
  /** The shop's name as it is now, which the pages say the person continues to. */
  appName?: () => Promise<string>;
}

type InteractionRequest = FastifyRequest<{ Params: { uid: string } }>;

/** A text field of a parsed form body; '' when missing. */
function field(body: unknown, name: string): string {
  if (typeof body !== 'object' || body === null || !(name in body)) return '';
  const value: unknown = (body as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : '';
}

function stringArray(value: unknown): string[] {
  return Array.isArray(value)
    ? value.filter((item): item is string => typeof item === 'string')
    : [];
}

function sendPage(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', PAGE_CONTENT_SECURITY_POLICY)
    .send(html);
}

function sendExpired(reply: FastifyReply): FastifyReply {
  return sendPage(
    reply,
    400,
    messagePage(
      'This sign-in has expired',
      'This sign-in page is no longer valid. Close this window and sign in again from the shop.',
    ),
  );
}

/**
 * The account chooser and sign-in forms of the local OpenID provider, at
 * <base>/<uid> (chooser), <base>/<uid>/another (form), and POST <uid>/select, /verify, /login,
 * /forget, /abort. A listed account continues without a password only when the provider's own
 * session already belongs to it; otherwise /select answers "Verify it's you" (ADR 018). Each
 * request must carry oidc-provider's interaction cookie for that very uid, which ties the forms
 * to the browser and the authorization request that started them.
 */
export function interactionRoutes(
  app: FastifyInstance,
  {
    provider: getProvider,
    accounts,
    knownAccounts,
    interactionBasePath,
    loginLimiter,
    appName,
  }: InteractionRoutesOptions,
  done: (error?: Error) => void,
): void {
  const pathOf = (uid: string) => `${interactionBasePath}/${encodeURIComponent(uid)}`;
  // Set before any handler of these routes runs (this hook is theirs only); the same provider
  // every time once made.
  let provider: Provider;
  app.addHook('onRequest', async () => {
    provider = await getProvider();
  });

  /** The interaction this request belongs to, or null when it expired or is someone else's. */
  async function loadInteraction(
    request: InteractionRequest,
    reply: FastifyReply,
  ): Promise<Interaction | null> {
    try {
      const interaction = await provider.interactionDetails(request.raw, reply.raw);
      return interaction.uid === request.params.uid ? interaction : null;
    } catch (error) {
      // Loaded already: the provider that threw comes from it.
      const { errors } = await import('oidc-provider');
      if (error instanceof errors.SessionNotFound) return null;
      throw error;
    }
  }

  async function knownAccountsOf(subs: readonly string[]): Promise<ChooserAccount[]> {
    const found = await Promise.all(subs.map((sub) => accounts.findBySub(sub)));
    return found.filter((account): account is LocalAccount => account !== null);
  }

  async function sendChooser(
    request: InteractionRequest,
    reply: FastifyReply,
    interaction: Interaction,
    status = 200,
    error?: string,
  ): Promise<FastifyReply> {
    const known = await knownAccountsOf(knownAccounts.read(request));
    const html = chooserPage({
      appName: await appName?.(),
      interactionPath: pathOf(request.params.uid),
      accounts: known,
      signedInSub: interaction.session?.accountId,
      error,
    });
    return sendPage(reply, status, html);
  }

  /**
   * The listed account a /select or /verify form names. Otherwise the reply, already sent: the
   * chooser again, refusing a sub this browser never used (403) or one that no longer exists.
   */
  async function pickedAccount(
    request: InteractionRequest,
    reply: FastifyReply,
    interaction: Interaction,
  ): Promise<LocalAccount | FastifyReply> {
    const sub = field(request.body, 'sub');
    const known = knownAccounts.read(request);
    if (!known.includes(sub)) {
      return sendChooser(
        request,
        reply,
        interaction,
        403,
        'Sign in to that account with "Use another account".',
      );
    }
    const account = await accounts.findBySub(sub);
    if (account) return account;
    knownAccounts.write(reply, forgetAccount(known, sub));
    return sendPage(
      reply,
      404,
      chooserPage({
        appName: await appName?.(),
        interactionPath: pathOf(request.params.uid),
        accounts: await knownAccountsOf(forgetAccount(known, sub)),
        signedInSub: interaction.session?.accountId,
        error: 'That account no longer exists.',
      }),
    );
  }

  /**
   * First-party clients get no consent screen: grant what the request asked for (its OIDC
   * scopes, plus any claims or resource scopes oidc-provider reports as missing).
   */
  async function grantRequested(interaction: Interaction, accountId: string): Promise<string> {
    const clientId = String(interaction.params.client_id);
    const existing = interaction.grantId
      ? await provider.Grant.find(interaction.grantId)
      : undefined;
    const grant =
      existing?.accountId === accountId && existing.clientId === clientId
        ? existing
        : new provider.Grant({ accountId, clientId });

    const scope = interaction.params.scope;
    grant.addOIDCScope(typeof scope === 'string' ? scope : 'openid');
    const { details } = interaction.prompt;
    const missingClaims = stringArray(details.missingOIDCClaims);
    if (missingClaims.length) grant.addOIDCClaims(missingClaims);
    const missingResourceScopes = details.missingResourceScopes;
    if (typeof missingResourceScopes === 'object' && missingResourceScopes !== null) {
      for (const [resource, scopes] of Object.entries(missingResourceScopes)) {
        grant.addResourceScope(resource, stringArray(scopes).join(' '));
      }
    }
    return grant.save();
  }

  /**
   * The browser's provider session belongs to another account: end it. Otherwise oidc-provider
   * would stop at a "sign out first?" page on resume, which Google's chooser never shows.
   */
  async function endOtherSession(interaction: Interaction): Promise<void> {
    const sessionUid = interaction.session?.uid;
    interaction.session = undefined;
    await interaction.persist();
    if (sessionUid) await (await provider.Session.findByUid(sessionUid))?.destroy();
  }

  /** Signs `accountId` in, remembers it in this browser and returns to oidc-provider. */
  async function finishAs(
    request: InteractionRequest,
    reply: FastifyReply,
    interaction: Interaction,
    accountId: string,
  ): Promise<FastifyReply> {
    if (interaction.session && interaction.session.accountId !== accountId) {
      await endOtherSession(interaction);
    }
    const grantId = await grantRequested(interaction, accountId);
    const returnTo = await provider.interactionResult(
      request.raw,
      reply.raw,
      { select_account: {}, login: { accountId }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
    const known = rememberAccount(knownAccounts.read(request), accountId);
    return knownAccounts.write(reply, known).redirect(returnTo, 303);
  }

  app.get(`${interactionBasePath}/:uid`, async (request: InteractionRequest, reply) => {
    const interaction = await loadInteraction(request, reply);
    if (!interaction) return sendExpired(reply);

    // Signed in already but a scope is new to the grant: first-party, so no consent screen.
    if (interaction.prompt.name === 'consent' && interaction.session) {
      const grantId = await grantRequested(interaction, interaction.session.accountId);
      const returnTo = await provider.interactionResult(request.raw, reply.raw, {
        consent: { grantId },
      });
      return reply.redirect(returnTo, 303);
    }
    return sendChooser(request, reply, interaction);
  });

  app.get(`${interactionBasePath}/:uid/another`, async (request: InteractionRequest, reply) => {
    if (!(await loadInteraction(request, reply))) return sendExpired(reply);
    const html = anotherAccountPage({
      appName: await appName?.(),
      interactionPath: pathOf(request.params.uid),
      minPasswordLength: MIN_PASSWORD_LENGTH,
    });
    return sendPage(reply, 200, html);
  });

  app.post(`${interactionBasePath}/:uid/select`, async (request: InteractionRequest, reply) => {
    const interaction = await loadInteraction(request, reply);
    if (!interaction) return sendExpired(reply);

    const account = await pickedAccount(request, reply, interaction);
    if (!('sub' in account)) return account;
    // Being listed is no proof of anything on a shared computer: only the provider's live
    // session for this very account continues without the password.
    if (interaction.session?.accountId === account.sub) {
      return finishAs(request, reply, interaction, account.sub);
    }
    return sendPage(
      reply,
      200,
      verifyPage({
        appName: await appName?.(),
        interactionPath: pathOf(request.params.uid),
        account,
      }),
    );
  });

  app.post(`${interactionBasePath}/:uid/forget`, async (request: InteractionRequest, reply) => {
    if (!(await loadInteraction(request, reply))) return sendExpired(reply);
    const known = forgetAccount(knownAccounts.read(request), field(request.body, 'sub'));
    return knownAccounts.write(reply, known).redirect(pathOf(request.params.uid), 303);
  });

  app.post(`${interactionBasePath}/:uid/abort`, async (request: InteractionRequest, reply) => {
    if (!(await loadInteraction(request, reply))) return sendExpired(reply);
    const returnTo = await provider.interactionResult(
      request.raw,
      reply.raw,
      { error: 'access_denied', error_description: 'The user cancelled the sign-in.' },
      { mergeWithLastSubmission: false },
    );
    return reply.redirect(returnTo, 303);
  });

  // Password attempts are limited per IP, like the shop's own sign-in.
  const limitLogins = async (request: FastifyRequest, reply: FastifyReply) => {
    const wait = await loginLimiter.hit(request, request.ip);
    if (wait > 0) {
      return reply
        .status(429)
        .header('retry-after', String(wait))
        .type('text/plain')
        .send('Too many attempts. Try again in a minute.');
    }
  };

  app.post(
    `${interactionBasePath}/:uid/verify`,
    { onRequest: limitLogins },
    async (request: InteractionRequest, reply) => {
      const interaction = await loadInteraction(request, reply);
      if (!interaction) return sendExpired(reply);
      const account = await pickedAccount(request, reply, interaction);
      if (!('sub' in account)) return account;
      const verified = await accounts.verifyPassword(account.sub, field(request.body, 'password'));
      if (!verified) {
        const html = verifyPage({
          appName: await appName?.(),
          interactionPath: pathOf(request.params.uid),
          account,
          error: 'Wrong password. Try again.',
        });
        return sendPage(reply, 401, html);
      }
      return finishAs(request, reply, interaction, verified.sub);
    },
  );

  app.post(
    `${interactionBasePath}/:uid/login`,
    { onRequest: limitLogins },
    async (request: InteractionRequest, reply) => {
      const interaction = await loadInteraction(request, reply);
      if (!interaction) return sendExpired(reply);

      const typedEmail = field(request.body, 'email').trim();
      const name = field(request.body, 'name').trim();
      const password = field(request.body, 'password');
      const formAgain = async (status: number, error: string) =>
        sendPage(
          reply,
          status,
          anotherAccountPage({
            appName: await appName?.(),
            interactionPath: pathOf(request.params.uid),
            email: typedEmail,
            name,
            error,
            minPasswordLength: MIN_PASSWORD_LENGTH,
          }),
        );

      const result = await accounts.signInOrCreate({ email: typedEmail, name, password });
      if (!result.ok) return formAgain(result.status, result.error);
      return finishAs(request, reply, interaction, result.account.sub);
    },
  );
  done();
}
