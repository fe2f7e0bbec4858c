import { describe, expect, it } from 'vitest';
import { inlineCss } from './style-hashes.ts';

describe('inlineCss', () => {
  it('reads back the exact CSS text of a built ?inline module', () => {
    const css = '.a::before{content:"\\201c"}\n.b{font-family:"x y"}';
    expect(inlineCss(`export default ${JSON.stringify(css)}`)).toBe(css);
    expect(inlineCss(`export default ${JSON.stringify(css)};\n`)).toBe(css);
  });

  it('does not mistake other code for CSS', () => {
    expect(inlineCss('export default "a"; export const b = 1')).toBeUndefined();
    expect(inlineCss('const css = "a"; export default css')).toBeUndefined();
  });
});
