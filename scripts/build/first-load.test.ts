import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstLoad, prerenderedPages } from './first-load.ts';

/** A build of three pages: the checkout's route chunk imports a chunk that holds Zod. */
const FILES: Record<string, string> = {
  'index.html': '<script type="module">import "/assets/home.js";</script>',
  '404/index.html': '<script type="module">import "/assets/home.js";</script>',
  'checkout/index.html':
    '<link rel="modulepreload" href="/assets/checkout.js"/><script type="module" src="/assets/home.js"></script>',
  '__spa-fallback.html': '<script type="module">import "/assets/home.js";</script>',
  'assets/home.js': 'import{a}from"./shared.js";a();',
  'assets/shared.js': 'export const a=()=>1;',
  'assets/checkout.js': 'import"./schemas.js";import{a}from"./shared.js";a();',
  'assets/schemas.js': 'globalThis.__zod_globalConfig??={};export const s=1;',
};

let clientDir: string;

beforeAll(async () => {
  clientDir = await mkdtemp(path.join(tmpdir(), 'first-load-'));
  for (const [file, content] of Object.entries(FILES)) {
    await mkdir(path.dirname(path.join(clientDir, file)), { recursive: true });
    await writeFile(path.join(clientDir, file), content);
  }
});

afterAll(() => rm(clientDir, { recursive: true, force: true }));

describe('prerenderedPages', () => {
  it('lists every folder with an index.html, the SPA fallback aside', async () => {
    expect(await prerenderedPages(clientDir)).toEqual(['/', '/404', '/checkout']);
  });
});

describe('firstLoad', () => {
  it('follows static imports and names the scripts that carry Zod', async () => {
    const checkout = await firstLoad(clientDir, '/checkout');
    expect(checkout.scripts.sort()).toEqual([
      '/assets/checkout.js',
      '/assets/home.js',
      '/assets/schemas.js',
      '/assets/shared.js',
    ]);
    expect(checkout.validation).toEqual(['/assets/schemas.js']);
  });

  it('finds no validation library where none is loaded', async () => {
    const home = await firstLoad(clientDir, '/');
    expect(home.scripts.sort()).toEqual(['/assets/home.js', '/assets/shared.js']);
    expect(home.validation).toEqual([]);
  });
});
