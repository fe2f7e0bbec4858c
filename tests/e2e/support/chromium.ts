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

/** Debian's Chromium, or CHROMIUM_PATH when set. */
export function chromiumPath(): string {
  const candidate = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(candidate)) {
    throw new Error(
      `No Chromium at ${candidate}: run \`apt-get install chromium\` or set CHROMIUM_PATH.`,
    );
  }
  return candidate;
}
