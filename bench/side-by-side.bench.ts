import { loadavg } from 'node:os';
import type { Result } from 'lighthouse';
import {
  LIGHTHOUSE_PAGES,
  launchLighthouseChromium,
  lighthouseRun,
  median,
  metricOf,
  scoreOf,
} from './lighthouse.bench.ts';
import { round } from './stats.ts';

/**
 * The original's page that stands for each of the shop's: the original has no product page and
 * no search, so those are set against the page that lists the product (its collection) and
 * against its shop overview.
 */
export const PEER_PAGES: Record<(typeof LIGHTHOUSE_PAGES)[number], string> = {
  '/': '/',
  '/shop': '/shop',
  '/shop/hats': '/shop/hats',
  '/checkout': '/checkout',
  '/signin': '/signin',
  '/shop/hats/1-brown-brim': '/shop/hats',
  '/search?q=hat': '/shop',
};

export interface SideBySideRow {
  page: string;
  peerPage: string;
  /** Total Blocking Time of each run, in the order run (NaN where Lighthouse failed). */
  peerTbtMs: number[];
  shopTbtMs: number[];
  peerTbtMedianMs: number;
  shopTbtMedianMs: number;
  peerPerformance: number[];
  shopPerformance: number[];
  peerPerformanceMedian: number;
  shopPerformanceMedian: number;
  /** Lighthouse's benchmarkIndex (this machine's speed as it measured it) of each run. */
  peerBenchmarkIndex: number[];
  shopBenchmarkIndex: number[];
  /** The one-minute load average before each pair of runs. */
  load: number[];
  /** Runs Lighthouse could not complete, with its error code. */
  failed: string[];
}

/**
 * Lighthouse mobile on each page of the shop and on the original's counterpart, alternating run by
 * run (peer first in odd rounds, shop first in even ones), `rounds` times, through one Chromium:
 * both meet the same machine, whatever else it is doing.
 */
export async function benchSideBySide(
  shopUrl: string,
  peerUrl: string,
  rounds: number,
): Promise<SideBySideRow[]> {
  const rows = LIGHTHOUSE_PAGES.map((page): SideBySideRow => ({
    page,
    peerPage: PEER_PAGES[page],
    peerTbtMs: [],
    shopTbtMs: [],
    peerTbtMedianMs: Number.NaN,
    shopTbtMedianMs: Number.NaN,
    peerPerformance: [],
    shopPerformance: [],
    peerPerformanceMedian: Number.NaN,
    shopPerformanceMedian: Number.NaN,
    peerBenchmarkIndex: [],
    shopBenchmarkIndex: [],
    load: [],
    failed: [],
  }));
  const chrome = await launchLighthouseChromium();
  try {
    for (let roundIndex = 0; roundIndex < rounds; roundIndex++) {
      for (const row of rows) {
        row.load.push(round(loadavg()[0] ?? Number.NaN));
        const runs: [side: 'peer' | 'shop', url: string][] = [
          ['peer', `${peerUrl}${row.peerPage}`],
          ['shop', `${shopUrl}${row.page}`],
        ];
        if (roundIndex % 2 === 1) runs.reverse();
        for (const [side, url] of runs) {
          const lhr: Result = await lighthouseRun(chrome.port, url, 'mobile');
          if (lhr.runtimeError)
            row.failed.push(`${side} round ${roundIndex + 1}: ${lhr.runtimeError.code}`);
          const failed = Boolean(lhr.runtimeError);
          row[`${side}TbtMs`].push(
            failed ? Number.NaN : Math.round(metricOf(lhr, 'total-blocking-time')),
          );
          row[`${side}Performance`].push(failed ? Number.NaN : scoreOf(lhr, 'performance'));
          row[`${side}BenchmarkIndex`].push(Math.round(lhr.environment.benchmarkIndex));
        }
      }
    }
  } finally {
    chrome.kill();
  }
  for (const row of rows) {
    row.peerTbtMedianMs = median(row.peerTbtMs);
    row.shopTbtMedianMs = median(row.shopTbtMs);
    row.peerPerformanceMedian = median(row.peerPerformance);
    row.shopPerformanceMedian = median(row.shopPerformance);
  }
  return rows;
}
