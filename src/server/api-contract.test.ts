import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeOwner } from '#server/modules/accounts/accounts-service.ts';
import { UNLIMITED } from '#server/test/payments.ts';
import { signUp, uniqueEmail } from '#server/test/shoppers.ts';
import { buildTestApp, type TestApp } from '#server/test/test-app.ts';

// The API's one contract (ADR 054): the OpenAPI document made from the routes' schemas, and
// the check that every /api route is in it with the schemas it takes.

interface Operation {
  parameters?: { in: string; name: string }[];
  requestBody?: unknown;
  responses?: Record<string, { content?: unknown }>;
}
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> };

let app: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;
let document: Document;

beforeAll(async () => {
  app = await buildTestApp(UNLIMITED);
  owner = await signUp(app, 'Olive', uniqueEmail('owner'));
  expect(await makeOwner(app.db, owner.email)).toBe('made');
  const answer = await app.inject({
    url: '/api/admin/openapi.json',
    headers: { cookie: owner.cookie },
  });
  expect(answer.statusCode).toBe(200);
  document = answer.json<Document>();
}, 60_000);

afterAll(() => app.close());

/** Every /api route as `METHOD /path` (OpenAPI spells `:id` as `{id}`). */
const operations = () =>
  Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(
      ([method, operation]) => [`${method.toUpperCase()} ${path}`, operation] as const,
    ),
  );

/**
 * Routes whose success answer has no schema yet: the list only shrinks. A new route must
 * declare its answer; a route that gains one leaves this list (the test says so).
 */
const ANSWER_NOT_YET_DECLARED = new Set<string>([]);

/**
 * Whether a route declares what it answers: a 2xx with its body's schema (JSON, or the media type
 * of a stream or a file), or an answer that has no body, declared by its status alone: 204, or a
 * redirect (3xx) for a route that only redirects. An undeclared route shows only OpenAPI's
 * `200: Default Response`, with no content.
 */
const hasSuccessSchema = (operation: Operation) =>
  Object.entries(operation.responses ?? {}).some(
    ([status, response]) =>
      (/^2/.test(status) && response.content !== undefined) ||
      status === '204' ||
      /^3/.test(status),
  );

describe('the OpenAPI document', () => {
  it('is served to staff only', async () => {
    expect((await app.inject({ url: '/api/admin/openapi.json' })).statusCode).toBe(401);
    const shopper = await signUp(app, 'Sam', uniqueEmail('shopper'));
    const refused = await app.inject({
      url: '/api/admin/openapi.json',
      headers: { cookie: shopper.cookie },
    });
    expect(refused.statusCode).toBe(403);
    expect(document.openapi).toMatch(/^3\./);
  });

  it('lists the API and nothing else: no page, file or card provider path', () => {
    const paths = Object.keys(document.paths);
    expect(paths.length).toBeGreaterThan(40);
    expect(paths.filter((path) => !path.startsWith('/api/'))).toEqual([]);
  });

  it('gives every route that takes a body the body schema it checks', () => {
    const missing = operations()
      .filter(([name]) => /^(POST|PUT|PATCH) /.test(name))
      .filter(([name]) => !['POST /api/admin/pictures'].includes(name))
      .filter(([name]) => !name.startsWith('POST /api/admin/products/{id}/'))
      .filter(([, operation]) => operation.requestBody === undefined)
      .map(([name]) => name);
    expect(missing).toEqual([]);
  });

  it('gives every route its answer schema, but those listed as not yet declared', () => {
    const names: string[] = operations().map(([name]) => name);
    const undeclared = operations()
      .filter(
        ([name, operation]) => !hasSuccessSchema(operation) && !ANSWER_NOT_YET_DECLARED.has(name),
      )
      .map(([name]) => name);
    expect(undeclared, 'a new /api route must declare its answer schema').toEqual([]);
    const declaredSince = operations()
      .filter(
        ([name, operation]) => ANSWER_NOT_YET_DECLARED.has(name) && hasSuccessSchema(operation),
      )
      .map(([name]) => name);
    const gone = [...ANSWER_NOT_YET_DECLARED].filter((name) => !names.includes(name));
    expect(gone, 'no such route: remove it from ANSWER_NOT_YET_DECLARED').toEqual([]);
    expect(declaredSince, 'remove these from ANSWER_NOT_YET_DECLARED').toEqual([]);
  });
});

describe('the API answers', () => {
  it('a refused request with the one error body and no-store, never a 5xx', async () => {
    const answer = await app.inject({
      method: 'POST',
      url: '/api/admin/staff',
      headers: { cookie: owner.cookie, 'sec-fetch-site': 'same-origin' },
      payload: { email: 'not an address', role: 'staff' },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({
      error: 'Bad Request',
      code: 'VALIDATION_ERROR',
      message: 'Enter a valid email address.',
    });
    expect(answer.headers['cache-control']).toBe('no-store');
  });

  it('every answer no-store unless it revalidates (the catalogue)', async () => {
    const cart = await app.inject({ url: '/api/cart', headers: { cookie: owner.cookie } });
    expect(cart.headers['cache-control']).toBe('no-store');
    const missing = await app.inject({ url: '/api/catalogue/products/999999' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBe('no-store');
    expect(missing.json()).toMatchObject({ error: 'Not Found', code: 'NOT_FOUND' });
    const product = await app.inject({ url: '/api/catalogue/products/1' });
    expect(product.headers['cache-control']).toBe('no-cache');
  });
});
