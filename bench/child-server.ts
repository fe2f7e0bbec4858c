import { spawn } from 'node:child_process';
import { once } from 'node:events';
import type { Server } from 'node:http';
import path from 'node:path';

/**
 * Starts one of bench/'s small servers (`bare-server.ts`, `peer-server.ts`) as its own process,
 * so it competes for the CPU as the shop does, and resolves with its URL (it prints its port once
 * listening) and a stop function.
 */
export async function startChildServer(script: string, argument: string) {
  const child = spawn(process.execPath, [path.join(import.meta.dirname, script), argument], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [chunk] = (await once(child.stdout, 'data')) as [Buffer];
  return {
    url: `http://127.0.0.1:${chunk.toString().trim()}`,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}

/** The child's side: listens on a free loopback port, prints it, and stops on SIGTERM. */
export function listenAsChild(server: Server) {
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    if (address && typeof address === 'object') console.log(address.port);
  });
  process.once('SIGTERM', () => {
    server.closeAllConnections();
    server.close(() => process.exit(0));
  });
}
