import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { listenAsChild } from './child-server.ts';

/**
 * Serves the original crwn-clothing's client build (its `client/build` folder) as its own
 * server.js did in production: the files as they are, and index.html for every other path (the
 * app routes in the browser). Gzipped when the browser accepts it, which the original's Express
 * did not do: a head start for the peer, so the comparison does not flatter the shop.
 * Usage: node bench/peer-server.ts <build folder>; prints the port once listening.
 */
const root = path.resolve(process.argv[2] ?? '');
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.png': 'image/png',
};
const cache = new Map<string, { body: Buffer; gzip: Buffer }>();

function file(urlPath: string): { name: string; body: Buffer; gzip: Buffer } {
  const wanted = path.join(root, decodeURIComponent(urlPath));
  const inside = wanted.startsWith(root + path.sep) && existsSync(wanted);
  const name = inside && statSync(wanted).isFile() ? wanted : path.join(root, 'index.html');
  let entry = cache.get(name);
  if (!entry) {
    const body = readFileSync(name);
    entry = { body, gzip: gzipSync(body) };
    cache.set(name, entry);
  }
  return { name, ...entry };
}

const server = createServer((request, response) => {
  const { name, body, gzip } = file(new URL(request.url ?? '/', 'http://peer').pathname);
  const zipped = /\bgzip\b/.test(request.headers['accept-encoding'] ?? '');
  response.writeHead(200, {
    'content-type': TYPES[path.extname(name)] ?? 'application/octet-stream',
    ...(zipped ? { 'content-encoding': 'gzip' } : {}),
    vary: 'accept-encoding',
  });
  response.end(zipped ? gzip : body);
});
listenAsChild(server);
