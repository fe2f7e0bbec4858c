import autocannon from 'autocannon';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { serverEnvironment } from '#scripts/server-environment.ts';
import { openSqliteDatabase } from '#server/platform/database/database.ts';
import { declaredPng } from '#server/test/png.ts';
import { startShop, type RunningShop } from '#tests/e2e/support/shop-server.ts';
import { ownerCookie } from './backoffice.bench.ts';
import { residentMiB } from './memory.bench.ts';
import { round } from './stats.ts';

const LATENCY_SECONDS = 6;
const CONNECTIONS = 10;
/** More than can be encoded in LATENCY_SECONDS here, so encoding lasts the whole round. */
const PHOTOS = 6;

export interface UploadRow {
  upload: string;
  fileBytes: number;
  status: number;
  ms: number;
  /** VmRSS before the upload, the highest during it (VmHWM, reset first), and after it, MiB. */
  beforeMiB: number;
  peakMiB: number;
  raisedMiB: number;
  afterMiB: number;
}

export interface LatencyRow {
  while: string;
  requests: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  uploads: number;
  failures: number;
}

export interface UploadFigures {
  uploads: UploadRow[];
  latency: LatencyRow[];
}

/** The highest resident set since the last reset (Linux: VmHWM), in MiB. */
async function peakMiB(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kilobytes = /^VmHWM:\s+(\d+) kB$/m.exec(status)?.[1];
  if (!kilobytes) throw new Error(`No VmHWM for process ${pid}`);
  return round(Number(kilobytes) / 1024, 1);
}

/** Sets the process's peak resident set back to its resident set now (clear_refs 5). */
const resetPeak = (pid: number) => writeFile(`/proc/${pid}/clear_refs`, '5');

/** A phone-sized photo of noise, different at every call (so none is found stored already). */
const photo = (width = 3000, height = 4000) =>
  sharp({
    create: {
      width,
      height,
      channels: 3,
      background: { r: 128, g: 128, b: 128 },
      noise: { type: 'gaussian', mean: 128, sigma: 12 },
    },
  })
    .jpeg({ quality: 80 })
    .toBuffer();

/** A picture of one colour, as a small PNG file however many pixels it has. */
const flatPng = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 40 } } })
    .png()
    .toBuffer();

async function upload(shop: RunningShop, cookie: string, bytes: Buffer, type: string) {
  const response = await fetch(`${shop.url}/api/admin/pictures?kind=item`, {
    method: 'POST',
    headers: { cookie, origin: shop.url, 'content-type': type },
    body: new Uint8Array(bytes),
  });
  await response.arrayBuffer();
  return response.status;
}

/**
 * Issue 33's bound on an upload: the server's memory around single uploads (the issue's
 * 95-byte PNG of 16,000 × 8 pixels, its 143-byte 65,535 × 8, and a real 12-megapixel photo),
 * and a shopper's latency on /shop/hats with and without photos being encoded meanwhile. The
 * server runs as `npm start` runs it (its memory settings included), on SQLite.
 */
export async function benchUploads(clientDir: string): Promise<UploadFigures> {
  const env = { ...serverEnvironment(process.env), CLIENT_DIR: clientDir, LOG_LEVEL: 'warn' };
  const shop = await startShop(env, { stdout: 'ignore' });
  const database = openSqliteDatabase(path.join(shop.dataDir, 'shop.sqlite'));
  try {
    const pid = shop.process.pid;
    if (pid === undefined) throw new Error('The shop has no process id');
    const cookie = await ownerCookie(shop.url, database.db, `uploads-${Date.now()}@example.com`);
    // sharp loads with the first upload: that load is not the figure of any upload below.
    await upload(shop, cookie, await photo(800, 1000), 'image/jpeg');

    const uploads: UploadRow[] = [];
    const cases: [string, () => Promise<Buffer>, string][] = [
      ['PNG 16,000 × 8 (issue 33)', () => Promise.resolve(declaredPng(16_000, 8)), 'image/png'],
      ['PNG 65,535 × 8 (issue 33)', () => Promise.resolve(declaredPng(65_535, 8)), 'image/png'],
      ['PNG 11,000 × 8', () => Promise.resolve(declaredPng(11_000, 8)), 'image/png'],
      ['JPEG photo 3,000 × 4,000', () => photo(), 'image/jpeg'],
      // The largest picture allowed, in a format with no shrink-on-load: the worst case.
      ['PNG 7,000 × 7,000 in colour (49 MP)', () => flatPng(7_000, 7_000), 'image/png'],
    ];
    for (const [name, make, type] of cases) {
      const bytes = await make();
      await resetPeak(pid);
      const beforeMiB = await residentMiB(pid);
      const started = performance.now();
      const status = await upload(shop, cookie, bytes, type);
      const ms = Math.round(performance.now() - started);
      const peak = await peakMiB(pid);
      uploads.push({
        upload: name,
        fileBytes: bytes.length,
        status,
        ms,
        beforeMiB,
        peakMiB: peak,
        raisedMiB: round(peak - beforeMiB, 1),
        afterMiB: await residentMiB(pid),
      });
    }

    const latency: LatencyRow[] = [];
    const shopper = () =>
      autocannon({
        url: `${shop.url}/shop/hats`,
        connections: CONNECTIONS,
        duration: LATENCY_SECONDS,
        headers: { 'accept-encoding': 'br' },
      });
    const row = (label: string, result: autocannon.Result, count: number): LatencyRow => ({
      while: label,
      requests: result.requests.total,
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
      maxMs: result.latency.max,
      uploads: count,
      failures: result.non2xx + result.errors + result.timeouts,
    });
    latency.push(row('nothing else', await shopper(), 0));
    // Photos made before, so only the server's encoding competes with the shopper; each a new
    // picture, so each is encoded (the same bytes again would be found stored).
    const photos = await Promise.all(Array.from({ length: PHOTOS }, () => photo()));
    let encoding = true;
    let encoded = 0;
    const uploader = (async () => {
      for (const bytes of photos) {
        if (!encoding) break;
        if ((await upload(shop, cookie, bytes, 'image/jpeg')) < 300) encoded += 1;
      }
    })();
    const during = await shopper();
    encoding = false;
    await uploader;
    latency.push(row('photos uploaded one after another', during, encoded));
    return { uploads, latency };
  } finally {
    await database.db.destroy();
    await shop.stop();
  }
}
