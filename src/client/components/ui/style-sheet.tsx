/**
 * Where a sheet goes in the cascade: the base (global rules and the shared building blocks of
 * components/ui) always before the components that build on them, whatever order React meets
 * them in, so a component's own class can refine a Button's.
 */
export type StyleLayer = 'base' | 'components';

/**
 * A component's own CSS, rendered inline. React 19 hoists a <style> that has `href` and
 * `precedence` into <head> once, however many components render it, keeps sheets of one
 * precedence together and the precedences in the order first met (the root layout meets 'base'
 * first), and finds them again on hydration. So each prerendered page carries exactly the CSS it
 * shows, and its first paint waits for no style-sheet request
 * (docs/decisions/012-inline-css-and-late-scripts.md). `href` only names the sheet.
 */
export function StyleSheet({
  href,
  css,
  layer = 'components',
}: {
  href: string;
  css: string;
  layer?: StyleLayer;
}) {
  return (
    <style href={`crwn-${href}`} precedence={`crwn-${layer}`}>
      {css}
    </style>
  );
}
