import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

export interface RunningShop {
  url: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** A port the system says is free now. */
async function freePort(): Promise<number> {
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
 * chosen first.
 */
export async function startShop(env: NodeJS.ProcessEnv = {}): Promise<RunningShop> {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'crwn-e2e-data-'));
  const child = spawn(process.execPath, [path.join(repoRoot, 'src/server/server.ts')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      // Specs sign many shoppers up from one address; the limits are tested on the server.
      AUTH_IP_LIMIT_PER_MINUTE: '10000',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('The shop did not start within 20 s')), 20_000);
    child.once('exit', (code) => reject(new Error(`The shop exited with code ${code}`)));
    lines.on('line', (line) => {
      if (line.includes(`Server listening at http://127.0.0.1:${port}`)) {
        clearTimeout(timer);
        resolve(`http://127.0.0.1:${port}`);
      }
    });
  });
  return {
    url,
    process: child,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await once(child, 'exit');
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
