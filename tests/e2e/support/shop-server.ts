import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { createInterface } from 'node:readline';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

export interface RunningShop {
  url: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Starts the built shop as a real process, exactly as `npm run serve` does, on a port the
 * system picks, and resolves with its URL once it listens.
 */
export async function startShop(env: NodeJS.ProcessEnv = {}): Promise<RunningShop> {
  const child = spawn(process.execPath, [path.join(repoRoot, 'src/server/server.ts')], {
    cwd: repoRoot,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('The shop did not start within 20 s')), 20_000);
    child.once('exit', (code) => reject(new Error(`The shop exited with code ${code}`)));
    lines.on('line', (line) => {
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(line);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
  });
  return {
    url,
    process: child,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}
