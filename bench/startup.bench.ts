import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { cp, mkdir, mkdtemp, realpath, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '#tests/e2e/support/shop-server.ts';
import { round } from './stats.ts';

const repoRoot = path.resolve(import.meta.dirname, '..');
/** A cold start builds everything: generous, for a busy machine. */
const START_TIMEOUT_MS = 15 * 60_000;

export interface StartupFigures {
  /** Seconds from `npm start` to the first 200 of `/` without a build (it builds first). */
  coldSeconds: number;
  /** The same with the build made by the cold start: it only serves. */
  warmSeconds: number;
  /** The image step's own line from the cold start (how many pictures came from the cache). */
  images: string;
}

/** A copy of the checkout as it is now (tracked and new files), sharing its node_modules. */
async function copyOfCheckout(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'crwn-startup-'));
  const files = execFileSync(
    'git',
    ['ls-files', '--cached', '--others', '--exclude-standard', '--deduplicate', '-z'],
    { cwd: repoRoot, encoding: 'utf8' },
  )
    .split('\0')
    .filter((file) => file && file !== 'node_modules');
  for (const file of files) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    // A file deleted but not yet committed is listed too: there is nothing to copy.
    await cp(path.join(repoRoot, file), path.join(dir, file)).catch((error: unknown) => {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    });
  }
  await symlink(
    await realpath(path.join(repoRoot, 'node_modules')),
    path.join(dir, 'node_modules'),
  );
  return dir;
}

/** Runs `npm start` in `dir` and resolves with the seconds until `/` answers 200, and its output. */
async function timeStart(dir: string, dataDir: string) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    PAYMENT_URL: `http://localhost:${port}`,
    DATA_DIR: dataDir,
  };
  delete env.CLIENT_DIR;
  const started = performance.now();
  const child = spawn(process.execPath, ['scripts/start.ts'], {
    cwd: dir,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  try {
    while (performance.now() - started < START_TIMEOUT_MS) {
      if (child.exitCode !== null) throw new Error(`npm start exited:\n${output}`);
      const status = await fetch(`${url}/`).then(
        (response) => response.status,
        () => 0,
      );
      if (status === 200) return { seconds: round((performance.now() - started) / 1000), output };
      await sleep(200);
    }
    throw new Error(`npm start did not answer within ${START_TIMEOUT_MS / 1000} s:\n${output}`);
  } finally {
    await stop(child);
  }
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  await once(child, 'exit');
}

/**
 * Cold and warm `npm start`, once each, in a copy of this checkout: first without a build (so it
 * builds: pictures from the image cache, which the copy shares through node_modules, then the
 * client), then again with that build in place.
 */
export async function benchStartup(): Promise<StartupFigures> {
  const dir = await copyOfCheckout();
  const dataDir = path.join(dir, 'data');
  try {
    const cold = await timeStart(dir, dataDir);
    const warm = await timeStart(dir, dataDir);
    const images = /^images: .*$/m.exec(cold.output)?.[0] ?? '(no image step)';
    return { coldSeconds: cold.seconds, warmSeconds: warm.seconds, images };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
