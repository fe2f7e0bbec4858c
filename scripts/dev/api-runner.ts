/**
 * The API server process of `npm run dev`, started ahead of need: it loads the packages the
 * server imports (better-auth, oidc-provider, Fastify… about a second and a half, the bulk of a
 * cold start) and waits. When the dev script says `start`, it imports src/server/server.ts,
 * which starts the server as `npm run serve` does, in a few hundred milliseconds. Only packages
 * are loaded early, never the shop's own code, so nothing it runs can be out of date.
 *
 * Talks to the dev script over IPC: sends `warm` when ready, takes `start`. When the dev script
 * goes away without stopping it (killed outright), it shuts down as on Ctrl-C instead of living
 * on as an orphan that holds its port.
 */
import { readdir, readFile } from 'node:fs/promises';
import { enableCompileCache } from 'node:module';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const SOURCES = ['src/server', 'src/shared'];

/** `import … from 'pkg'` and `import 'pkg'`, not `import type`, not relative or `#` paths. */
const PACKAGE_IMPORT = /^\s*import\s+(?!type\b)(?:[^'";]*?\bfrom\s*)?'([^'.#/][^']*)'/gm;

/** The packages the server's code imports, found by reading it (tests left out). */
async function packagesImported(): Promise<Set<string>> {
  const found = new Set<string>();
  for (const folder of SOURCES) {
    const entries = await readdir(path.join(repoRoot, folder), {
      recursive: true,
      withFileTypes: true,
    });
    for (const entry of entries) {
      if (!/\.ts$/.test(entry.name) || /\.test\.ts$/.test(entry.name)) continue;
      if (entry.parentPath.split(path.sep).includes('test')) continue;
      const text = await readFile(path.join(entry.parentPath, entry.name), 'utf8');
      for (const [, specifier] of text.matchAll(PACKAGE_IMPORT)) found.add(specifier ?? '');
    }
  }
  found.delete('');
  return found;
}

if (!process.send) throw new Error('api-runner.ts is started by scripts/dev/dev.ts only');

// V8's code cache on disk (in the system's temporary folder): the server's own modules then
// load several times faster on a restart.
enableCompileCache();

process.once('disconnect', () => process.kill(process.pid, 'SIGTERM'));
process.once('message', (message) => {
  if (message !== 'start') return;
  // From now on the server's open port keeps the process alive, not the channel.
  process.channel?.unref();
  // By URL, so that TypeScript does not check the server here: it has its own tsconfig.
  void import(new URL('../../src/server/server.ts', import.meta.url).href);
});

for (const specifier of await packagesImported()) {
  // A package that fails here fails again, with its real context, when the server imports it.
  await import(specifier).catch(() => undefined);
}
process.send('warm');
