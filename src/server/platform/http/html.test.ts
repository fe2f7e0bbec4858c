import { describe, expect, it } from 'vitest';
import { html, htmlPage, scriptJson, trusted } from './html.ts';

describe('html', () => {
  it('escapes every value unless it is markup already', () => {
    const name = `<img src=x onerror="alert('x')">&`;
    const escaped = '&lt;img src=x onerror=&quot;alert(&#39;x&#39;)&quot;&gt;&amp;';
    const item = html`<li>${name}</li>`;
    expect(html`<ul>${[item, item]}</ul><p title="${name}">${trusted('<b>ok</b>')}</p>`.html).toBe(
      `<ul><li>${escaped}</li><li>${escaped}</li></ul><p title="${escaped}"><b>ok</b></p>`,
    );
  });

  it('drops null, undefined and false, and prints numbers', () => {
    expect(html`${null}${undefined}${false}${0}${12}`.html).toBe('012');
  });

  it('keeps </script> out of JSON in a script', () => {
    expect(scriptJson({ a: '</script><!--' }).html).toBe('{"a":"\\u003c/script>\\u003c!--"}');
  });

  it('wraps a page with an escaped title', () => {
    const page = htmlPage({ title: 'A & B', body: html`<p>hi</p>` });
    expect(page).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(page).toContain('<title>A &amp; B</title>');
    expect(page).toContain('<body>\n<p>hi</p>\n</body>');
  });
});
