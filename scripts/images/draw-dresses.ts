import { darken, edgeColour } from './colour.ts';
import { fabricShape, fold, line, mirrored, sheen, stitch } from './draw-kit.ts';
import { box, type Garment } from './garment.ts';
import { symmetricPath } from './geometry.ts';
import type { Fabric } from './patterns.ts';
import type { SvgContext } from './svg-context.ts';

export interface DressOptions {
  fabric: Fabric;
  neckline: 'round' | 'v';
  sleeves: 'none' | 'flutter';
  /** A tie belt at the waist, in its own colour. */
  belt?: string;
}

/** A fit-and-flare dress laid flat: fitted bodice, seamed waist, full skirt with soft pleats. */
export function drawDress(
  ctx: SvgContext,
  { fabric, neckline, sleeves, belt }: DressOptions,
): Garment {
  const seam = edgeColour(fabric.colour);
  const outline = symmetricPath(
    [0, 10],
    [
      { to: [36, 0], c1: [20, 10] },
      { to: [66, 4] },
      { to: [86, 96], c1: [66, 56], c2: [78, 86] },
      { to: [72, 172], c1: [86, 130] },
      { to: [160, 436], c1: [104, 260], c2: [140, 360] },
      { to: [120, 446], c1: [140, 446] },
      { to: [80, 452], c1: [100, 444] },
      { to: [40, 456], c1: [60, 450] },
      { to: [0, 458], c1: [20, 462] },
    ],
  );
  const frontNeck = neckline === 'v' ? 'M-36,0 L0,86 L36,0' : 'M-36,0 C-32,48 32,48 36,0';
  const inside = `${frontNeck} Q0,16 -36,0 Z`;
  const flutter = 'M62,2 C92,4 118,26 130,76 Q120,72 114,84 Q104,76 98,88 Q90,80 84,92 L76,40 Z';
  const flutterMarkup =
    fabricShape(ctx, flutter, fabric, { shades: ['left-light'] }) +
    fold(ctx, 'M96,24 Q108,54 104,80', 0.14, 5);
  const skirtFolds = [-118, -70, -24, 26, 74, 120]
    .map((x, i) => fold(ctx, `M${x * 0.45},182 Q${x * 0.8},300 ${x},440`, 0.14 + (i % 2) * 0.04, 9))
    .join('');
  const skirtSheens = [-96, -46, 50, 98]
    .map((x) => sheen(ctx, `M${x * 0.45},190 Q${x * 0.8},300 ${x},436`, 0.12, 10))
    .join('');
  const waist = belt
    ? fabricShape(
        ctx,
        'M-74,162 Q0,172 74,162 L73,182 Q0,192 -73,182 Z',
        { colour: belt },
        { shades: ['top-light'], outlineWidth: 1.2 },
      ) +
      fabricShape(
        ctx,
        'M-12,176 C-40,190 -44,236 -36,262 L-24,258 C-28,232 -22,200 -4,182 Z',
        { colour: belt },
        { shades: ['left-light'], outlineWidth: 1.2 },
      ) +
      fabricShape(
        ctx,
        'M8,176 C28,196 40,230 30,256 L18,252 C26,226 20,200 2,184 Z',
        { colour: belt },
        { shades: ['left-light'], outlineWidth: 1.2 },
      ) +
      fabricShape(
        ctx,
        'M-13,166 h26 v22 h-26 Z',
        { colour: belt },
        { shades: ['dome'], outlineWidth: 1.2 },
      )
    : line('M-72,172 Q0,182 72,172', seam, { width: 1.3, opacity: 0.6 }) +
      stitch('M-72,178 Q0,188 72,178', seam);
  const markup =
    (sleeves === 'flutter' ? flutterMarkup + mirrored(flutterMarkup) : '') +
    fabricShape(ctx, outline, fabric, { shades: ['sides', 'top-light'] }) +
    fabricShape(ctx, inside, { colour: darken(fabric.colour, 0.35) }, { outline: false }) +
    line(frontNeck, darken(fabric.colour, 0.12), { width: 5 }) +
    (sleeves === 'none'
      ? line('M66,4 C66,56 78,86 86,96 M-66,4 C-66,56 -78,86 -86,96', darken(fabric.colour, 0.1), {
          width: 5,
        })
      : '') +
    fold(ctx, 'M-30,60 Q-36,110 -30,160', 0.1, 6) +
    fold(ctx, 'M30,60 Q36,110 30,160', 0.1, 6) +
    skirtFolds +
    skirtSheens +
    waist;
  return { markup, bounds: box(-164, -4, 328, 466), stance: 'flat' };
}
