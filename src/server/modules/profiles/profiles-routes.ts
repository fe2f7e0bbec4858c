import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createProfileBodySchema,
  profileDocumentSchema,
  profileParamsSchema,
  updateProfileBodySchema,
} from '#shared/auth-schemas.ts';
import { apiErrorSchema } from '#shared/api-errors.ts';
import { z } from '#shared/zod.ts';
import { checkedFirst } from '#server/platform/http/api-contract.ts';
import { errorBody } from '#server/platform/http/error-handler.ts';
import type { AccountsService } from '#server/modules/accounts/accounts-service.ts';
import type { ProfileService } from './profiles-service.ts';

interface ProfilesRoutesOptions {
  accounts: AccountsService;
  profiles: ProfileService;
  /** How often an open stream is checked against its session and kept alive. */
  heartbeatMs?: number;
}

interface UidParams {
  uid: string;
}

const PROTECTED_FIELDS = ['id', 'email', 'createdAt'];

/** What an owner-only route answers a stranger, a shopper not its owner or a bad request. */
const refused = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
};

/**
 * The profile documents users/{uid}: read, created if missing, changed and watched live, each by
 * its owner only. The anonymous get 401, other shoppers 403.
 */
export function profilesRoutes(app: FastifyInstance, opts: ProfilesRoutesOptions): Promise<void> {
  const { accounts, profiles, heartbeatMs = 25_000 } = opts;

  /** The session of the signed-in owner of users/{uid}, or undefined after a 401 or 403. */
  const owner = async (request: FastifyRequest<{ Params: UidParams }>, reply: FastifyReply) => {
    const session = await accounts.currentSession(request.headers);
    if (!session) {
      await reply
        .status(401)
        .send({ error: 'Unauthorized', message: 'Sign in to see your profile.' });
      return undefined;
    }
    if (session.user.id !== request.params.uid) {
      await reply.status(403).send({ error: 'Forbidden', message: 'This is not your profile.' });
      return undefined;
    }
    return session;
  };

  const api = app.withTypeProvider<ZodTypeProvider>();
  // The owner is checked before the body: the anonymous get 401 whatever they send.
  const ownerCheck = checkedFirst(owner);
  const ownerFirst = ownerCheck.hook;
  const userOf = (request: FastifyRequest) => ownerCheck.of(request).user;

  api.get(
    '/api/users/:uid',
    {
      schema: { params: profileParamsSchema, response: { 200: profileDocumentSchema, ...refused } },
      preValidation: ownerFirst,
    },
    async (request, reply) => {
      const document = await profiles.find(request.params.uid);
      if (!document) return reply.status(404).send(errorBody(404, 'NOT_FOUND', 'No profile yet.'));
      return document;
    },
  );

  api.put(
    '/api/users/:uid',
    {
      schema: {
        params: profileParamsSchema,
        body: createProfileBodySchema,
        response: { 200: profileDocumentSchema, 201: profileDocumentSchema, ...refused },
      },
      preValidation: ownerFirst,
    },
    async (request, reply) => {
      const user = userOf(request);
      // The email and the time come from the server, never from the body.
      const { document, created } = await profiles.createIfMissing({
        uid: user.id,
        email: user.email,
        displayName: request.body.displayName ?? user.name,
      });
      return reply.status(created ? 201 : 200).send(document);
    },
  );

  /** The fields the server sets, refused by name before the body's own check. */
  const noProtectedFields = async (request: FastifyRequest, reply: FastifyReply) => {
    const body: unknown = request.body;
    const locked = PROTECTED_FIELDS.filter(
      (field) => typeof body === 'object' && body !== null && field in body,
    );
    if (locked.length === 0) return undefined;
    return reply
      .status(400)
      .send({ error: 'Bad Request', message: `${locked.join(', ')} cannot be changed.` });
  };

  api.patch(
    '/api/users/:uid',
    {
      schema: {
        params: profileParamsSchema,
        body: updateProfileBodySchema,
        response: { 200: profileDocumentSchema, ...refused },
      },
      preValidation: [ownerFirst, noProtectedFields],
    },
    async (request, reply) => {
      const document = await profiles.rename(request.params.uid, request.body.displayName);
      if (!document) return reply.status(404).send(errorBody(404, 'NOT_FOUND', 'No profile yet.'));
      return document;
    },
  );

  // Open streams by session id, so a session's end reaches its streams at once.
  const streamsOfSession = new Map<string, Set<() => void>>();
  const endStreamsOf = (sessionId: string) => {
    for (const end of streamsOfSession.get(sessionId) ?? []) end();
  };
  const stopListening = accounts.onSessionEnded(({ sessionId }) => endStreamsOf(sessionId));
  // preClose, not onClose: Fastify waits for open responses before its onClose hooks run, and an
  // event stream never finishes by itself (issue 9: SIGTERM left the server running).
  app.addHook('preClose', (done) => {
    stopListening();
    for (const sessionId of [...streamsOfSession.keys()]) endStreamsOf(sessionId);
    done();
  });

  // One look-up answers every stream of a session that asks while it runs: a change fans out to
  // all of a session's open streams at once, and each would otherwise ask the same question.
  const checksInFlight = new Map<string, Promise<string | null>>();
  const currentSessionId = (sessionId: string, headers: FastifyRequest['headers']) => {
    let check = checksInFlight.get(sessionId);
    if (!check) {
      check = accounts
        .currentSession(headers)
        .then(
          (found) => found?.id ?? null,
          () => null,
        )
        .finally(() => checksInFlight.delete(sessionId));
      checksInFlight.set(sessionId, check);
    }
    return check;
  };

  // Server-Sent Events: the document now, then every new version, until the session ends.
  // The stream is written by hand (hijacked), so its schema only describes it.
  app.get<{ Params: UidParams }>(
    '/api/users/:uid/events',
    {
      schema: {
        response: {
          200: {
            description: 'Server-Sent Events: `event: profile`, the document as JSON data.',
            content: { 'text/event-stream': { schema: z.string() } },
          },
          401: apiErrorSchema,
          403: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const session = await owner(request, reply);
      if (!session) return reply;
      const { uid } = request.params;
      const current = await profiles.find(uid);

      reply.hijack();
      const stream = reply.raw;
      stream.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });

      let ended = false;
      const end = () => {
        if (ended) return;
        ended = true;
        clearInterval(heartbeat);
        unwatch();
        const ofSession = streamsOfSession.get(session.id);
        ofSession?.delete(end);
        if (ofSession?.size === 0) streamsOfSession.delete(session.id);
        stream.end();
      };
      /** Whether the stream's own session still exists; ends the stream when it does not. */
      const sessionLives = async () => {
        if ((await currentSessionId(session.id, request.headers)) !== session.id) end();
        return !ended;
      };

      // Pushes go out in order, each only after its session was found alive: a session deleted
      // without an event (expired, removed by another process) never receives a document.
      let pushes = Promise.resolve();
      const push = (document: unknown) => {
        pushes = pushes.then(async () => {
          if (!ended && (await sessionLives())) {
            stream.write(`event: profile\ndata: ${JSON.stringify(document)}\n\n`);
          }
        });
      };

      if (current) stream.write(`event: profile\ndata: ${JSON.stringify(current)}\n\n`);
      const unwatch = profiles.watch(uid, push);
      const heartbeat = setInterval(() => {
        void sessionLives().then((alive) => {
          if (alive) stream.write(': still here\n\n');
        });
      }, heartbeatMs);
      const ofSession = streamsOfSession.get(session.id) ?? new Set();
      ofSession.add(end);
      streamsOfSession.set(session.id, ofSession);
      request.raw.on('close', end);
      return reply;
    },
  );
  return Promise.resolve();
}
