import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Script } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { loadWidgetScripts } from '#server/modules/payments/widget-scripts.ts';
import { writeWidgetScripts } from './widget-scripts.ts';

describe('the card widget’s scripts', () => {
  it('are bundled at build time into one strict classic script each, small enough to inline', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'crwn-widget-test-'));
    try {
      await writeWidgetScripts(dir);
      const scripts = await loadWidgetScripts(dir);
      for (const name of ['checkout', 'frame'] as const) {
        const source = scripts[name];
        // A classic <script> cannot hold import or export: compiling it as one proves there is none.
        expect(() => new Script(source, { filename: `${name}.js` }), name).not.toThrow();
        expect(source.startsWith('"use strict";'), name).toBe(true);
        expect(source, name).not.toMatch(/<\/script|<!--/i);
        // Some 4 and 7 kB; a value imported from payment-widget.ts would bring zod (450 kB) along.
        expect(source.length, name).toBeLessThan(12_000);
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('stop the server’s start, saying what to run, when the build has not made them', async () => {
    await expect(loadWidgetScripts('/nonexistent/build/widget')).rejects.toThrow(
      /checkout\.js is missing: run `npm run build` first/,
    );
  });
});
