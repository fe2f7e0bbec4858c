/**
 * HTML built with escaping by default: every value put into an `html` template is escaped,
 * unless it is itself `html` (or marked with `trusted`, for text the server wrote, such as a
 * style sheet). One escaper, one page shell, for every page the server writes by hand.
 */

/** Markup that is already safe: made by `html`, or declared trusted. */
export class SafeHtml {
  readonly html: string;
  constructor(markup: string) {
    this.html = markup;
  }
  toString(): string {
    return this.html;
  }
}

type Value = SafeHtml | string | number | boolean | null | undefined | readonly Value[];

/** Escapes text for HTML element content and double- or single-quoted attribute values. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

function render(value: Value): string {
  if (value instanceof SafeHtml) return value.html;
  if (Array.isArray(value)) return value.map(render).join('');
  if (value === null || value === undefined || value === false) return '';
  return escapeHtml(String(value));
}

/** A template whose values are escaped; arrays are joined; null, undefined and false vanish. */
export function html(strings: TemplateStringsArray, ...values: Value[]): SafeHtml {
  let out = strings[0] ?? '';
  values.forEach((value, index) => {
    out += render(value) + (strings[index + 1] ?? '');
  });
  return new SafeHtml(out);
}

/**
 * Markup the server itself wrote (a style sheet, a bundled script). Warning: never pass text that
 * came from a request or the database.
 */
export function trusted(markup: string): SafeHtml {
  return new SafeHtml(markup);
}

/** JSON that is safe inside a <script> element: no `</script>` or `<!--` can appear. */
export function scriptJson(value: unknown): SafeHtml {
  return new SafeHtml(
    JSON.stringify(value)
      .replace(/</g, '\\u003c')
      .replace(/\u2028/g, '\\u2028')
      .replace(/\u2029/g, '\\u2029'),
  );
}

export interface PageParts {
  title: string;
  lang?: string;
  /** Extra elements of <head>: meta tags, the style sheet. */
  head?: SafeHtml;
  body: SafeHtml;
}

/** The one shell of the server's own pages: a complete, escaped HTML document. */
export function htmlPage({ title, lang = 'en', head, body }: PageParts): string {
  return html`<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
${head}
</head>
<body>
${body}
</body>
</html>
`.html;
}
