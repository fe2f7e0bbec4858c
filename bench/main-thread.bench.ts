import { MainThreadTasks } from 'lighthouse/core/lib/tracehouse/main-thread-tasks.js';
import { TraceProcessor } from 'lighthouse/core/lib/tracehouse/trace-processor.js';
import { loadavg } from 'node:os';
import type { Machine } from './lighthouse.bench.ts';
import { launchTracingBrowser } from './page-trace.ts';
import { percentile, round } from './stats.ts';

/** Lighthouse's mobile preset slows the CPU this much; so does this measure, for real. */
export const CPU_SLOWDOWN = 4;
/** A task longer than this blocks input noticeably (the definition of a long task). */
export const LONG_TASK_MS = 50;
/** After the load event, how long the page is watched for deferred work (idle callbacks, timers). */
const SETTLE_MS = 3000;

// Lighthouse's own trace categories for tasks and their kinds (its gatherers/trace.js, trimmed).
const TRACE_CATEGORIES = [
  'disabled-by-default-lighthouse',
  'loading',
  'v8',
  'v8.execute',
  'blink.user_timing',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
];

export interface MainThreadFigures {
  machine: Machine;
  page: string;
  runs: number;
  /**
   * Medians over the runs, milliseconds of the slowed CPU. The longest task from the first
   * contentful paint on, the window of Lighthouse's Total Blocking Time: before it the browser
   * commits the navigation, parses the HTML and lays the page out, none of it the shop's script.
   */
  longestTaskMs: number;
  /** The longest task before the first contentful paint (the browser's own work, mostly). */
  longestBeforePaintMs: number;
  /** Self time of every script-evaluation event (Lighthouse's grouping), the whole trace. */
  scriptEvaluationMs: number;
  /** Sum over tasks from the first paint of their time past 50 ms: TBT, measured unsimulated. */
  blockingMs: number;
  /** Tasks over 50 ms in the median run by longest task, with what they were doing. */
  longTasks: string[];
  /** The machine's one-minute load average when the page's runs began. */
  load: number;
}

interface TaskNode {
  event: { name: string };
  parent: TaskNode | undefined;
  children: TaskNode[];
  startTime: number;
  duration: number;
  selfTime: number;
  attributableURLs: string[];
  group: { id: string };
}

/** What this file reads of Lighthouse's processed trace. */
interface ProcessedTrace {
  mainThreadEvents: unknown[];
  frames: { id: string; url: string }[];
  timestamps: { traceEnd: number; timeOrigin: number };
}

interface RunFigures {
  longestTaskMs: number;
  longestBeforePaintMs: number;
  scriptEvaluationMs: number;
  blockingMs: number;
  longTasks: string[];
}

/** What a long task spent its time on: its largest kinds of work, and the scripts behind it. */
function describe(task: TaskNode, firstPaint: number): string {
  const byGroup = new Map<string, number>();
  const visit = (node: TaskNode) => {
    byGroup.set(node.group.id, (byGroup.get(node.group.id) ?? 0) + node.selfTime);
    node.children.forEach(visit);
  };
  visit(task);
  const groups = [...byGroup]
    .sort((a, b) => b[1] - a[1])
    .filter(([, ms]) => ms >= 5)
    .map(([id, ms]) => `${id} ${Math.round(ms)}`);
  const scripts = [...new Set(task.attributableURLs.map((url) => new URL(url).pathname))];
  const when = task.startTime < firstPaint ? ', before first paint' : '';
  return `${Math.round(task.duration)} ms at ${Math.round(task.startTime)} ms${when}: ${groups.join(', ')}${
    scripts.length > 0 ? ` (${scripts.join(' ')})` : ''
  }`;
}

/** Figures of one trace: the main thread of the page's renderer, from navigation to settled. */
function figuresOf(trace: { traceEvents: unknown[] }): RunFigures {
  // Lighthouse types these with its global LH namespace, which is not part of this program.
  const processed = TraceProcessor.processTrace(trace) as unknown as ProcessedTrace;
  const tasks = MainThreadTasks.getMainThreadTasks(
    processed.mainThreadEvents as never,
    processed.frames,
    processed.timestamps.traceEnd,
    processed.timestamps.timeOrigin,
  ) as unknown as TaskNode[];
  const navigation = TraceProcessor.processNavigation(processed) as unknown as {
    timings: { firstContentfulPaint?: number };
  };
  const firstPaint = navigation.timings.firstContentfulPaint ?? Number.NaN;
  // Before the time origin are the blank page and the navigation's own bookkeeping.
  const topLevel = tasks.filter((task) => !task.parent && task.startTime >= 0);
  const afterPaint = topLevel.filter((task) => task.startTime >= firstPaint);
  const beforePaint = topLevel.filter((task) => task.startTime < firstPaint);
  let scriptEvaluationMs = 0;
  for (const task of tasks) {
    if (task.startTime >= 0 && task.group.id === 'scriptEvaluation') {
      scriptEvaluationMs += task.selfTime;
    }
  }
  const longest = (list: TaskNode[]) => Math.max(0, ...list.map((task) => task.duration));
  const blocking = afterPaint.filter((task) => task.duration > LONG_TASK_MS);
  return {
    longestTaskMs: longest(afterPaint),
    longestBeforePaintMs: longest(beforePaint),
    scriptEvaluationMs,
    blockingMs: blocking.reduce((total, task) => total + task.duration - LONG_TASK_MS, 0),
    longTasks: topLevel
      .filter((task) => task.duration > LONG_TASK_MS)
      .map((task) => describe(task, firstPaint)),
  };
}

/**
 * Loads each page `runs` times in Chromium with its CPU slowed `CPU_SLOWDOWN` times (DevTools'
 * Emulation.setCPUThrottlingRate, as Lighthouse's devtools throttling does), a fresh profile
 * each time, traces the main thread from navigation until `SETTLE_MS` after the load event, and
 * reports the longest task and the time spent evaluating script (Lighthouse's grouping of trace
 * events). The network is not slowed: this is about the CPU.
 */
export async function benchMainThread(
  baseUrl: string,
  pages: readonly string[],
  runs: number,
  machine: Machine = 'quiet',
): Promise<MainThreadFigures[]> {
  const browser = await launchTracingBrowser();
  const options = { categories: TRACE_CATEGORIES, cpuSlowdown: CPU_SLOWDOWN, settleMs: SETTLE_MS };
  const figures: MainThreadFigures[] = [];
  try {
    for (const path of pages) {
      const load = round(loadavg()[0] ?? Number.NaN);
      const results: RunFigures[] = [];
      const failed: string[] = [];
      // Now and then, on a loaded machine, a trace lacks the navigation's start and cannot be
      // read; another run takes its place, up to two more.
      for (let attempt = 0; results.length < runs && attempt < runs + 2; attempt++) {
        try {
          results.push(figuresOf(await browser.trace(`${baseUrl}${path}`, options)));
        } catch (error) {
          failed.push(error instanceof Error ? error.message : String(error));
        }
      }
      if (results.length === 0)
        throw new Error(`${path}: no readable trace (${failed.join('; ')})`);
      const medianRun = [...results].sort((a, b) => a.longestTaskMs - b.longestTaskMs)[
        Math.floor((results.length - 1) / 2)
      ];
      const median = (pick: (run: RunFigures) => number) =>
        round(percentile(results.map(pick), 50), 0);
      figures.push({
        machine,
        page: path,
        runs: results.length,
        longestTaskMs: median((run) => run.longestTaskMs),
        longestBeforePaintMs: median((run) => run.longestBeforePaintMs),
        scriptEvaluationMs: median((run) => run.scriptEvaluationMs),
        blockingMs: median((run) => run.blockingMs),
        longTasks: medianRun?.longTasks ?? [],
        load,
      });
    }
  } finally {
    browser.close();
  }
  return figures;
}
