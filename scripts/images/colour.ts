/** Small hex colour arithmetic, so every shade of a garment derives from its base colour. */
type Rgb = readonly [number, number, number];

function parse(hex: string): Rgb {
  const match = /^#([0-9a-f]{6})$/i.exec(hex);
  if (!match?.[1]) throw new Error(`Expected a #rrggbb colour, got "${hex}"`);
  const value = Number.parseInt(match[1], 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function format([r, g, b]: Rgb): string {
  const channel = (n: number) =>
    Math.round(Math.min(255, Math.max(0, n)))
      .toString(16)
      .padStart(2, '0');
  return `#${channel(r)}${channel(g)}${channel(b)}`;
}

/** Linear blend from `a` (t = 0) to `b` (t = 1). */
export function mix(a: string, b: string, t: number): string {
  const [ar, ag, ab] = parse(a);
  const [br, bg, bb] = parse(b);
  return format([ar + (br - ar) * t, ag + (bg - ag) * t, ab + (bb - ab) * t]);
}

export function darken(colour: string, amount: number): string {
  return mix(colour, '#000000', amount);
}

export function lighten(colour: string, amount: number): string {
  return mix(colour, '#ffffff', amount);
}

/** Relative brightness 0..1 (Rec. 709 weights), used to pick contrasting details. */
export function brightness(colour: string): number {
  const [r, g, b] = parse(colour);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

/** A darker line colour that still reads on very dark fabrics. */
export function edgeColour(colour: string): string {
  return brightness(colour) < 0.15 ? lighten(colour, 0.12) : darken(colour, 0.35);
}
