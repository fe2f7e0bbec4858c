import * as chromeLauncher from 'chrome-launcher';
import CDP from 'chrome-remote-interface';
import { CHROMIUM_ARGS, chromiumPath } from '#tests/e2e/support/chromium.ts';

/** A trace in Chrome's JSON trace format, as Lighthouse's trace processor reads it. */
export interface Trace {
  traceEvents: unknown[];
}

/** How a page is loaded and traced: the phone it pretends to be and the categories recorded. */
export interface TraceOptions {
  categories: string[];
  cpuSlowdown: number;
  /** After the load event, how long the page is watched for deferred work. */
  settleMs: number;
}

/** Lighthouse's mobile preset: a Moto G Power sized screen, touch, and a phone's pixel ratio. */
const PHONE = { width: 412, height: 823, deviceScaleFactor: 1.75, mobile: true };

/**
 * Chromium driven over the DevTools protocol with only the domains a trace needs (Target,
 * Emulation, Page, Tracing), never Runtime. Playwright (and Lighthouse) enable the Runtime
 * domain on every page, and with it V8 records a detailed stack trace, with line and column,
 * for every Error a script creates: React DOM makes three when its module starts, so V8 reparses
 * React DOM's whole module function to find their positions, some 50 ms of the slowed CPU in
 * one task that no shopper's phone runs (docs/decisions/051). A trace taken this way shows the
 * page's own work.
 */
export async function launchTracingBrowser(): Promise<{
  trace: (url: string, options: TraceOptions) => Promise<Trace>;
  close: () => void;
}> {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath(),
    chromeFlags: CHROMIUM_ARGS,
    logLevel: 'silent',
  });
  // The browser's own endpoint (new contexts are made there), not a page's.
  const { webSocketDebuggerUrl } = await CDP.Version({ port: chrome.port });
  const browser = await CDP({ target: webSocketDebuggerUrl });

  /** One load of `url` in a fresh browser context (its own cache and storage). */
  async function trace(url: string, options: TraceOptions): Promise<Trace> {
    const { browserContextId } = await browser.Target.createBrowserContext({});
    const { targetId } = await browser.Target.createTarget({
      url: 'about:blank',
      browserContextId,
    });
    const page = await CDP({ port: chrome.port, target: targetId });
    try {
      await page.Emulation.setDeviceMetricsOverride(PHONE);
      await page.Emulation.setTouchEmulationEnabled({ enabled: true });
      await page.Emulation.setCPUThrottlingRate({ rate: options.cpuSlowdown });
      await page.Page.enable();
      const events: unknown[] = [];
      page.Tracing.dataCollected(({ value }) => events.push(...(value as unknown[])));
      const complete = new Promise<void>((resolve) =>
        page.Tracing.tracingComplete(() => resolve()),
      );
      await page.Tracing.start({
        traceConfig: { includedCategories: options.categories },
        transferMode: 'ReportEvents',
      });
      const loaded = page.Page.loadEventFired();
      await page.Page.navigate({ url });
      await loaded;
      await new Promise((resolve) => setTimeout(resolve, options.settleMs));
      await page.Tracing.end();
      await complete;
      return { traceEvents: events };
    } finally {
      await page.close();
      await browser.Target.closeTarget({ targetId });
      await browser.Target.disposeBrowserContext({ browserContextId });
    }
  }

  return {
    trace,
    close: () => {
      void browser.close();
      chrome.kill();
    },
  };
}
