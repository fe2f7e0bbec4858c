import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createProfileBodySchema, updateProfileBodySchema } from '#shared/auth-schemas.ts';
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

/**
 * The profile documents users/{uid}: read, created if missing, changed and watched live, each by
 * its owner only. The anonymous get 401, other shoppers 403.
 */
export function profilesRoutes(app: FastifyInstance, opts: ProfilesRoutesOptions) {
  const { accounts, profiles, heartbeatMs = 25_000 } = opts;

  /** The signed-in owner of users/{uid}, or undefined after answering 401 or 403. */
  const owner = async (request: FastifyRequest<{ Params: UidParams }>, reply: FastifyReply) => {
    const user = await accounts.currentUser(request.headers);
    if (!user) {
      await reply
        .status(401)
        .send({ error: 'Unauthorized', message: 'Sign in to see your profile.' });
      return undefined;
    }
    if (user.id !== request.params.uid) {
      await reply.status(403).send({ error: 'Forbidden', message: 'This is not your profile.' });
      return undefined;
    }
    return user;
  };

  app.get<{ Params: UidParams }>('/api/users/:uid', async (request, reply) => {
    if (!(await owner(request, reply))) return reply;
    const document = await profiles.find(request.params.uid);
    if (!document)
      return reply.status(404).send({ error: 'Not Found', message: 'No profile yet.' });
    return document;
  });

  app.put<{ Params: UidParams }>('/api/users/:uid', async (request, reply) => {
    const user = await owner(request, reply);
    if (!user) return reply;
    const parsed = createProfileBodySchema.safeParse(request.body ?? {});
    if (!parsed.success) {
      return reply
        .status(400)
        .send({ error: 'Bad Request', message: parsed.error.issues[0]?.message });
    }
    // The email and the time come from the server, never from the body.
    const { document, created } = await profiles.createIfMissing({
      uid: user.id,
      email: user.email,
      displayName: parsed.data.displayName ?? user.name,
    });
    return reply.status(created ? 201 : 200).send(document);
  });

  app.patch<{ Params: UidParams }>('/api/users/:uid', async (request, reply) => {
    if (!(await owner(request, reply))) return reply;
    const body: unknown = request.body;
    const locked = PROTECTED_FIELDS.filter(
      (field) => typeof body === 'object' && body !== null && field in body,
    );
    if (locked.length > 0) {
      return reply
        .status(400)
        .send({ error: 'Bad Request', message: `${locked.join(', ')} cannot be changed.` });
    }
    const parsed = updateProfileBodySchema.safeParse(body);
    if (!parsed.success) {
      return reply
        .status(400)
        .send({ error: 'Bad Request', message: parsed.error.issues[0]?.message });
    }
    const document = await profiles.rename(request.params.uid, parsed.data.displayName);
    if (!document)
      return reply.status(404).send({ error: 'Not Found', message: 'No profile yet.' });
    return document;
  });

  // Server-Sent Events: the document now, then every new version, until the session ends.
  app.get<{ Params: UidParams }>('/api/users/:uid/events', async (request, reply) => {
    if (!(await owner(request, reply))) return reply;
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
    const send = (document: unknown) =>
      stream.write(`event: profile\ndata: ${JSON.stringify(document)}\n\n`);
    if (current) send(current);
    const unwatch = profiles.watch(uid, send);

    const heartbeat = setInterval(() => {
      void accounts
        .currentUser(request.headers)
        .then((still) => {
          if (still) stream.write(': still here\n\n');
          else stream.end();
        })
        .catch(() => stream.end());
    }, heartbeatMs);
    request.raw.on('close', () => {
      clearInterval(heartbeat);
      unwatch();
    });
    return reply;
  });
}
