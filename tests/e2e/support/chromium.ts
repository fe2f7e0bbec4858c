import { existsSync } from 'node:fs';

/**
 * Flags for Chromium on this closed network: without the background-networking ones it stalls
 * trying to reach Google's services (../shared/notes/machine-facts.md).
 */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

function existing(candidate: string, apt: string): string {
  if (!existsSync(candidate)) {
    throw new Error(
      `No Chromium at ${candidate}: run \`apt-get install ${apt}\` or set CHROMIUM_PATH.`,
    );
  }
  return candidate;
}

/** Debian's Chromium, or CHROMIUM_PATH when set: what the benches measure, as shoppers run it. */
export function chromiumPath(): string {
  return existing(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', 'chromium');
}

/**
 * The browser the specs drive: Debian's chromium-headless-shell, the same engine without the
 * full browser's UI process, as Playwright runs Chromium headless by default. On the 2-core
 * machine the full browser's UI, GPU and WebUI processes took a third of the specs' CPU (ADR 066).
 * CHROMIUM_PATH overrides it.
 */
export function specBrowserPath(): string {
  return existing(
    process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
    'chromium-headless-shell',
  );
}
