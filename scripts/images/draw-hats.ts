import { darken, edgeColour, lighten } from './colour.ts';
import {
  circlePath,
  clipped,
  ellipsePath,
  fabricShape,
  fold,
  line,
  sheen,
  solidShape,
  stitch,
} from './draw-kit.ts';
import { box, type Garment } from './garment.ts';
import type { Fabric } from './patterns.ts';
import type { SvgContext } from './svg-context.ts';

export interface BrimHatOptions {
  felt: Fabric;
  band: string;
}

/** A fedora-style felt hat with a wide brim, pinched crown and ribbon band, seen from the front. */
export function drawBrimHat(ctx: SvgContext, { felt, band }: BrimHatOptions): Garment {
  const under = darken(felt.colour, 0.35);
  const crown =
    'M-84,58 C-88,20 -82,-34 -68,-62 C-46,-82 -18,-66 0,-62 C18,-66 46,-82 68,-62 C82,-34 88,20 84,58 C60,74 -60,74 -84,58 Z';
  const ribbon = 'M-86,58 C-60,74 60,74 86,58 L84,30 C60,46 -60,46 -84,30 Z';
  const bow = 'M-62,42 C-78,30 -92,36 -88,48 C-86,58 -72,58 -62,50 Z';
  const markup =
    fabricShape(ctx, ellipsePath(0, 66, 162, 46), { colour: under }, { outline: false }) +
    fabricShape(ctx, ellipsePath(0, 60, 162, 44), felt, { shades: ['left-light', 'top-light'] }) +
    line('M-150,68 C-110,96 110,96 150,68', lighten(felt.colour, 0.18), {
      width: 2,
      opacity: 0.6,
    }) +
    `<ellipse cx="0" cy="56" rx="96" ry="22" fill="#000" opacity="0.18"/>` +
    fabricShape(ctx, crown, felt, { shades: ['sides', 'top-light'] }) +
    fabricShape(
      ctx,
      'M-34,-66 Q0,-50 34,-66 Q0,-78 -34,-66 Z',
      { colour: darken(felt.colour, 0.2) },
      { outline: false },
    ) +
    fold(ctx, 'M-46,-60 Q-38,-30 -44,-6', 0.22, 8) +
    fold(ctx, 'M46,-60 Q38,-30 44,-6', 0.22, 8) +
    sheen(ctx, 'M-66,-30 Q-70,10 -66,40', 0.2, 10) +
    fabricShape(
      ctx,
      ribbon,
      { colour: band, texture: 'rib' },
      { shades: ['sides'], outlineWidth: 1.2 },
    ) +
    fabricShape(ctx, bow, { colour: band }, { shades: ['top-light'], outlineWidth: 1.2 });
  return { markup, bounds: box(-164, -84, 328, 196), stance: 'standing' };
}

export interface CowboyHatOptions {
  felt: Fabric;
  band: string;
  concho: string;
}

/** A western hat: brim rolled up at the sides, tall crown with a centre crease and front pinches. */
export function drawCowboyHat(ctx: SvgContext, { felt, band, concho }: CowboyHatOptions): Garment {
  const brim =
    'M-182,-24 C-170,20 -120,70 0,78 C120,70 170,20 182,-24 C160,-4 120,8 84,10 C40,0 -40,0 -84,10 C-120,8 -160,-4 -182,-24 Z';
  const brimUnder =
    'M-182,-24 C-170,26 -120,80 0,88 C120,80 170,26 182,-24 C170,20 120,70 0,78 C-120,70 -170,20 -182,-24 Z';
  const crown =
    'M-72,44 C-76,4 -74,-50 -64,-80 C-46,-100 -20,-84 0,-94 C20,-84 46,-100 64,-80 C74,-50 76,4 72,44 C40,58 -40,58 -72,44 Z';
  const bandPath = 'M-74,44 C-40,58 40,58 74,44 L73,24 C40,38 -40,38 -73,24 Z';
  const markup =
    fabricShape(ctx, brimUnder, { colour: darken(felt.colour, 0.4) }, { outline: false }) +
    fabricShape(ctx, brim, felt, { shades: ['top-light', 'left-light'] }) +
    line('M-176,-16 C-160,22 -116,62 0,70 C116,62 160,22 176,-16', lighten(felt.colour, 0.22), {
      width: 2.4,
      opacity: 0.7,
    }) +
    `<ellipse cx="0" cy="42" rx="88" ry="20" fill="#000" opacity="0.2"/>` +
    fabricShape(ctx, crown, felt, { shades: ['sides', 'top-light'] }) +
    fold(ctx, 'M0,-90 Q-6,-60 0,-34', 0.3, 7) +
    sheen(ctx, 'M8,-86 Q4,-60 8,-40', 0.2, 5) +
    fold(ctx, 'M-42,-84 Q-30,-50 -38,-22', 0.26, 9) +
    fold(ctx, 'M42,-84 Q30,-50 38,-22', 0.26, 9) +
    sheen(ctx, 'M-60,-50 Q-66,0 -62,30', 0.2, 10) +
    fabricShape(
      ctx,
      bandPath,
      { colour: band, texture: 'suede' },
      { shades: ['sides'], outlineWidth: 1.2 },
    ) +
    stitch('M-72,30 C-40,44 40,44 72,30', lighten(band, 0.3)) +
    solidShape(ctx, circlePath(-46, 40, 9), concho, { shades: ['dome'], outlineWidth: 1 }) +
    `<circle cx="-46" cy="40" r="4" fill="none" stroke="${darken(concho, 0.3)}" stroke-width="1.2"/>`;
  return { markup, bounds: box(-186, -100, 372, 192), stance: 'standing' };
}

export interface BeanieOptions {
  knit: Fabric;
  pomPom?: string;
  /** A small leather patch on the turned-up cuff. */
  patch?: string;
}

/** A cuffed knit beanie, optionally with a pom-pom and a patch. */
export function drawBeanie(ctx: SvgContext, { knit, pomPom, patch }: BeanieOptions): Garment {
  const dome = 'M-104,40 C-110,-40 -64,-112 0,-114 C64,-112 110,-40 104,40 Z';
  const cuff = 'M-112,30 C-60,46 60,46 112,30 L114,104 C60,120 -60,120 -114,104 Z';
  const knitFabric: Fabric = { ...knit, texture: 'knit' };
  const ribFabric: Fabric = { ...knit, texture: 'rib' };
  const pom = pomPom ? pomPomMarkup(ctx, pomPom) : '';
  const ribs = [-70, -35, 0, 35, 70]
    .map((x) => fold(ctx, `M${x * 0.3},-104 Q${x * 0.95},-50 ${x * 1.1},36`, 0.08, 6))
    .join('');
  const patchMarkup = patch
    ? fabricShape(
        ctx,
        'M-22,58 h44 v30 h-44 Z',
        { colour: patch, texture: 'suede' },
        { shades: ['left-light'], outlineWidth: 1.2 },
      ) + stitch('M-18,62 h36 v22 h-36 Z', lighten(patch, 0.35), 1)
    : '';
  const markup =
    pom +
    fabricShape(ctx, dome, knitFabric, { shades: ['dome'] }) +
    ribs +
    fabricShape(ctx, cuff, ribFabric, { shades: ['sides', 'top-light'] }) +
    line('M-112,32 C-60,48 60,48 112,32', lighten(knit.colour, 0.2), { width: 2, opacity: 0.6 }) +
    fold(ctx, 'M-110,44 C-60,60 60,60 110,44', 0.2, 6) +
    patchMarkup;
  return {
    markup,
    bounds: box(-118, pomPom ? -176 : -118, 236, pomPom ? 296 : 238),
    stance: 'standing',
  };
}

function pomPomMarkup(ctx: SvgContext, colour: string): string {
  const tufts = Array.from({ length: 22 }, (_, i) => {
    const angle = (i / 22) * Math.PI * 2;
    const r = 34 + (i % 3) * 3;
    return circlePath(Math.cos(angle) * r, -136 + Math.sin(angle) * r, 9 + (i % 2) * 3);
  }).join(' ');
  return fabricShape(
    ctx,
    `${tufts} ${circlePath(0, -136, 36)}`,
    { colour, texture: 'shearling' },
    { shades: ['dome'], outline: darken(colour, 0.2) },
  );
}

export interface CapOptions {
  crown: Fabric;
  brim: Fabric;
  /** Artwork on the front panel. */
  emblem?: 'wolf';
  emblemColour?: string;
}

/** Shape of a cap seen three-quarters from the front with the peak to the left. */
interface CapShape {
  dome: string;
  peak: string;
  peakEdge: string;
  peakStitches: readonly string[];
  button: readonly [number, number];
  seams: readonly string[];
  top: number;
}

const CURVED_CAP: CapShape = {
  dome: 'M-96,44 C-104,-20 -70,-92 6,-96 C78,-96 118,-40 112,44 C60,58 -40,58 -96,44 Z',
  peak: 'M-98,40 C-140,40 -196,60 -210,88 C-176,110 -80,104 -4,66 C6,60 14,58 22,54 C-20,56 -60,52 -98,40 Z',
  peakEdge:
    'M-98,40 C-140,40 -196,60 -210,88 C-200,102 -170,110 -120,106 C-80,100 -30,82 -4,70 C6,64 14,60 22,54 C-20,60 -60,56 -98,40 Z',
  peakStitches: ['M-98,48 C-140,50 -184,66 -196,86', 'M-96,56 C-136,60 -172,74 -182,90'],
  button: [6, -96],
  seams: ['Q-42,-56 -52,50', 'Q48,-40 50,56', 'Q92,-56 104,46'],
  top: -104,
};

const FLAT_CAP: CapShape = {
  dome: 'M-98,44 C-104,-40 -72,-112 6,-114 C82,-112 120,-50 114,44 C60,58 -40,58 -98,44 Z',
  peak: 'M-100,40 C-140,46 -186,58 -208,70 C-218,78 -214,90 -198,92 C-140,96 -70,90 -20,72 C0,66 16,60 30,54 C-10,56 -60,52 -100,40 Z',
  peakEdge:
    'M-208,70 C-218,78 -218,98 -198,102 C-140,106 -70,100 -20,82 C0,74 16,66 30,54 C16,60 0,66 -20,72 C-70,90 -140,96 -198,92 C-214,90 -218,78 -208,70 Z',
  peakStitches: [
    'M-98,48 C-140,54 -180,64 -198,76',
    'M-96,56 C-136,62 -170,72 -186,82',
    'M-94,64 C-130,70 -160,78 -172,86',
  ],
  button: [6, -114],
  seams: ['Q-44,-66 -54,50', 'Q50,-50 50,56', 'Q94,-66 106,46'],
  top: -122,
};

function capMarkup(
  ctx: SvgContext,
  shape: CapShape,
  options: CapOptions,
  extra: { under?: string; sticker?: string },
): string {
  const { crown, brim, emblem, emblemColour } = options;
  const thread = edgeColour(crown.colour);
  const [bx, by] = shape.button;
  const seams = shape.seams
    .map(
      (seam, i) =>
        line(`M${bx},${by} ${seam}`, thread, { width: 1.4, opacity: i === 2 ? 0.5 : 0.6 }) +
        stitch(
          `M${bx + 5},${by + 2} ${seam.replace(/(-?\d+),(-?\d+)$/, (_, x: string, y: string) => `${Number(x) + 6},${y}`)}`,
          thread,
        ),
    )
    .join('');
  const eyelets = `<circle cx="-32" cy="${by + 44}" r="3.6" fill="${darken(crown.colour, 0.4)}"/><circle cx="56" cy="${by + 40}" r="3.6" fill="${darken(crown.colour, 0.4)}"/>`;
  const sticker = extra.sticker
    ? solidShape(ctx, ellipsePath(-120, 76, 13, 8), extra.sticker, {
        shades: ['dome'],
        outline: darken(extra.sticker, 0.3),
        outlineWidth: 1,
      }) +
      `<ellipse cx="-120" cy="76" rx="7.5" ry="4.5" fill="none" stroke="${lighten(extra.sticker, 0.4)}" stroke-width="1.2"/>`
    : '';
  return (
    fabricShape(ctx, shape.dome, crown, { shades: ['dome'] }) +
    clipped(ctx, shape.dome, seams) +
    eyelets +
    sheen(ctx, `M-30,${by + 16} Q-70,${by + 56} -76,10`, 0.22, 10) +
    (emblem === 'wolf' ? wolfEmblem(emblemColour ?? '#ffffff', darken(crown.colour, 0.1)) : '') +
    fabricShape(
      ctx,
      shape.peakEdge,
      { colour: extra.under ?? darken(brim.colour, 0.35) },
      { outline: extra.under ? darken(extra.under, 0.4) : false },
    ) +
    fabricShape(ctx, shape.peak, brim, { shades: ['left-light', 'top-light'] }) +
    shape.peakStitches.map((d) => stitch(d, edgeColour(brim.colour))).join('') +
    sticker +
    solidShape(ctx, ellipsePath(bx, by, 11, 5), crown.colour, { shades: ['dome'], outlineWidth: 1 })
  );
}

/** A curved-peak baseball cap seen three-quarters from the front, peak to the left. */
export function drawBaseballCap(ctx: SvgContext, options: CapOptions): Garment {
  return {
    markup: capMarkup(ctx, CURVED_CAP, options, {}),
    bounds: box(-214, CURVED_CAP.top, 330, 110 - CURVED_CAP.top),
    stance: 'standing',
  };
}

/** A geometric wolf's head, embroidered on a cap's front panel. */
function wolfEmblem(colour: string, ground: string): string {
  const head =
    'M0,-22 L20,-32 L30,-50 L38,-18 L48,-4 L42,14 L26,24 L12,42 L0,48 L-12,42 L-26,24 L-42,14 L-48,-4 L-38,-18 L-30,-50 L-20,-32 Z';
  const cutouts =
    'M22,-28 L29,-42 L33,-20 Z M-22,-28 L-29,-42 L-33,-20 Z ' +
    'M8,0 L24,-4 L14,6 Z M-8,0 L-24,-4 L-14,6 Z ' +
    'M-8,-16 L0,-4 L8,-16 L0,-10 Z ' +
    'M-7,34 L7,34 L0,42 Z ' +
    'M30,10 L40,6 L34,14 Z M-30,10 L-40,6 L-34,14 Z';
  return (
    `<g transform="translate(-30 -18) scale(0.78 0.82) skewY(-6)">` +
    `<path d="${head}" fill="${colour}" stroke="${darken(colour, 0.25)}" stroke-width="1.4" stroke-linejoin="round"/>` +
    `<path d="${cutouts}" fill="${ground}"/></g>`
  );
}

export interface SnapbackOptions {
  crown: Fabric;
  brim: Fabric;
  underBrim: string;
  sticker: string;
}

/** A structured snapback: taller crown, flat peak with a contrast underside and its sticker left on. */
export function drawSnapback(
  ctx: SvgContext,
  { crown, brim, underBrim, sticker }: SnapbackOptions,
): Garment {
  return {
    markup: capMarkup(ctx, FLAT_CAP, { crown, brim }, { under: underBrim, sticker }),
    bounds: box(-218, FLAT_CAP.top, 334, 110 - FLAT_CAP.top),
    stance: 'standing',
  };
}
