import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { changedInputs, fingerprint } from './build-stamp.ts';

let root: string;

async function put(file: string, text: string) {
  await mkdir(path.dirname(path.join(root, file)), { recursive: true });
  await writeFile(path.join(root, file), text);
}

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'crwn-stamp-'));
  await put('package.json', '{}');
  await put('src/client/app/root.tsx', 'export const a = 1;');
  await put('src/client/app/root.test.tsx', 'test');
  await put('src/shared/money.ts', 'export const cents = 1;');
  await put('public/robots.txt', 'User-agent: *');
  await put('public/images/hat.jpg', 'jpeg');
});
afterEach(() => rm(root, { recursive: true, force: true }));

describe('build fingerprint', () => {
  it('names the sources that changed, were added or were removed', async () => {
    const before = await fingerprint(root, {});
    await put('src/client/app/root.tsx', 'export const a = 2;');
    await put('src/shared/cart.ts', 'export {};');
    await rm(path.join(root, 'public/robots.txt'));

    expect(changedInputs(before, await fingerprint(root, {}))).toEqual([
      'public/robots.txt',
      'src/client/app/root.tsx',
      'src/shared/cart.ts',
    ]);
  });

  it('ignores what the build does not read: tests, drawn images, a file saved unchanged', async () => {
    const before = await fingerprint(root, {});
    await put('src/client/app/root.test.tsx', 'another test');
    await put('public/images/hat.jpg', 'redrawn');
    await put('src/shared/money.ts', 'export const cents = 1;');
    await put('.env', 'PORT=4000\n');

    expect(changedInputs(before, await fingerprint(root, {}))).toEqual([]);
  });

  it('counts the VITE_* variables, which the client build reads', async () => {
    const before = await fingerprint(root, {});
    expect(changedInputs(before, await fingerprint(root, { VITE_WEB_VITALS: 'console' }))).toEqual([
      'VITE_* variables',
    ]);
    await put('.env', 'VITE_WEB_VITALS=console\n');
    expect(changedInputs(before, await fingerprint(root, {}))).toEqual(['VITE_* variables']);
  });
});
