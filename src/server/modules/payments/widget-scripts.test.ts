import { Script } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { loadWidgetScripts } from './widget-scripts.ts';

describe('loadWidgetScripts', () => {
  it('bundles each browser script into one strict classic script, small enough to inline', async () => {
    const scripts = await loadWidgetScripts();
    for (const name of ['checkout', 'frame'] as const) {
      const source = scripts[name];
      // A classic <script> cannot hold import or export: compiling it as one proves there is none.
      expect(() => new Script(source, { filename: `${name}.js` }), name).not.toThrow();
      expect(source.startsWith('"use strict";'), name).toBe(true);
      expect(source, name).not.toMatch(/<\/script|<!--/i);
      // Some 4 and 7 kB; a value imported from payment-widget.ts would bring zod (450 kB) along.
      expect(source.length, name).toBeLessThan(12_000);
    }
  });

  it('bundles once per process', async () => {
    expect(loadWidgetScripts()).toBe(loadWidgetScripts());
    expect(await loadWidgetScripts()).toBe(await loadWidgetScripts());
  });
});
