import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { errorHandler } from './error-handler.ts';
import { jsonBodies, jsonDepth, MAX_JSON_DEPTH } from './json-body.ts';

/** A server whose route re-sends its body as JSON, as the auth routes do to better-auth. */
async function echoServer() {
  const app = Fastify({ bodyLimit: 16 * 1024 });
  errorHandler(app);
  jsonBodies(app);
  app.post('/echo', (request, reply) =>
    reply.type('application/json').send(JSON.stringify(request.body)),
  );
  await app.ready();
  return app;
}

const arrays = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

describe('JSON bodies', () => {
  it('refuses nesting a 16 KiB body allows but recursion does not, with 400', async () => {
    const app = await echoServer();
    const response = await app.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': 'application/json' },
      payload: arrays(8000),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(/nested deeper/);
    await app.close();
  });

  it.each([
    [MAX_JSON_DEPTH, 200],
    [MAX_JSON_DEPTH + 1, 400],
  ])('at depth %i answers %i', async (depth, status) => {
    const app = await echoServer();
    const payload = '{"a":'.repeat(depth - 1) + '[]' + '}'.repeat(depth - 1);
    const response = await app.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(response.statusCode).toBe(status);
    await app.close();
  });

  it('still refuses bad JSON and prototype poisoning with 400', async () => {
    const app = await echoServer();
    for (const payload of ['{"a":', '{"__proto__":{"admin":true}}', '']) {
      const response = await app.inject({
        method: 'POST',
        url: '/echo',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode, payload).toBe(400);
    }
    await app.close();
  });

  it('measures depth without recursion', () => {
    expect(jsonDepth(1)).toBe(0);
    expect(jsonDepth({ a: [1, { b: 2 }] })).toBe(3);
    expect(jsonDepth(JSON.parse(arrays(100_000)), 10)).toBe(11);
  });
});
