import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import {
  cp,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rm,
  symlink,
  utimes,
  writeFile,
} from 'node:fs/promises';
import { connect } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { freePort } from './support/shop-server.ts';
import { cartButton, waitForShop } from './support/shop.ts';

/**
 * `npm run dev` (scripts/dev/dev.ts), run on a copy of the project so that editing its sources
 * leaves this checkout untouched: an edited component changes the open page without a reload,
 * a touched server file restarts the API, and stopping the dev script stops its server too.
 * The restart time is measured and reported (an annotation), not asserted: it depends on the load
 * of the machine (docs/decisions/014-development-loop.md).
 */

const repoRoot = path.resolve(import.meta.dirname, '../..');
const COPIED = [
  'src',
  'public',
  'scripts',
  'package.json',
  'package-lock.json',
  'vite.config.ts',
  'react-router.config.ts',
  'tsconfig.json',
  'tsconfig.base.json',
];
const COMPONENT = 'src/client/features/cart/components/cart-dropdown.tsx';
const SERVER_FILE = 'src/server/app.ts';

interface DevServer {
  url: string;
  dir: string;
  child: ChildProcess;
  output: () => string;
}

/**
 * A copy of the project with its own node_modules folder of links to the installed packages, so
 * that Vite's cache (node_modules/.vite) is the copy's too.
 */
async function copyProject(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'crwn-dev-loop-'));
  for (const entry of COPIED) {
    await cp(path.join(repoRoot, entry), path.join(dir, entry), {
      recursive: true,
      // Unchanged times: the product pictures are seen as up to date, not drawn again.
      preserveTimestamps: true,
      filter: (source) => !source.includes(`${path.sep}node_modules`),
    });
  }
  await mkdir(path.join(dir, 'node_modules'));
  for (const name of await readdir(path.join(repoRoot, 'node_modules'))) {
    if (name === '.vite') continue;
    await symlink(path.join(repoRoot, 'node_modules', name), path.join(dir, 'node_modules', name));
  }
  return dir;
}

/** Starts the copy's dev script; resolves once it says the API server is up. */
async function startDev(dir: string): Promise<DevServer> {
  const port = await freePort();
  const child = spawn(process.execPath, ['scripts/dev/dev.ts'], {
    cwd: dir,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: path.join(dir, 'data'),
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  try {
    await expect
      .poll(() => (child.exitCode === null ? output : `exited: ${output}`), { timeout: 90_000 })
      .toContain('API server behind');
  } catch (error) {
    child.kill('SIGINT');
    throw error;
  }
  return { url: `http://localhost:${port}`, dir, child, output: () => output };
}

/** The ports the API server has listened on, from its JSON log lines. */
function apiPorts(output: string): number[] {
  return [...output.matchAll(/Server listening at http:\/\/127\.0\.0\.1:(\d+)/g)].map(([, port]) =>
    Number(port),
  );
}

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

test.describe.configure({ mode: 'serial' });
test.skip(
  !existsSync(path.join(repoRoot, 'public/images')),
  'public/images does not exist yet: run `npm run images`',
);

let copy: string | undefined;
let dev: DevServer | undefined;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  copy = await copyProject();
  dev = await startDev(copy);
});

test.afterAll(async () => {
  if (dev && dev.child.exitCode === null) {
    dev.child.kill('SIGINT');
    await once(dev.child, 'exit');
  }
  if (copy) await rm(copy, { recursive: true, force: true });
});

test('an edited component changes the open page in place, keeping its state', async ({ page }) => {
  test.setTimeout(90_000);
  const { url, dir } = dev!;
  let loads = 0;
  page.on('load', () => loads++);
  await page.goto(`${url}/shop/hats`);
  await waitForShop(page);
  await cartButton(page).click();
  await expect(page.getByRole('button', { name: 'GO TO CHECKOUT' })).toBeVisible({
    timeout: 30_000,
  });
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => ((window as { crwnMarker?: string }).crwnMarker = 'kept'));
  const loadsBefore = loads;

  const file = path.join(dir, COMPONENT);
  const source = await readFile(file, 'utf8');
  expect(source, `${COMPONENT} still has the text this spec edits`).toContain('>GO TO CHECKOUT<');
  await writeFile(file, source.replace('>GO TO CHECKOUT<', '>GO TO CHECKOUT NOW<'));

  await expect(page.getByRole('button', { name: 'GO TO CHECKOUT NOW' })).toBeVisible({
    timeout: 20_000,
  });
  expect(await page.evaluate(() => (window as { crwnMarker?: string }).crwnMarker)).toBe('kept');
  expect(loads, 'the page was not reloaded').toBe(loadsBefore);
  await expect(cartButton(page)).toHaveAttribute('aria-expanded', 'true');
});

test('a changed server file restarts the API, and the page reaches the new one', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const { url, dir, output } = dev!;
  await page.goto(`${url}/signin`);
  const restarts = () => output().match(/API server restarted in \d+ ms/g) ?? [];
  const before = restarts().length;
  const listenedBefore = apiPorts(output()).length;

  const now = new Date();
  await utimes(path.join(dir, SERVER_FILE), now, now);

  await expect.poll(() => restarts().length, { timeout: 30_000 }).toBeGreaterThan(before);
  expect(apiPorts(output()).length).toBeGreaterThan(listenedBefore);
  test.info().annotations.push({
    type: 'API restart',
    description: `${restarts().at(-1)}; load average ${loadavg()
      .map((load) => load.toFixed(2))
      .join(' ')}`,
  });
  const status = await page.evaluate(
    async () => (await fetch('/api/auth/get-session', { cache: 'no-store' })).status,
  );
  expect(status).toBe(200);
});

test('stopping the dev script stops the API server it started', async () => {
  test.setTimeout(30_000);
  const { child, output } = dev!;
  const apiPort = apiPorts(output()).at(-1);
  expect(apiPort).toBeDefined();
  child.kill('SIGINT');
  const [code] = (await once(child, 'exit')) as [number | null];
  expect(code).toBe(0);
  expect(await accepts(apiPort!)).toBe(false);
});
