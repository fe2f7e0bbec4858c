import { z } from 'zod';

// Zod 4 compiles a faster parser for each object schema with `new Function`, and probes for it
// with `new Function('')` as soon as the first object schema is made. Under the shop's
// Content-Security-Policy (no 'unsafe-eval') the probe throws, which Zod catches, but the
// browser still reports a CSP violation on every page that loads a schema. Jitless parsing
// needs no eval and is fast enough for the shop's small bodies (docs/decisions/020).
// Schemas must take `z` from here, so this runs before any schema is made.
z.config({ jitless: true });

export { z };
