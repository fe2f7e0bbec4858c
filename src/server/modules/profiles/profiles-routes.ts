import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createProfileBodySchema, updateProfileBodySchema } from '#shared/auth-schemas.ts';
import type { Auth } from '#server/modules/accounts/auth.ts';
import { webHeaders } from '#server/platform/http/web-request.ts';
import type { ProfileHub } from './profile-hub.ts';
import type { ProfileRepository } from './profile-repository.ts';

interface UsersRoutesOptions {
  auth: Auth;
  profiles: ProfileRepository;
  hub: ProfileHub;
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
export function usersRoutes(app: FastifyInstance, opts: UsersRoutesOptions) {
  const { auth, profiles, hub, heartbeatMs = 25_000 } = opts;

  /** The signed-in owner of users/{uid}, or undefined after answering 401 or 403. */
  const owner = async (request: FastifyRequest<{ Params: UidParams }>, reply: FastifyReply) => {
    const session = await auth.api.getSession({ headers: webHeaders(request) });
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

  app.get<{ Params: UidParams }>('/api/users/:uid', async (request, reply) => {
    if (!(await owner(request, reply))) return reply;
    const document = await profiles.find(request.params.uid);
    if (!document)
      return reply.status(404).send({ error: 'Not Found', message: 'No profile yet.' });
    return document;
  });

  app.put<{ Params: UidParams }>('/api/users/:uid', async (request, reply) => {
    const session = await owner(request, reply);
    if (!session) return reply;
    const parsed = createProfileBodySchema.safeParse(request.body ?? {});
    if (!parsed.success) {
      return reply
        .status(400)
        .send({ error: 'Bad Request', message: parsed.error.issues[0]?.message });
    }
    // The email and the time come from the server, never from the body.
    const { document, created } = await profiles.createIfMissing({
      uid: session.user.id,
      email: session.user.email,
      displayName: parsed.data.displayName ?? session.user.name,
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
    const document = await profiles.updateDisplayName(request.params.uid, parsed.data.displayName);
    if (!document)
      return reply.status(404).send({ error: 'Not Found', message: 'No profile yet.' });
    hub.publish(document);
    return document;
  });

  // Server-Sent Events: the document now, then every new version, until the session ends.
  app.get<{ Params: UidParams }>('/api/users/:uid/events', async (request, reply) => {
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
    const send = (document: unknown) =>
      stream.write(`event: profile\ndata: ${JSON.stringify(document)}\n\n`);
    if (current) send(current);
    const unwatch = hub.watch(uid, send);

    const heartbeat = setInterval(() => {
      void auth.api
        .getSession({ headers: webHeaders(request) })
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
