import autocannon from 'autocannon';
import { request } from 'node:http';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { firstLoadOfHtml } from '#scripts/build/first-load.ts';
import { serverEnvironment } from '#scripts/server-environment.ts';
import { startShop } from '#tests/e2e/support/shop-server.ts';
import { startChildServer } from './child-server.ts';
import { percentile, round } from './stats.ts';

const CONNECTIONS = 10;

export interface ThroughputFigures {
  target: string;
  url: string;
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  megabytesPerSecond: number;
  /** Anything but a 2xx, or a failed connection: the figures are void when not 0. */
  failures: number;
  /** Requests per second as a share of the bare server sending the same bytes, in percent. */
  ofBarePercent: number | null;
}

interface Target {
  name: string;
  url: string;
  headers?: Record<string, string>;
  /** The bare-server target that sends the same bytes: this target's ceiling. */
  ceiling?: string;
}

/** What a browser asks for over HTTPS; the shop then sends the brotli file made at build. */
const BROWSER_ENCODINGS = { 'accept-encoding': 'gzip, deflate, br, zstd' };

async function load(target: Target, seconds: number) {
  return autocannon({
    url: target.url,
    headers: target.headers ?? {},
    connections: CONNECTIONS,
    duration: seconds,
  });
}

/** The bytes a page is sent in, undecoded (fetch would decompress them). */
function rawBody(url: string, headers: Record<string, string>): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve(Buffer.concat(chunks)));
      response.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

/** bench/bare-server.ts serving `file`: the ceiling of one target. */
const startBareServer = (file: string) => startChildServer('bare-server.ts', file);

/**
 * Requests per second and latency over loopback, `CONNECTIONS` at a time: a bare Node HTTP
 * server sending the home page's bytes (the ceiling on this machine in this run), then the real
 * shop's home page (same bytes, no compression asked, for a like-for-like ratio), its home page
 * and a collection page as a browser asks for them, and a static asset. The targets take turns
 * for `rounds` rounds of `seconds` each and the median round counts, so a burst of other work on
 * the machine skews one round rather than one target.
 */
export async function benchThroughput(
  clientDir: string,
  seconds: number,
  rounds: number,
): Promise<ThroughputFigures[]> {
  const started: { stop(): Promise<void> }[] = [];
  const folder = await mkdtemp(path.join(tmpdir(), 'crwn-throughput-'));
  try {
    // As `npm start` runs it, at the default log level: the server formats and writes its line
    // per request (to /dev/null, so that no reader competes for the CPU).
    const shop = await startShop(
      { ...serverEnvironment(process.env), LOG_LEVEL: 'info' },
      { stdout: 'ignore' },
    );
    started.push(shop);
    // The home page is rendered by the server (docs/decisions/035): the bare server sends the
    // very bytes the shop sends.
    const homeHtml = await (await fetch(`${shop.url}/`)).text();
    const homeFile = path.join(folder, 'index.html');
    await writeFile(homeFile, homeHtml);
    // Brotli pages are a third of the size, and on loopback a bare server sends those small
    // bodies at well under its rate for the uncompressed page: each has a ceiling of its own.
    const brotliFiles = await Promise.all(
      ['/', '/shop/hats'].map(async (page, index) => {
        const file = path.join(folder, `page-${index}.html.br`);
        await writeFile(file, await rawBody(`${shop.url}${page}`, BROWSER_ENCODINGS));
        return file;
      }),
    );
    // The largest script of the first load: the one whose sending costs most.
    const { scripts } = await firstLoadOfHtml(clientDir, homeHtml);
    const sizes = await Promise.all(
      scripts.map(async (src) => (await stat(path.join(clientDir, src))).size),
    );
    const asset = scripts[sizes.indexOf(Math.max(...sizes))];
    if (!asset) throw new Error('The home page loads no script');
    const bareHtml = await startBareServer(homeFile);
    started.push(bareHtml);
    // A 100 kB body costs far more to send than a 13 kB page: the script has its own ceiling.
    const bareAsset = await startBareServer(path.join(clientDir, `${asset}.br`));
    started.push(bareAsset);
    const [bareHomeBr, bareHatsBr] = await Promise.all(brotliFiles.map(startBareServer));
    started.push(bareHomeBr!, bareHatsBr!);
    const HTML_CEILING = 'bare Node server, home HTML';
    const HOME_BR_CEILING = 'bare Node server, home HTML (br bytes)';
    const HATS_BR_CEILING = 'bare Node server, /shop/hats HTML (br bytes)';
    const ASSET_CEILING = `bare Node server, ${path.basename(asset)}.br`;
    const targets: Target[] = [
      { name: HTML_CEILING, url: bareHtml.url, ceiling: HTML_CEILING },
      { name: 'shop: home HTML (identity)', url: `${shop.url}/`, ceiling: HTML_CEILING },
      { name: HOME_BR_CEILING, url: bareHomeBr!.url, ceiling: HOME_BR_CEILING },
      {
        name: 'shop: home HTML (br)',
        url: `${shop.url}/`,
        headers: BROWSER_ENCODINGS,
        ceiling: HOME_BR_CEILING,
      },
      { name: HATS_BR_CEILING, url: bareHatsBr!.url, ceiling: HATS_BR_CEILING },
      {
        name: 'shop: /shop/hats HTML (br)',
        url: `${shop.url}/shop/hats`,
        headers: BROWSER_ENCODINGS,
        ceiling: HATS_BR_CEILING,
      },
      { name: ASSET_CEILING, url: bareAsset.url, ceiling: ASSET_CEILING },
      {
        name: `shop: largest first-load JS, ${path.basename(asset)} (br)`,
        url: `${shop.url}${asset}`,
        headers: BROWSER_ENCODINGS,
        ceiling: ASSET_CEILING,
      },
    ];
    // A short first pass lets the JIT and the connection handling settle; it is not counted.
    for (const target of targets) await load(target, 1);
    const results = targets.map(() => [] as autocannon.Result[]);
    for (let round = 0; round < rounds; round++) {
      for (const [index, target] of targets.entries()) {
        results[index]!.push(await load(target, seconds));
      }
    }
    const figures = targets.map((target, index) => {
      const runs = results[index]!;
      const medianOf = (pick: (result: autocannon.Result) => number) =>
        percentile(runs.map(pick), 50);
      return {
        target: target.name,
        url: target.url,
        requestsPerSecond: Math.round(medianOf((result) => result.requests.average)),
        latencyP50Ms: round(
          medianOf((result) => result.latency.p50),
          2,
        ),
        latencyP99Ms: round(
          medianOf((result) => result.latency.p99),
          2,
        ),
        megabytesPerSecond: round(medianOf((result) => result.throughput.average) / 1e6, 1),
        failures: runs.reduce(
          (total, result) => total + result.non2xx + result.errors + result.timeouts,
          0,
        ),
      };
    });
    return figures.map((row, index) => {
      const ceiling = figures.find(({ target }) => target === targets[index]!.ceiling);
      const ofBarePercent = ceiling
        ? Math.round((row.requestsPerSecond / ceiling.requestsPerSecond) * 100)
        : null;
      return { ...row, ofBarePercent };
    });
  } finally {
    for (const server of started.reverse()) await server.stop();
    await rm(folder, { recursive: true, force: true });
  }
}
