import { darken, edgeColour, lighten } from './colour.ts';
import {
  button,
  clipped,
  fabricShape,
  fold,
  line,
  mirrored,
  sheen,
  solidShape,
  stitch,
  stud,
} from './draw-kit.ts';
import { box, type Garment } from './garment.ts';
import { symmetricPath, type Point } from './geometry.ts';
import type { Fabric } from './patterns.ts';
import { alongSleeve, cuffBand, sleeveOutline, type SleeveShape } from './sleeves.ts';
import type { SvgContext } from './svg-context.ts';

const JACKET_SLEEVE: SleeveShape = {
  shoulder: [104, 20],
  armpit: [114, 112],
  outer: [188, 300],
  inner: [150, 312],
  topBulge: 16,
  underBulge: 0,
};

function jacketSleeves(
  ctx: SvgContext,
  sleeve: SleeveShape,
  fabric: Fabric,
  details: string,
): string {
  const outline = sleeveOutline(sleeve);
  const one =
    fabricShape(ctx, outline, fabric, { shades: ['left-light'] }) + clipped(ctx, outline, details);
  return one + mirrored(one);
}

/** The dark inside of the neck, seen behind a collar. */
function neckInside(ctx: SvgContext, halfWidth: number, depth: number, colour: string): string {
  return fabricShape(
    ctx,
    `M${-halfWidth},2 Q0,-12 ${halfWidth},2 L0,${depth} Z`,
    { colour: darken(colour, 0.45) },
    { outline: false, shades: ['top-light'] },
  );
}

export interface JeanJacketOptions {
  denim: Fabric;
  stitchColour: string;
  buttonColour: string;
  /** A fleece collar, as on a sherpa-lined trucker jacket. */
  shearlingCollar?: Fabric;
}

/** A trucker-style denim jacket: pointed yoke, flapped chest pockets, pleat seams, buttoned waistband. */
export function drawJeanJacket(
  ctx: SvgContext,
  { denim, stitchColour, buttonColour, shearlingCollar }: JeanJacketOptions,
): Garment {
  const seam = edgeColour(denim.colour);
  const sleeve = JACKET_SLEEVE;
  const outline = symmetricPath(
    [0, 8],
    [
      { to: [42, 0], c1: [24, 8] },
      { to: [110, 20] },
      { to: [117, 112], c1: [108, 64] },
      { to: [118, 276] },
      { to: [0, 278] },
    ],
  );
  const sleeveDetails =
    fabricShape(ctx, cuffBand(sleeve, 24), denim, { outlineWidth: 1.2 }) +
    stitch('M183,284 L152,294', stitchColour) +
    stud(ctx, 170, 300, 4.2, buttonColour) +
    stitch(alongSleeve(sleeve, 6, 0.05, 0.9), stitchColour) +
    fold(ctx, 'M126,100 Q152,180 156,262', 0.16, 7) +
    fold(ctx, 'M170,200 Q160,230 176,250', 0.12, 5) +
    sheen(ctx, 'M140,80 Q166,170 170,262', 0.16, 7);
  const half =
    stitch('M12,74 L62,62 L114,58', stitchColour) +
    stitch('M12,79 L62,67 L114,63', stitchColour) +
    stitch('M40,108 L42,250 M46,108 L48,250 M78,108 L80,250 M84,108 L86,250', stitchColour) +
    line('M43,106 L45,250 M81,106 L83,250', seam, { width: 1.2, opacity: 0.6 }) +
    fabricShape(ctx, 'M28,74 H86 V98 L57,110 L28,98 Z', denim, {
      shades: ['top-light'],
      outlineWidth: 1.3,
    }) +
    stitch('M32,78 H82 V96 L57,106 L32,96 Z', stitchColour) +
    stud(ctx, 57, 99, 4.4, buttonColour) +
    line('M92,150 L106,214', seam, { width: 2.4, opacity: 0.7 }) +
    stitch('M96,148 L110,212', stitchColour) +
    fabricShape(ctx, 'M10,250 H118 V278 H10 Z', denim, {
      shades: ['top-light'],
      outlineWidth: 1.2,
    }) +
    stitch('M12,255 H116 M12,273 H116', stitchColour) +
    stud(ctx, 98, 264, 4.4, buttonColour);
  const wing = shearlingCollar
    ? 'M2,-2 C28,-16 64,-12 84,4 C92,36 80,70 60,100 C40,76 18,48 2,24 Z'
    : 'M2,0 C24,-10 52,-8 66,2 C70,26 64,48 52,74 C34,56 16,36 2,20 Z';
  const collarFabric = shearlingCollar ?? denim;
  const collarEdge = shearlingCollar ? false : undefined;
  const wingMarkup =
    fabricShape(ctx, wing, collarFabric, {
      shades: ['left-light'],
      ...(collarEdge === false ? { outline: darken(collarFabric.colour, 0.2) } : {}),
    }) + (shearlingCollar ? '' : stitch('M8,12 C24,30 42,46 52,64', stitchColour));
  const collar =
    fabricShape(ctx, 'M-48,4 Q0,-20 48,4 L44,-10 Q0,-32 -44,-10 Z', collarFabric, {
      shades: ['top-light'],
      outlineWidth: 1.2,
    }) +
    neckInside(ctx, 44, 30, shearlingCollar ? shearlingCollar.colour : denim.colour) +
    wingMarkup +
    mirrored(wingMarkup);
  const buttons = [40, 92, 140, 188, 232, 264]
    .map((y) => stud(ctx, 0, y, 4.8, buttonColour))
    .join('');
  const markup =
    jacketSleeves(ctx, sleeve, denim, sleeveDetails) +
    fabricShape(ctx, outline, denim, { shades: ['sides', 'top-light'] }) +
    half +
    mirrored(half) +
    stitch('M-9,30 L-9,278 M9,30 L9,278', stitchColour) +
    line('M0,28 L0,278', seam, { width: 1.3, opacity: 0.7 }) +
    fold(ctx, 'M110,126 Q80,160 50,150', 0.12, 7) +
    sheen(ctx, 'M-66,120 Q-50,180 -66,240', 0.14, 10) +
    collar +
    buttons;
  return { markup, bounds: box(-192, -34, 384, 350), stance: 'flat' };
}

export interface ShearlingJacketOptions {
  shell: Fabric;
  fleece: Fabric;
  hardware: string;
}

/** An aviator-style suede jacket with a big fleece collar and lapels, fleece cuffs and hem. */
export function drawShearlingJacket(
  ctx: SvgContext,
  { shell, fleece, hardware }: ShearlingJacketOptions,
): Garment {
  const seam = edgeColour(shell.colour);
  const sleeve = JACKET_SLEEVE;
  const outline = symmetricPath(
    [0, 8],
    [
      { to: [44, 0], c1: [24, 8] },
      { to: [112, 22] },
      { to: [118, 112], c1: [110, 64] },
      { to: [120, 290] },
      { to: [0, 292] },
    ],
  );
  const fleeceStyle = { shades: ['left-light'] as const, outline: darken(fleece.colour, 0.25) };
  const sleeveDetails =
    fabricShape(ctx, cuffBand(sleeve, 34), fleece, fleeceStyle) +
    line('M120,60 Q150,150 160,260', seam, { width: 1.3, opacity: 0.5 }) +
    fold(ctx, 'M128,100 Q152,170 150,240', 0.18, 8) +
    sheen(ctx, 'M144,80 Q168,170 170,250', 0.14, 7);
  const lapel =
    'M34,0 C64,0 96,12 106,24 C110,64 108,100 100,132 L66,120 C44,148 22,170 4,196 L4,30 C12,16 22,6 34,0 Z';
  const half =
    line('M60,200 L108,180', darken(shell.colour, 0.4), { width: 3 }) +
    stitch('M58,206 L108,186', lighten(shell.colour, 0.2)) +
    line('M24,200 L40,290 M84,40 L90,250', seam, { width: 1.2, opacity: 0.45 }) +
    fabricShape(ctx, lapel, fleece, fleeceStyle) +
    fold(ctx, 'M40,20 Q80,60 88,116', 0.14, 8);
  const collarBack = 'M-62,8 Q0,-26 62,8 L58,-16 Q0,-48 -58,-16 Z';
  const zip =
    line('M0,190 L0,262', darken(shell.colour, 0.5), { width: 4 }) +
    line('M0,190 L0,262', hardware, { width: 5, dash: '1.6 1.6', cap: 'butt', opacity: 0.8 }) +
    solidShape(ctx, 'M-4,194 h8 v18 h-8 Z', hardware, { shades: ['left-light'], outlineWidth: 1 });
  const markup =
    jacketSleeves(ctx, sleeve, shell, sleeveDetails) +
    fabricShape(ctx, outline, shell, { shades: ['sides', 'top-light'] }) +
    fabricShape(ctx, 'M-120,262 H120 V292 H-120 Z', fleece, fleeceStyle) +
    zip +
    fabricShape(ctx, collarBack, fleece, fleeceStyle) +
    neckInside(ctx, 40, 36, shell.colour) +
    half +
    mirrored(half) +
    sheen(ctx, 'M-70,140 Q-54,190 -70,250', 0.12, 10);
  return { markup, bounds: box(-192, -48, 384, 364), stance: 'flat' };
}

export interface TrenchCoatOptions {
  cloth: Fabric;
  buttonColour: string;
  buckleColour: string;
}

/** A long double-breasted trench: notched lapels, epaulettes, belted waist, cuff straps. */
export function drawTrenchCoat(
  ctx: SvgContext,
  { cloth, buttonColour, buckleColour }: TrenchCoatOptions,
): Garment {
  const seam = edgeColour(cloth.colour);
  const thread = darken(cloth.colour, 0.2);
  const sleeve: SleeveShape = {
    shoulder: [104, 20],
    armpit: [114, 112],
    outer: [180, 360],
    inner: [142, 370],
    topBulge: 18,
    underBulge: 2,
  };
  const outline = symmetricPath(
    [0, 8],
    [
      { to: [44, 0], c1: [24, 8] },
      { to: [110, 20] },
      { to: [117, 112], c1: [108, 64] },
      { to: [110, 232], c1: [114, 180] },
      { to: [146, 500], c1: [120, 330] },
      { to: [0, 506], c1: [80, 508] },
    ],
  );
  const strapAt = 64;
  const sleeveDetails =
    fabricShape(ctx, cuffBand(sleeve, strapAt), cloth, { outline: false }) +
    fabricShape(ctx, 'M174,306 L138,314 L137,300 L174,292 Z', cloth, {
      shades: ['top-light'],
      outlineWidth: 1.3,
    }) +
    solidShape(ctx, 'M150,296 h10 v16 h-10 Z', buckleColour, { outlineWidth: 1 }) +
    stitch('M178,352 L144,362', thread) +
    fold(ctx, 'M126,100 Q152,200 150,300', 0.16, 8) +
    sheen(ctx, 'M142,80 Q168,190 166,300', 0.14, 8);
  const epaulette =
    fabricShape(ctx, 'M106,18 L56,6 L54,18 L106,32 Z', cloth, {
      shades: ['top-light'],
      outlineWidth: 1.2,
    }) + button(ctx, 62, 14, 4, buttonColour);
  const lapel = 'M36,0 L96,20 L92,60 L74,62 L104,124 L0,196 L8,64 Q18,26 36,0 Z';
  const lapelMarkup =
    fabricShape(ctx, lapel, cloth, { shades: ['left-light'], outlineWidth: 1.5 }) +
    stitch('M74,66 L98,122 L8,184', thread) +
    fold(ctx, 'M20,40 Q30,120 6,190', 0.1, 8);
  const pocket = fabricShape(ctx, 'M58,330 L96,312 L100,324 L62,342 Z', cloth, {
    shades: ['top-light'],
    outlineWidth: 1.2,
  });
  const belt =
    fabricShape(ctx, 'M-114,240 Q0,250 114,240 L114,266 Q0,276 -114,266 Z', cloth, {
      shades: ['top-light'],
      outlineWidth: 1.4,
    }) +
    stitch('M-112,245 Q0,255 112,245 M-112,261 Q0,271 112,261', thread) +
    solidShape(ctx, 'M-52,238 h24 v34 h-24 Z M-46,244 v22 h12 v-22 Z', buckleColour, {
      shades: ['left-light'],
      outlineWidth: 1,
    }) +
    fabricShape(ctx, 'M-34,258 C-20,290 -28,330 -18,360 L-6,356 C-14,326 -8,290 -22,256 Z', cloth, {
      shades: ['left-light'],
      outlineWidth: 1.2,
    }) +
    fabricShape(ctx, 'M104,236 h8 v34 h-8 Z M-112,236 h8 v34 h-8 Z', cloth, { outlineWidth: 1 });
  const buttons = (
    [
      [-28, 220],
      [36, 220],
      [-28, 300],
      [36, 300],
      [-28, 360],
      [36, 360],
    ] as const satisfies readonly Point[]
  )
    .map(([x, y]) => button(ctx, x, y, 6, buttonColour))
    .join('');
  const markup =
    jacketSleeves(ctx, sleeve, cloth, sleeveDetails) +
    fabricShape(ctx, outline, cloth, { shades: ['sides', 'top-light'] }) +
    line('M0,196 L-54,226 L-60,504', seam, { width: 1.6, opacity: 0.8 }) +
    stitch('M-8,200 L-60,230 L-66,502', thread) +
    pocket +
    mirrored(pocket) +
    fold(ctx, 'M60,290 Q80,400 96,500', 0.12, 9) +
    fold(ctx, 'M-90,290 Q-100,400 -116,496', 0.12, 9) +
    sheen(ctx, 'M-40,290 Q-36,400 -40,490', 0.12, 10) +
    stitch('M-140,490 Q0,500 140,490', thread) +
    epaulette +
    mirrored(epaulette) +
    fabricShape(ctx, 'M-50,4 Q0,-18 50,4 L46,-12 Q0,-34 -46,-12 Z', cloth, {
      shades: ['top-light'],
      outlineWidth: 1.2,
    }) +
    neckInside(ctx, 40, 50, cloth.colour) +
    lapelMarkup +
    mirrored(lapelMarkup) +
    buttons +
    belt;
  return { markup, bounds: box(-186, -36, 372, 546), stance: 'flat' };
}

export interface DownVestOptions {
  shell: Fabric;
  lining: string;
  zip: string;
}

/** A quilted puffer vest: stand collar, horizontal down-filled baffles, centre zip, zipped pockets. */
export function drawDownVest(ctx: SvgContext, { shell, lining, zip }: DownVestOptions): Garment {
  const seamYs = [44, 86, 128, 170, 212, 254];
  const sideBumps = seamYs
    .filter((y) => y > 118)
    .map((y) => ({ to: [116, y] as Point, c1: [124, y - 21] as Point }));
  const outline = symmetricPath(
    [0, 4],
    [
      { to: [44, 0], c1: [24, 6] },
      { to: [88, 10] },
      { to: [110, 118], c1: [84, 70], c2: [92, 110] },
      ...sideBumps,
      { to: [118, 300], c1: [126, 278] },
      { to: [0, 306], c1: [60, 310] },
    ],
  );
  const baffleShade = ctx.define(
    'baffles',
    (id) =>
      `<linearGradient id="${id}-g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0.3"/><stop offset="0.3" stop-color="#fff" stop-opacity="0.12"/><stop offset="0.55" stop-color="#fff" stop-opacity="0.02"/><stop offset="1" stop-color="#000" stop-opacity="0.34"/></linearGradient>` +
      `<pattern id="${id}" patternUnits="userSpaceOnUse" width="400" height="42" x="-200" y="2"><rect width="400" height="42" fill="url(#${id}-g)"/></pattern>`,
  );
  const seams = seamYs.map((y) => `M-116,${y} Q0,${y + 4} 116,${y}`).join(' ');
  const armhole = 'M88,10 C84,70 92,110 110,118';
  const pocket =
    line('M58,222 L90,196', darken(zip, 0.2), { width: 3.2 }) +
    solidShape(ctx, 'M86,194 l6,-2 l4,12 l-6,2 Z', zip, { outlineWidth: 0.8 });
  const markup =
    fabricShape(ctx, outline, shell, { shades: ['sides'] }) +
    `<path d="${outline}" fill="${baffleShade}"/>` +
    clipped(ctx, outline, line(seams, darken(shell.colour, 0.5), { width: 1.6, opacity: 0.7 })) +
    line(`${armhole} M-88,10 C-84,70 -92,110 -110,118`, darken(shell.colour, 0.4), { width: 5 }) +
    pocket +
    mirrored(pocket) +
    fabricShape(
      ctx,
      'M-46,-22 Q0,-34 46,-22 Q0,-8 -46,-22 Z',
      { colour: lining },
      { outline: false, shades: ['top-light'] },
    ) +
    fabricShape(ctx, 'M-46,-22 Q0,-8 46,-22 L46,4 Q0,20 -46,4 Z', shell, {
      shades: ['top-light', 'sides'],
    }) +
    line('M0,-16 L0,306', darken(zip, 0.3), { width: 5 }) +
    line('M0,-16 L0,306', zip, { width: 7, dash: '1.6 1.8', cap: 'butt', opacity: 0.9 }) +
    solidShape(ctx, 'M-5,-12 h10 v22 h-10 Z', zip, { shades: ['left-light'], outlineWidth: 1 });
  return { markup, bounds: box(-128, -40, 256, 350), stance: 'flat' };
}

export interface TrackSuitOptions {
  fabric: Fabric;
  stripe: string;
  zip: string;
}

/** A zip-up track jacket laid over its matching trousers, with contrast stripes on both. */
export function drawTrackSuit(ctx: SvgContext, { fabric, stripe, zip }: TrackSuitOptions): Garment {
  const seam = edgeColour(fabric.colour);
  const rib: Fabric = { ...fabric, colour: darken(fabric.colour, 0.06), texture: 'rib' };
  const pantsTop = 250;
  const pants = symmetricPath(
    [0, pantsTop],
    [
      { to: [78, pantsTop] },
      { to: [90, pantsTop + 140], c1: [88, pantsTop + 60] },
      { to: [72, pantsTop + 420], c1: [86, pantsTop + 300] },
      { to: [26, pantsTop + 422] },
      { to: [8, pantsTop + 146], c1: [18, pantsTop + 280] },
      { to: [0, pantsTop + 136] },
    ],
  );
  const legStripe = `M84,${pantsTop + 30} C90,${pantsTop + 140} 84,${pantsTop + 300} 70,${pantsTop + 398}`;
  const legMarkup =
    line(legStripe, stripe, { width: 4 }) +
    line(
      legStripe.replace(/(-?\d+),/g, (_, x: string) => `${Number(x) - 9},`),
      stripe,
      { width: 4 },
    ) +
    fabricShape(
      ctx,
      `M72,${pantsTop + 398} L26,${pantsTop + 400} L26,${pantsTop + 422} L72,${pantsTop + 420} Z`,
      rib,
      { outlineWidth: 1.2 },
    ) +
    fold(ctx, `M40,${pantsTop + 170} Q50,${pantsTop + 280} 44,${pantsTop + 380}`, 0.14, 8) +
    sheen(ctx, `M60,${pantsTop + 160} Q70,${pantsTop + 280} 60,${pantsTop + 380}`, 0.14, 8);
  const pantsMarkup =
    fabricShape(ctx, pants, fabric, { shades: ['sides'] }) + legMarkup + mirrored(legMarkup);

  const sleeve: SleeveShape = {
    shoulder: [100, 18],
    armpit: [110, 108],
    outer: [184, 296],
    inner: [146, 308],
    topBulge: 16,
    underBulge: 0,
  };
  const sleeveStripe =
    line(alongSleeve(sleeve, 7, 0.03, 0.86), stripe, { width: 4 }) +
    line(alongSleeve(sleeve, 16, 0.03, 0.86), stripe, { width: 4 });
  const sleeveDetails =
    sleeveStripe +
    fabricShape(ctx, cuffBand(sleeve, 24), rib, { outlineWidth: 1.2 }) +
    fold(ctx, 'M124,100 Q150,180 152,262', 0.16, 7) +
    sheen(ctx, 'M136,80 Q162,170 166,262', 0.14, 7);
  const jacket = symmetricPath(
    [0, 6],
    [
      { to: [42, 0], c1: [24, 6] },
      { to: [106, 18] },
      { to: [112, 108], c1: [104, 62] },
      { to: [110, 300], c1: [114, 200] },
      { to: [0, 302] },
    ],
  );
  const jacketHalf =
    line('M74,210 L96,250', darken(fabric.colour, 0.35), { width: 2.4 }) +
    fold(ctx, 'M108,126 Q80,160 50,152', 0.12, 7);
  const jacketMarkup =
    jacketSleeves(ctx, sleeve, fabric, sleeveDetails) +
    fabricShape(ctx, jacket, fabric, { shades: ['sides', 'top-light'] }) +
    fabricShape(ctx, 'M-110,278 H110 V302 H-110 Z', rib, { outlineWidth: 1.2 }) +
    jacketHalf +
    mirrored(jacketHalf) +
    sheen(ctx, 'M-64,80 Q-46,160 -64,240', 0.14, 10) +
    fabricShape(
      ctx,
      'M-42,-20 Q0,-30 42,-20 Q0,-8 -42,-20 Z',
      { colour: darken(fabric.colour, 0.4) },
      { outline: false },
    ) +
    fabricShape(ctx, 'M-42,-20 Q0,-8 42,-20 L44,6 Q0,20 -44,6 Z', rib, {
      shades: ['top-light'],
      outlineWidth: 1.2,
    }) +
    line('M0,-16 L0,302', darken(zip, 0.35), { width: 4 }) +
    line('M0,-16 L0,302', zip, { width: 5, dash: '1.4 1.4', cap: 'butt' }) +
    solidShape(ctx, 'M-4,-10 h8 v20 h-8 Z', zip, { shades: ['left-light'], outlineWidth: 1 }) +
    stitch('M-108,274 H108', seam);
  const markup = pantsMarkup + jacketMarkup;
  return { markup, bounds: box(-190, -32, 380, 708), stance: 'flat' };
}
