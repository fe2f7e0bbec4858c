import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { listenAsChild } from './child-server.ts';

/**
 * The ceiling for the throughput benchmark: Node's own HTTP server answering every request with
 * the home page's bytes from memory, no routing, no headers beyond the needed. Run as its own
 * process, like the shop, so both compete with autocannon for the CPU the same way.
 * Usage: node bench/bare-server.ts <file to serve>; prints the port once listening.
 */
const body = readFileSync(process.argv[2]!);
const server = createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  response.end(body);
});
listenAsChild(server);
