import type { FastifyInstance } from 'fastify';

/**
 * The deepest JSON body the server accepts. The shop's bodies are at most 3 levels deep (an
 * order's items); 32 leaves room for any honest client.
 */
export const MAX_JSON_DEPTH = 32;

/** How deeply `value` nests, counted without recursion, stopping once past `limit`. */
export function jsonDepth(value: unknown, limit = MAX_JSON_DEPTH): number {
  let deepest = 0;
  const pending: [unknown, number][] = [[value, 0]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [item, depth] = next;
    if (typeof item !== 'object' || item === null) continue;
    deepest = Math.max(deepest, depth + 1);
    if (deepest > limit) return deepest;
    for (const child of Object.values(item)) pending.push([child, depth + 1]);
  }
  return deepest;
}

/**
 * JSON bodies as Fastify parses them (secure-json-parse, prototype poisoning refused), and
 * refused with 400 when nested deeper than MAX_JSON_DEPTH. JSON.parse copes with any depth a
 * 16 KiB body allows, but recursive code after it does not: JSON.stringify (re-sending a body to
 * better-auth) and validators overflow the stack near 5,000 levels, which was a 500.
 */
export function jsonBodies(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    void parse(request, text, (error, value) => {
      if (error) {
        done(error, undefined);
      } else if (jsonDepth(value) > MAX_JSON_DEPTH) {
        const tooDeep = Object.assign(
          new Error(`JSON body nested deeper than ${MAX_JSON_DEPTH} levels`),
          { statusCode: 400, code: 'JSON_TOO_DEEP' },
        );
        done(tooDeep, undefined);
      } else {
        done(null, value);
      }
    });
  });
}
