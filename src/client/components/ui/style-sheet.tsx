/**
 * A component's own CSS, rendered inline. React 19 hoists a <style> that has `href` and
 * `precedence` into <head> once, however many components render it, and finds it there again on
 * hydration. So each prerendered page carries exactly the CSS it shows, and its first paint waits
 * for no style-sheet request (docs/decisions/012-inline-css-and-late-scripts.md). `href` only
 * names the sheet; nothing is fetched.
 */
export function StyleSheet({ href, css }: { href: string; css: string }) {
  return (
    <style href={`crwn-${href}`} precedence="default">
      {css}
    </style>
  );
}
