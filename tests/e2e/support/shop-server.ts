import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

export interface RunningShop {
  url: string;
  /** The payment provider's own origin (PAYMENT_URL), served by the same process. */
  paymentUrl: string;
  /** Where this shop keeps its database. */
  dataDir: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Resolves once the shop answers HTTP; rejects if it exits, or after 75 s (within a spec's 90 s).
 * A start took over 20 s at load 20 on the 2-core machine.
 */
async function waitUntilServing(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 75_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The shop exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/favicon.svg`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('The shop did not start within 75 s');
}

/** A port the system says is free now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/**
 * Starts the built shop as a real process, exactly as `npm run serve` does, on a free port with
 * a fresh data folder, and resolves with its URL once it listens. The shop must know its own
 * address (PUBLIC_URL) before it starts, for cookies and the sign-in redirects, so the port is
 * chosen first. The payment provider answers at `http://localhost:PORT`, another origin than the
 * shop's `http://127.0.0.1:PORT` that both Chromium and Node resolve (Node does not resolve
 * `pay.localhost`, the default for a shop on localhost).
 */
export async function startShop(
  env: NodeJS.ProcessEnv = {},
  /** `ignore` drops the server's log lines (benchmarks at the default log level). */
  { stdout = 'inherit' }: { stdout?: 'inherit' | 'ignore' } = {},
): Promise<RunningShop> {
  // A shop behind a load balancer is started on the port the balancer was told (tests/scale).
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'crwn-e2e-data-'));
  const child = spawn(process.execPath, [path.join(repoRoot, 'src/server/server.ts')], {
    // Started in its data folder, the server finds no .env: a developer's settings (their own
    // database, real Google credentials) stay out of the specs.
    cwd: dataDir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      PAYMENT_URL: `http://localhost:${port}`,
      DATA_DIR: dataDir,
      // Specs sign many shoppers up from one address; the limits are tested on the server.
      AUTH_IP_LIMIT_PER_MINUTE: '10000',
      PAYMENT_TOKEN_LIMIT_PER_MINUTE: '10000',
      LOG_LEVEL: 'warn',
      // The specs sign in with Google through the local stand-in (ADR 018).
      LOCAL_GOOGLE: 'on',
      ...env,
    },
    stdio: ['ignore', stdout, 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitUntilServing(url, child);
  } catch (error) {
    child.kill('SIGTERM');
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    url,
    paymentUrl: env.PAYMENT_URL ?? `http://localhost:${port}`,
    dataDir,
    process: child,
    async stop() {
      // A process killed by a signal has no exit code, only a signal code.
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await once(child, 'exit');
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
