import { darken, edgeColour, lighten } from './colour.ts';
import { button, clipped, fabricShape, fold, line, mirrored, sheen, stitch } from './draw-kit.ts';
import { box, type Garment } from './garment.ts';
import { symmetricPath } from './geometry.ts';
import type { Fabric } from './patterns.ts';
import { acrossSleeve, cuffBand, sleeveOutline, type SleeveShape } from './sleeves.ts';
import type { SvgContext } from './svg-context.ts';

/** Both sleeves: the right one as given, the left mirrored. */
function pairOfSleeves(ctx: SvgContext, shape: SleeveShape, fabric: Fabric, details = ''): string {
  const outline = sleeveOutline(shape);
  const one =
    fabricShape(ctx, outline, fabric, { shades: ['left-light'] }) + clipped(ctx, outline, details);
  return one + mirrored(one);
}

/** Shared crew neckline: the inside of the back, a ribbed band, and a little care label. */
function crewNeck(
  ctx: SvgContext,
  halfWidth: number,
  depth: number,
  band: number,
  trim: Fabric,
): string {
  const w = halfWidth;
  const inside = `M${-w},0 Q0,${depth * 0.35} ${w},0 C${w * 0.95},${depth * 1.33} ${-w * 0.95},${depth * 1.33} ${-w},0 Z`;
  const outer = w + band;
  const rib = `M${-w},0 C${-w * 0.95},${depth * 1.33} ${w * 0.95},${depth * 1.33} ${w},0 L${outer},${band * 0.25} C${outer * 0.95},${(depth + band) * 1.33} ${-outer * 0.95},${(depth + band) * 1.33} ${-outer},${band * 0.25} Z`;
  return (
    fabricShape(
      ctx,
      inside,
      { colour: darken(trim.colour, 0.28) },
      { shades: ['top-light'], outline: false },
    ) +
    `<path d="M-7,${depth * 0.22} h14 v7 h-14 Z" fill="${lighten(trim.colour, 0.55)}" opacity="0.7"/>` +
    fabricShape(ctx, rib, { ...trim, texture: 'rib' }, { outlineWidth: 1.2 })
  );
}

function hemStitch(halfWidth: number, y: number, colour: string): string {
  return stitch(`M${-halfWidth},${y} Q0,${y + 5} ${halfWidth},${y}`, colour);
}

export interface TeeOptions {
  body: Fabric;
  /** Neck rib colour when it differs from the body. */
  trim?: Fabric;
  chestPocket?: boolean;
}

export function drawTShirt(ctx: SvgContext, options: TeeOptions): Garment {
  const { body } = options;
  const trim = options.trim ?? { colour: body.colour };
  const seam = edgeColour(body.colour);
  const sleeve: SleeveShape = {
    shoulder: [90, 16],
    armpit: [104, 100],
    outer: [166, 78],
    inner: [132, 122],
    topBulge: 10,
  };
  const outline = symmetricPath(
    [0, 6],
    [
      { to: [42, 0], c1: [24, 6] },
      { to: [96, 18] },
      { to: [105, 100], c1: [96, 62] },
      { to: [110, 322], c1: [112, 210] },
      { to: [0, 326], c1: [60, 329] },
    ],
  );
  const sleeveDetails =
    stitch(acrossSleeve(sleeve, 9), seam) + fold(ctx, 'M116,64 Q130,84 128,110', 0.1, 5);
  const pocket = options.chestPocket
    ? fabricShape(ctx, 'M-78,88 h36 v38 q-18,6 -36,0 Z', body, { outlineWidth: 1.2 }) +
      stitch('M-78,93 h36', seam)
    : '';
  const markup =
    pairOfSleeves(ctx, sleeve, body, sleeveDetails) +
    fabricShape(ctx, outline, body, { shades: ['sides', 'top-light'] }) +
    line('M42,0 L96,18 M-42,0 L-96,18', seam, { width: 1.2, opacity: 0.5 }) +
    fold(ctx, 'M100,110 Q64,140 28,132', 0.12) +
    fold(ctx, 'M-100,120 Q-60,170 -22,164', 0.1) +
    fold(ctx, 'M-92,262 Q0,246 96,270', 0.08, 8) +
    sheen(ctx, 'M-56,70 Q-36,160 -58,280', 0.16, 10) +
    sheen(ctx, 'M40,180 Q70,220 60,300', 0.1, 8) +
    pocket +
    crewNeck(ctx, 42, 22, 8, trim) +
    hemStitch(108, 314, seam);
  return { markup, bounds: box(-172, -4, 344, 334), stance: 'flat' };
}

export interface LongSleeveOptions {
  body: Fabric;
  sleeves?: Fabric;
  trim?: Fabric;
  /** Sleeves cut in one piece up to the neck, in the sleeve colour. */
  raglan?: boolean;
}

export function drawLongSleeve(ctx: SvgContext, options: LongSleeveOptions): Garment {
  const { body } = options;
  const sleeves = options.sleeves ?? body;
  const trim = options.trim ?? { colour: sleeves.colour };
  const seam = edgeColour(body.colour);
  const sleeve: SleeveShape = {
    shoulder: [90, 16],
    armpit: [104, 102],
    outer: [174, 300],
    inner: [140, 308],
    topBulge: 14,
    underBulge: -2,
  };
  const outline = symmetricPath(
    [0, 6],
    [
      { to: [42, 0], c1: [24, 6] },
      { to: [96, 18] },
      { to: [105, 102], c1: [96, 62] },
      { to: [108, 322], c1: [110, 210] },
      { to: [0, 326], c1: [60, 329] },
    ],
  );
  const raglanPanel = symmetricPath(
    [0, -2],
    [
      { to: [40, -1] },
      { to: [97, 18] },
      { to: [105, 102], c1: [97, 62] },
      { to: [100, 104] },
      { to: [34, 4], c1: [64, 40] },
      { to: [0, 4] },
    ],
  );
  const sleeveDetails =
    fabricShape(ctx, cuffBand(sleeve, 18), { ...sleeves, texture: 'rib' }, { outlineWidth: 1.2 }) +
    fold(ctx, 'M118,90 Q140,170 142,250', 0.12, 6) +
    sheen(ctx, 'M130,70 Q158,160 160,270', 0.14, 6);
  const markup =
    pairOfSleeves(ctx, sleeve, sleeves, sleeveDetails) +
    fabricShape(ctx, outline, body, { shades: ['sides', 'top-light'] }) +
    (options.raglan
      ? fabricShape(ctx, raglanPanel, sleeves, { shades: ['top-light'] }) +
        stitch('M36,5 Q66,42 101,102 M-36,5 Q-66,42 -101,102', edgeColour(sleeves.colour))
      : line('M42,0 L96,18 M-42,0 L-96,18', seam, { width: 1.2, opacity: 0.5 })) +
    fold(ctx, 'M100,116 Q64,150 26,140', 0.12) +
    fold(ctx, 'M-98,130 Q-60,176 -20,170', 0.1) +
    fold(ctx, 'M-92,262 Q0,248 96,272', 0.08, 8) +
    sheen(ctx, 'M-54,70 Q-34,160 -56,280', 0.16, 10) +
    crewNeck(ctx, 40, 22, 8, trim) +
    hemStitch(106, 314, seam);
  return { markup, bounds: box(-180, -4, 360, 334), stance: 'flat' };
}

export interface TankTopOptions {
  body: Fabric;
}

export function drawTankTop(ctx: SvgContext, { body }: TankTopOptions): Garment {
  const seam = edgeColour(body.colour);
  const outline = symmetricPath(
    [0, 22],
    [
      { to: [46, 0], c1: [28, 20] },
      { to: [72, -2] },
      { to: [106, 112], c1: [72, 70], c2: [92, 104] },
      { to: [112, 330], c1: [108, 220] },
      { to: [0, 334], c1: [60, 337] },
    ],
  );
  const frontNeck = 'M-46,0 C-42,86 42,86 46,0';
  const inside = `${frontNeck} Q0,26 -46,0 Z`;
  const markup =
    fabricShape(ctx, outline, body, { shades: ['sides', 'top-light'] }) +
    fabricShape(
      ctx,
      inside,
      { colour: darken(body.colour, 0.3) },
      { shades: ['top-light'], outline: false },
    ) +
    line(frontNeck, darken(body.colour, 0.12), { width: 6 }) +
    line(
      'M72,-2 C72,70 92,104 106,112 M-72,-2 C-72,70 -92,104 -106,112',
      darken(body.colour, 0.1),
      { width: 6 },
    ) +
    stitch('M-41,2 C-37,78 37,78 41,2', lighten(body.colour, 0.25)) +
    fold(ctx, 'M98,128 Q60,170 20,160', 0.12) +
    fold(ctx, 'M-94,260 Q0,246 98,276', 0.08, 8) +
    sheen(ctx, 'M-50,110 Q-30,190 -52,300', 0.16, 10) +
    hemStitch(110, 322, seam);
  return { markup, bounds: box(-114, -4, 228, 340), stance: 'flat' };
}

export interface SweaterOptions {
  body: Fabric;
  /** Rib bands at neck, cuffs and hem. */
  trim: Fabric;
}

export function drawSweater(ctx: SvgContext, { body, trim }: SweaterOptions): Garment {
  const sleeve: SleeveShape = {
    shoulder: [104, 30],
    armpit: [112, 118],
    outer: [182, 300],
    inner: [146, 312],
    topBulge: 16,
    underBulge: 0,
  };
  const sleeveFabric: Fabric =
    body.print?.kind === 'stripes' ? { ...body, print: { ...body.print, angle: -22 } } : body;
  const ribTrim: Fabric = { ...trim, texture: 'rib' };
  const outline = symmetricPath(
    [0, 6],
    [
      { to: [44, 0], c1: [24, 6] },
      { to: [108, 26], c1: [80, 8] },
      { to: [114, 118], c1: [108, 70] },
      { to: [116, 312], c1: [118, 220] },
      { to: [0, 314], c1: [60, 316] },
    ],
  );
  const hemBand = symmetricPath(
    [0, 288],
    [{ to: [116, 288] }, { to: [114, 316] }, { to: [0, 318] }],
  );
  const sleeveDetails =
    fabricShape(ctx, cuffBand(sleeve, 24), ribTrim, { outlineWidth: 1.2 }) +
    fold(ctx, 'M126,100 Q150,180 154,270', 0.14, 7) +
    sheen(ctx, 'M140,80 Q166,170 168,262', 0.14, 7);
  const markup =
    pairOfSleeves(ctx, sleeve, { ...sleeveFabric, texture: 'knit' }, sleeveDetails) +
    fabricShape(ctx, outline, { ...body, texture: 'knit' }, { shades: ['sides', 'top-light'] }) +
    fabricShape(ctx, hemBand, ribTrim, { shades: ['sides'], outlineWidth: 1.2 }) +
    fold(ctx, 'M108,130 Q70,160 30,150', 0.14, 8) +
    fold(ctx, 'M-108,140 Q-70,186 -26,178', 0.12, 8) +
    sheen(ctx, 'M-56,70 Q-34,160 -56,270', 0.16, 12) +
    crewNeck(ctx, 44, 22, 12, trim);
  return { markup, bounds: box(-186, -4, 372, 324), stance: 'flat' };
}

export interface BlouseOptions {
  body: Fabric;
  style: 'v-neck-flutter' | 'collared';
  buttonColour?: string;
}

/** A softer top: either a V-neck with flutter sleeves, or a collared, buttoned long-sleeve blouse. */
export function drawBlouse(ctx: SvgContext, options: BlouseOptions): Garment {
  return options.style === 'collared' ? collaredBlouse(ctx, options) : flutterBlouse(ctx, options);
}

function flutterBlouse(ctx: SvgContext, { body }: BlouseOptions): Garment {
  const seam = edgeColour(body.colour);
  const outline = symmetricPath(
    [0, 8],
    [
      { to: [38, 0], c1: [22, 8] },
      { to: [88, 14] },
      { to: [100, 96], c1: [90, 56] },
      { to: [96, 150], c1: [102, 124] },
      { to: [124, 300], c1: [100, 220] },
      { to: [0, 306], c1: [70, 316] },
    ],
  );
  const flutter =
    'M84,12 C118,18 150,40 170,104 Q160,100 154,112 Q144,104 136,118 Q126,110 118,124 Q108,114 100,120 L96,70 Z';
  const vNeck = 'M-38,0 L0,92 L38,0';
  const inside = 'M-38,0 Q0,14 38,0 L0,92 Z';
  const flutterMarkup =
    fabricShape(ctx, flutter, body, { shades: ['left-light'] }) +
    fold(ctx, 'M126,36 Q140,80 134,112', 0.14, 5) +
    fold(ctx, 'M150,58 Q160,86 156,106', 0.12, 5);
  const markup =
    flutterMarkup +
    mirrored(flutterMarkup) +
    fabricShape(ctx, outline, body, { shades: ['sides', 'top-light'] }) +
    fabricShape(ctx, inside, { colour: darken(body.colour, 0.35) }, { outline: false }) +
    line(vNeck, darken(body.colour, 0.1), { width: 5 }) +
    stitch('M-33,4 L0,82 L33,4', seam) +
    line('M-60,150 Q0,162 60,150', seam, { width: 1.2, opacity: 0.45 }) +
    fold(ctx, 'M-70,160 Q-80,230 -96,296', 0.12, 7) +
    fold(ctx, 'M40,160 Q50,230 58,300', 0.12, 7) +
    sheen(ctx, 'M-40,170 Q-44,240 -50,296', 0.14, 10) +
    hemStitch(118, 298, seam);
  return { markup, bounds: box(-172, -4, 344, 320), stance: 'flat' };
}

function collaredBlouse(ctx: SvgContext, { body, buttonColour }: BlouseOptions): Garment {
  const seam = edgeColour(body.colour);
  const buttonTone = buttonColour ?? '#f4efe6';
  const sleeve: SleeveShape = {
    shoulder: [84, 14],
    armpit: [100, 98],
    outer: [172, 290],
    inner: [134, 302],
    topBulge: 26,
    underBulge: 6,
  };
  const outline = symmetricPath(
    [0, 6],
    [
      { to: [38, 0], c1: [22, 6] },
      { to: [90, 16] },
      { to: [101, 98], c1: [92, 60] },
      { to: [92, 170], c1: [104, 140] },
      { to: [112, 316], c1: [94, 240] },
      { to: [0, 322], c1: [64, 330] },
    ],
  );
  const sleeveDetails =
    fold(ctx, 'M96,22 Q110,30 112,52', 0.2, 4) +
    fold(ctx, 'M104,18 Q122,26 128,50', 0.16, 4) +
    fabricShape(ctx, cuffBand(sleeve, 26), body, { shades: ['top-light'], outlineWidth: 1.2 }) +
    button(ctx, 158, 284, 3.6, buttonTone) +
    fold(ctx, 'M120,100 Q142,180 144,262', 0.2, 8) +
    fold(ctx, 'M150,150 Q160,200 160,250', 0.14, 6);
  const collarWing = 'M2,4 C20,-4 42,-4 56,4 C66,26 62,48 46,62 C30,58 12,40 2,22 Z';
  const wing =
    fabricShape(ctx, collarWing, body, { shades: ['left-light', 'top-light'], outlineWidth: 1.4 }) +
    stitch('M9,12 C24,6 44,8 50,14 C58,30 54,44 44,54', seam);
  const collar =
    fabricShape(
      ctx,
      'M-44,4 Q0,-18 44,4 L40,-8 Q0,-28 -40,-8 Z',
      { colour: darken(body.colour, 0.06) },
      { outlineWidth: 1.2 },
    ) +
    fabricShape(
      ctx,
      'M-40,2 Q0,-12 40,2 L0,30 Z',
      { colour: darken(body.colour, 0.3) },
      { outline: false },
    ) +
    wing +
    mirrored(wing);
  const buttons = [46, 96, 146, 196, 246, 292]
    .map((y) => button(ctx, 0, y, 4.4, buttonTone))
    .join('');
  const markup =
    pairOfSleeves(ctx, sleeve, body, sleeveDetails) +
    fabricShape(ctx, outline, body, { shades: ['sides', 'top-light'] }) +
    fabricShape(ctx, 'M-12,24 L12,24 L12,321 L-12,321 Z', body, {
      shades: ['sides'],
      outlineWidth: 1.1,
    }) +
    fold(ctx, 'M-40,60 Q-54,140 -44,230', 0.14, 9) +
    fold(ctx, 'M-80,190 Q-86,250 -100,310', 0.16, 8) +
    fold(ctx, 'M50,180 Q60,250 64,314', 0.16, 8) +
    fold(ctx, 'M40,60 Q50,110 44,150', 0.12, 8) +
    collar +
    buttons +
    hemStitch(108, 312, seam);
  return { markup, bounds: box(-178, -24, 356, 350), stance: 'flat' };
}

export interface ButtonShirtOptions {
  body: Fabric;
  stitchColour: string;
  buttonColour: string;
}

/** A men's shirt with a pointed collar, button placket and two flapped chest pockets. */
export function drawButtonShirt(
  ctx: SvgContext,
  { body, stitchColour, buttonColour }: ButtonShirtOptions,
): Garment {
  const sleeve: SleeveShape = {
    shoulder: [94, 16],
    armpit: [106, 104],
    outer: [176, 300],
    inner: [140, 310],
    topBulge: 16,
    underBulge: 0,
  };
  const outline = symmetricPath(
    [0, 6],
    [
      { to: [40, 0], c1: [22, 6] },
      { to: [100, 18] },
      { to: [107, 104], c1: [100, 62] },
      { to: [110, 300], c1: [112, 210] },
      { to: [76, 318], c1: [100, 316] },
      { to: [0, 326], c1: [40, 330] },
    ],
  );
  const sleeveDetails =
    fabricShape(ctx, cuffBand(sleeve, 26), body, { outlineWidth: 1.2 }) +
    stitch(acrossSleeve(sleeve, 22), stitchColour) +
    button(ctx, 160, 290, 3.8, buttonColour) +
    fold(ctx, 'M120,100 Q142,180 146,260', 0.14, 7) +
    sheen(ctx, 'M134,80 Q160,170 164,262', 0.16, 7);
  const pocket = (x: number) => {
    const flap = `M${x},88 h40 v14 l-20,10 l-20,-10 Z`;
    return (
      stitch(`M${x + 2},104 v40 h36 v-40`, stitchColour) +
      line(`M${x},102 v44 h40 v-44`, edgeColour(body.colour), { width: 1.2, opacity: 0.5 }) +
      fabricShape(ctx, flap, body, { shades: ['top-light'], outlineWidth: 1.2 }) +
      stitch(`M${x + 3},91 h34 v10 l-17,8 l-17,-8 Z`, stitchColour) +
      button(ctx, x + 20, 104, 3.4, buttonColour)
    );
  };
  const collarWing = 'M2,0 C22,-8 44,-6 54,2 C60,22 56,40 46,60 C32,48 14,32 2,20 Z';
  const collar =
    fabricShape(
      ctx,
      'M-44,2 Q0,-16 44,2 L40,-8 Q0,-26 -40,-8 Z',
      { ...body, colour: darken(body.colour, 0.08) },
      { outlineWidth: 1.2 },
    ) +
    fabricShape(
      ctx,
      'M-40,0 Q0,-12 40,0 L0,26 Z',
      { colour: darken(body.colour, 0.4) },
      { outline: false },
    ) +
    fabricShape(ctx, collarWing, body, { shades: ['left-light'] }) +
    mirrored(fabricShape(ctx, collarWing, body, { shades: ['left-light'] })) +
    stitch('M7,8 C20,28 34,42 44,52', stitchColour) +
    mirrored(stitch('M7,8 C20,28 34,42 44,52', stitchColour));
  const buttons = [44, 100, 156, 212, 268]
    .map((y) => button(ctx, 0, y, 4.4, buttonColour))
    .join('');
  const markup =
    pairOfSleeves(ctx, sleeve, body, sleeveDetails) +
    fabricShape(ctx, outline, body, { shades: ['sides', 'top-light'] }) +
    stitch('M-11,22 L-11,322 M11,22 L11,322', stitchColour) +
    stitch('M-100,30 Q0,44 100,30', stitchColour) +
    pocket(28) +
    mirrored(pocket(28)) +
    fold(ctx, 'M102,120 Q70,160 40,150', 0.12, 7) +
    fold(ctx, 'M-90,250 Q-40,236 -20,266', 0.1, 7) +
    sheen(ctx, 'M-62,160 Q-44,220 -62,300', 0.16, 10) +
    collar +
    buttons +
    stitch('M-108,312 Q-90,318 -76,320 Q-30,326 0,326', stitchColour);
  return { markup, bounds: box(-182, -24, 364, 352), stance: 'flat' };
}
