// XML escapes the same five characters as HTML, with entities both understand.
import { escapeHtml } from '#server/platform/http/html.ts';

/** Paths a robots.txt disallows for every crawler (`User-agent: *` groups only). */
export function disallowedPaths(robotsTxt: string): string[] {
  const paths: string[] = [];
  let forEveryone = false;
  for (const raw of robotsTxt.split('\n')) {
    const line = raw.replace(/#.*/, '').trim();
    const [field = '', ...rest] = line.split(':');
    const value = rest.join(':').trim();
    if (/^user-agent$/i.test(field)) forEveryone = value === '*';
    else if (forEveryone && /^disallow$/i.test(field) && value) paths.push(value);
  }
  return paths;
}

/**
 * A sitemap (sitemaps.org 0.9) of `paths` under `publicUrl`. A sitemap needs absolute URLs, and
 * the shop's address is known only when the server starts, so it is made then, not at build.
 */
export function sitemapXml(publicUrl: string, paths: readonly string[]): string {
  const urls = paths.map((path) => `  <url><loc>${escapeHtml(`${publicUrl}${path}`)}</loc></url>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}
