import { loadavg } from 'node:os';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Config, type Result } from 'lighthouse';
import { CHROMIUM_ARGS, chromiumPath } from '#tests/e2e/support/chromium.ts';
import { percentile, round } from './stats.ts';

/** Issue 11's pages, and issue 13's product and search pages (rendered by the server). */
export const LIGHTHOUSE_PAGES = [
  '/',
  '/shop',
  '/shop/hats',
  '/checkout',
  '/signin',
  '/shop/hats/1-brown-brim',
  '/search?q=hat',
] as const;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

export type Preset = 'mobile' | 'desktop';
/** Quiet: only what else runs on the machine anyway; busy: with bench/cpu-burner.ts running. */
export type Machine = 'quiet' | 'busy';

export interface PageFigures {
  preset: Preset;
  machine: Machine;
  page: string;
  /** Completed runs, whose medians these are. */
  runs: number;
  /** The error code of each run Lighthouse could not complete (left out of the medians). */
  failedRuns: string[];
  /** Category scores, 0 to 100, the median over the runs. */
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  /** Medians over the runs: milliseconds, except CLS (unitless). */
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Audits below full marks in any run, outside performance: what keeps a score from 100. */
  flagged: string[];
  /** The machine's one-minute load average when the page's runs began. */
  load: number;
}

/** The median of the runs that produced the figure (a run can fail to measure one, e.g. no LCP). */
export const median = (values: number[]) => percentile(values.filter(Number.isFinite), 50);

/** Every audit of the non-performance categories that did not get full marks. */
function flaggedAudits(lhr: Result): string[] {
  const flagged: string[] = [];
  for (const id of ['accessibility', 'best-practices', 'seo']) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) {
        flagged.push(`${id}: ${ref.id}`);
      }
    }
  }
  return flagged;
}

/** One Lighthouse run of `url` through the Chromium listening on `port`, with the preset's config. */
export async function lighthouseRun(port: number, url: string, preset: Preset): Promise<Result> {
  const config: Config | undefined = preset === 'desktop' ? desktopConfig : undefined;
  const result = await lighthouse(
    url,
    { port, logLevel: 'error', onlyCategories: [...CATEGORIES] },
    config,
  );
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  return result.lhr;
}

/** A category's score, 0 to 100. */
export const scoreOf = (lhr: Result, id: string) =>
  Math.round((lhr.categories[id]?.score ?? 0) * 100);

/** An audit's figure (milliseconds for times). */
export const metricOf = (lhr: Result, id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;

/** Debian's Chromium started for Lighthouse, with the flags the closed network needs. */
export const launchLighthouseChromium = () =>
  chromeLauncher.launch({
    chromePath: chromiumPath(),
    chromeFlags: CHROMIUM_ARGS,
    logLevel: 'silent',
  });

/**
 * Lighthouse (simulated throttling, its own mobile or desktop preset) on each page, `runs` times
 * each, through one Chromium per preset; a fresh profile per run (Lighthouse clears storage).
 */
export async function benchLighthouse(
  baseUrl: string,
  preset: Preset,
  runs: number,
  machine: Machine = 'quiet',
): Promise<PageFigures[]> {
  const chrome = await launchLighthouseChromium();
  const figures: PageFigures[] = [];
  try {
    for (const page of LIGHTHOUSE_PAGES) {
      const load = round(loadavg()[0] ?? Number.NaN);
      // A run Lighthouse itself could not complete (it reports a runtimeError, such as NO_LCP,
      // and scores 0) is no measure of the page: it is noted, and another run takes its place,
      // up to two more.
      const results: Result[] = [];
      const failed: string[] = [];
      for (let attempt = 0; results.length < runs && attempt < runs + 2; attempt++) {
        const lhr = await lighthouseRun(chrome.port, `${baseUrl}${page}`, preset);
        if (lhr.runtimeError) failed.push(lhr.runtimeError.code);
        else results.push(lhr);
      }
      const score = (id: string) => median(results.map((lhr) => scoreOf(lhr, id)));
      const metric = (id: string) => median(results.map((lhr) => metricOf(lhr, id)));
      figures.push({
        preset,
        machine,
        page,
        runs: results.length,
        failedRuns: failed,
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
        fcpMs: Math.round(metric('first-contentful-paint')),
        lcpMs: Math.round(metric('largest-contentful-paint')),
        tbtMs: Math.round(metric('total-blocking-time')),
        cls: round(metric('cumulative-layout-shift'), 3),
        flagged: [...new Set(results.flatMap(flaggedAudits))],
        load,
      });
    }
  } finally {
    chrome.kill();
  }
  return figures;
}
