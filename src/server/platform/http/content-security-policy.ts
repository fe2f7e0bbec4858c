import { createHash } from 'node:crypto';

/**
 * The policy of every response that is not a page (JSON, scripts, images, redirects), as OWASP
 * advises for APIs: such a response should never be rendered as a document, and if a browser
 * is tricked into rendering one, it may load nothing and be framed by no one.
 */
export const NON_PAGE_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

/**
 * Browser features the shop never uses, switched off for it and every frame it embeds, so an
 * injected script cannot ask for them. Only features Chromium knows: an unknown name is logged
 * as an error in the console. The card form takes the card in plain fields, so `payment` (the
 * Payment Request API) is off too.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
  'browsing-topics=()',
].join(', ');

/** A CSP hash source for a script or style element's exact text: `'sha256-…'`. */
export function hashSource(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/** `<script …>` text `</script>`: HTML ends a script's text at the first `</script`. */
const SCRIPT_ELEMENT = /<script\b([^>]*)>([\s\S]*?)<\/script/gi;
/** `<style …>` text `</style>`, likewise. */
const STYLE_ELEMENT = /<style\b[^>]*>([\s\S]*?)<\/style/gi;
/** Types a browser runs; others (application/ld+json) are data that CSP does not govern. */
const RUNNABLE_TYPE = /^(?:|module|text\/javascript|application\/javascript)$/i;

/**
 * The hash source of every inline script a browser would run in `html`, in order, without
 * repeats. Scripts with `src` are skipped (they are allowed by origin, not by hash).
 * Warning: the hashes hold for these exact bytes; any later rewrite of the page needs new ones.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = '', text = ''] of html.matchAll(SCRIPT_ELEMENT)) {
    if (/\ssrc\s*=/i.test(attributes)) continue;
    const type = /\stype\s*=\s*["']?([^"'\s>]*)/i.exec(attributes)?.[1] ?? '';
    if (!RUNNABLE_TYPE.test(type)) continue;
    hashes.add(hashSource(text));
  }
  return [...hashes];
}

/** The hash source of every `<style>` element's text in `html`, in order, without repeats. */
export function inlineStyleHashes(html: string): string[] {
  return [...new Set([...html.matchAll(STYLE_ELEMENT)].map(([, text = '']) => hashSource(text)))];
}

export interface ShopPagePolicyOptions {
  /** Hash sources of the page's inline scripts (inlineScriptHashes). */
  scriptHashes: readonly string[];
  /**
   * Hash sources of the page's own <style> elements and of every component's CSS, which React
   * inserts as a route is reached (scripts/build/style-hashes.ts).
   */
  styleHashes: readonly string[];
  /**
   * The origin of the card widget: its /pay/v1/checkout.js runs in the page and its frame is
   * embedded. The shop's own origin while the widget is served by the shop.
   */
  paymentOrigin: string;
  /** The shop is served over https: ask browsers to fetch nothing over plain http. */
  https: boolean;
}

/**
 * The Content-Security-Policy of a prerendered shop page (docs/decisions/020):
 * scripts only from the shop's origin, the widget's script, and the page's own inline scripts by
 * hash (never 'unsafe-inline'); no plugins, no <base>, no framing of the shop by anyone.
 * Styles likewise only by hash, never 'unsafe-inline'.
 */
export function shopPagePolicy({
  scriptHashes,
  styleHashes,
  paymentOrigin,
  https,
}: ShopPagePolicyOptions) {
  const payment = new URL(paymentOrigin).origin;
  return documentPolicy({
    scripts: [`${payment}/pay/v1/checkout.js`, ...scriptHashes],
    styles: styleHashes,
    frames: payment,
    https,
  });
}

/**
 * The directives every page of the shop shares: everything from the shop's own origin, plus the
 * script and style sources and the frames given; no plugins, no <base>, framed by no one.
 */
function documentPolicy(opts: {
  scripts: readonly string[];
  styles: readonly string[];
  frames: string;
  https: boolean;
}) {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...opts.scripts].join(' '),
    ["style-src 'self'", ...opts.styles].join(' '),
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    `frame-src ${opts.frames}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(opts.https ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}

/**
 * The Content-Security-Policy of the back office's page at /admin (docs/decisions/044): its
 * scripts and styles come from its own files only, so not even a hash is allowed inline; it
 * talks to the shop's own API and is framed by no one.
 */
export function backOfficePagePolicy({ https }: { https: boolean }) {
  return documentPolicy({ scripts: [], styles: [], frames: "'none'", https });
}
