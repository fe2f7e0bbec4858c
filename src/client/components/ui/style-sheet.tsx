/**
 * Where a sheet goes in the cascade: the base (global rules and the shared building blocks of
 * components/ui) always before the components that build on them, whatever order React meets them
 * in, so a component's own class can refine a Button's. See docs/decisions/012.
 */
export type StyleLayer = 'base' | 'components';

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
