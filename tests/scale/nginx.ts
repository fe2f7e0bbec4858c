import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '../..');
/** The README's example, which the test runs as it is but for its ports. */
export const EXAMPLE_CONFIG = path.join(repoRoot, 'docs/deploy/nginx.conf');
/** Debian's nginx (`apt-get install nginx`; .ci/run installs it when missing). */
export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
/** The response header through which the test's nginx tells which server answered. */
export const UPSTREAM_HEADER = 'x-test-upstream';

export interface RunningNginx {
  url: string;
  stop(): Promise<void>;
}

/** `text` with `from` replaced by `to`, which must occur exactly once: the example changed. */
function replaceOnce(text: string, from: string, to: string): string {
  const parts = text.split(from);
  if (parts.length !== 2) throw new Error(`docs/deploy/nginx.conf: expected "${from}" once`);
  return parts.join(to);
}

/**
 * Starts Debian's nginx in the foreground, as a child process run by this user, on the README's
 * example config (docs/deploy/nginx.conf) with its two upstream servers and its port replaced
 * (chosen before the shops start: they must know their public address).
 * The file is included in a main config of the test's own: pid, logs and temporary files in a
 * temporary folder, one worker, so its round robin alternates strictly between the two servers
 * for requests sent one after another, and a response header naming the server that answered.
 */
export async function startNginx(port: number, upstreams: [number, number]): Promise<RunningNginx> {
  const dir = await mkdtemp(path.join(tmpdir(), 'crwn-nginx-'));
  let site = await readFile(EXAMPLE_CONFIG, 'utf8');
  site = replaceOnce(site, 'server 127.0.0.1:3001;', `server 127.0.0.1:${upstreams[0]};`);
  site = replaceOnce(site, 'server 127.0.0.1:3002;', `server 127.0.0.1:${upstreams[1]};`);
  site = replaceOnce(site, 'listen 80;', `listen 127.0.0.1:${port};`);
  await writeFile(path.join(dir, 'site.conf'), site);
  const temp = (name: string) => path.join(dir, name);
  await writeFile(
    path.join(dir, 'nginx.conf'),
    [
      'daemon off;',
      'worker_processes 1;',
      `pid ${temp('nginx.pid')};`,
      `error_log ${temp('error.log')} warn;`,
      'events { worker_connections 512; }',
      'http {',
      `  access_log off;`,
      `  client_body_temp_path ${temp('client_body')};`,
      `  proxy_temp_path ${temp('proxy')};`,
      `  fastcgi_temp_path ${temp('fastcgi')};`,
      `  uwsgi_temp_path ${temp('uwsgi')};`,
      `  scgi_temp_path ${temp('scgi')};`,
      // Inherited by the example's location, which sets no header of its own.
      `  add_header ${UPSTREAM_HEADER} $upstream_addr always;`,
      `  include ${temp('site.conf')};`,
      '}',
      '',
    ].join('\n'),
  );
  const child = spawn(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
    await rm(dir, { recursive: true, force: true });
  };
  // nginx answers 502 until a server behind it does; any answer means it listens.
  for (let tries = 0; ; tries += 1) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`nginx exited with code ${child.exitCode}: ${errors}`);
    }
    try {
      await fetch(`${url}/favicon.svg`);
      return { url, stop };
    } catch {
      if (tries > 100) {
        await stop();
        throw new Error(`nginx did not listen: ${errors}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
