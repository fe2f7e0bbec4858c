import { darken, edgeColour, lighten } from './colour';
import { circlePath, ellipsePath, fabricShape, fold, line, mirrored, sheen, solidShape, stitch } from './draw-kit';
import { box, type Garment } from './garment';
import type { Fabric } from './patterns';
import type { SvgContext } from './svg-context';

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
    line('M-150,68 C-110,96 110,96 150,68', lighten(felt.colour, 0.18), { width: 2, opacity: 0.6 }) +
    `<ellipse cx="0" cy="56" rx="96" ry="22" fill="#000" opacity="0.18"/>` +
    fabricShape(ctx, crown, felt, { shades: ['sides', 'top-light'] }) +
    fabricShape(ctx, 'M-34,-66 Q0,-50 34,-66 Q0,-78 -34,-66 Z', { colour: darken(felt.colour, 0.2) }, { outline: false }) +
    fold(ctx, 'M-46,-60 Q-38,-30 -44,-6', 0.22, 8) +
    fold(ctx, 'M46,-60 Q38,-30 44,-6', 0.22, 8) +
    sheen(ctx, 'M-66,-30 Q-70,10 -66,40', 0.2, 10) +
    fabricShape(ctx, ribbon, { colour: band, texture: 'rib' }, { shades: ['sides'], outlineWidth: 1.2 }) +
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
    line('M-176,-16 C-160,22 -116,62 0,70 C116,62 160,22 176,-16', lighten(felt.colour, 0.22), { width: 2.4, opacity: 0.7 }) +
    `<ellipse cx="0" cy="42" rx="88" ry="20" fill="#000" opacity="0.2"/>` +
    fabricShape(ctx, crown, felt, { shades: ['sides', 'top-light'] }) +
    fold(ctx, 'M0,-90 Q-6,-60 0,-34', 0.3, 7) +
    sheen(ctx, 'M8,-86 Q4,-60 8,-40', 0.2, 5) +
    fold(ctx, 'M-42,-84 Q-30,-50 -38,-22', 0.26, 9) +
    fold(ctx, 'M42,-84 Q30,-50 38,-22', 0.26, 9) +
    sheen(ctx, 'M-60,-50 Q-66,0 -62,30', 0.2, 10) +
    fabricShape(ctx, bandPath, { colour: band, texture: 'suede' }, { shades: ['sides'], outlineWidth: 1.2 }) +
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
    ? fabricShape(ctx, 'M-22,58 h44 v30 h-44 Z', { colour: patch, texture: 'suede' }, { shades: ['left-light'], outlineWidth: 1.2 }) +
      stitch('M-18,62 h36 v22 h-36 Z', lighten(patch, 0.35), 1)
    : '';
  const markup =
    pom +
    fabricShape(ctx, dome, knitFabric, { shades: ['dome'] }) +
    ribs +
    fabricShape(ctx, cuff, ribFabric, { shades: ['sides', 'top-light'] }) +
    line('M-112,32 C-60,48 60,48 112,32', lighten(knit.colour, 0.2), { width: 2, opacity: 0.6 }) +
    fold(ctx, 'M-110,44 C-60,60 60,60 110,44', 0.2, 6) +
    patchMarkup;
  return { markup, bounds: box(-118, pomPom ? -176 : -118, 236, pomPom ? 296 : 238), stance: 'standing' };
}

function pomPomMarkup(ctx: SvgContext, colour: string): string {
  const tufts = Array.from({ length: 22 }, (_, i) => {
    const angle = (i / 22) * Math.PI * 2;
    const r = 34 + (i % 3) * 3;
    return circlePath(Math.cos(angle) * r, -136 + Math.sin(angle) * r, 9 + (i % 2) * 3);
  }).join(' ');
  return (
    fabricShape(ctx, `${tufts} ${circlePath(0, -136, 36)}`, { colour, texture: 'shearling' }, { shades: ['dome'], outline: darken(colour, 0.2) })
  );
}

export interface CapOptions {
  crown: Fabric;
  brim: Fabric;
  /** Artwork on the front panel. */
  emblem?: 'wolf';
  emblemColour?: string;
}

/** A curved-peak baseball cap seen three-quarters from the front, peak to the left. */
export function drawBaseballCap(ctx: SvgContext, { crown, brim, emblem, emblemColour }: CapOptions): Garment {
  const thread = edgeColour(crown.colour);
  const dome = 'M-96,44 C-104,-20 -70,-92 6,-96 C78,-96 118,-40 112,44 C60,58 -40,58 -96,44 Z';
  const peak = 'M-98,40 C-140,40 -196,60 -210,88 C-176,110 -80,104 -4,66 C6,60 14,58 22,54 C-20,56 -60,52 -98,40 Z';
  const peakEdge = 'M-98,40 C-140,40 -196,60 -210,88 C-200,102 -170,110 -120,106 C-80,100 -30,82 -4,70 C6,64 14,60 22,54 C-20,60 -60,56 -98,40 Z';
  const markup =
    fabricShape(ctx, dome, crown, { shades: ['dome'] }) +
    line('M6,-96 Q-42,-56 -52,50', thread, { width: 1.4, opacity: 0.6 }) +
    stitch('M10,-94 Q-36,-54 -46,50', thread) +
    line('M6,-96 Q48,-40 50,56', thread, { width: 1.4, opacity: 0.6 }) +
    stitch('M12,-94 Q54,-40 56,55', thread) +
    line('M6,-96 Q92,-56 104,46', thread, { width: 1.4, opacity: 0.5 }) +
    `<circle cx="-32" cy="-52" r="3.6" fill="${darken(crown.colour, 0.4)}"/><circle cx="56" cy="-56" r="3.6" fill="${darken(crown.colour, 0.4)}"/>` +
    sheen(ctx, 'M-30,-80 Q-70,-40 -76,10', 0.22, 10) +
    (emblem === 'wolf' ? wolfEmblem(emblemColour ?? '#ffffff', darken(crown.colour, 0.1)) : '') +
    fabricShape(ctx, peakEdge, { colour: darken(brim.colour, 0.35) }, { outline: false }) +
    fabricShape(ctx, peak, brim, { shades: ['left-light', 'top-light'] }) +
    stitch('M-98,48 C-140,50 -184,66 -196,86', edgeColour(brim.colour)) +
    stitch('M-96,56 C-136,60 -172,74 -182,90', edgeColour(brim.colour)) +
    solidShape(ctx, ellipsePath(6, -96, 11, 5), crown.colour, { shades: ['dome'], outlineWidth: 1 });
  return { markup, bounds: box(-214, -104, 330, 214), stance: 'standing' };
}

/** A howling wolf against a full moon, embroidered on a cap's front panel. */
function wolfEmblem(colour: string, ground: string): string {
  const wolf =
    'M-14,30 L-12,8 C-14,0 -16,-8 -14,-14 L-24,-28 L-30,-30 L-27,-34 L-20,-33 L-10,-27 L-8,-36 L-4,-28 C2,-24 6,-16 10,-8 C18,0 24,10 24,22 C30,20 34,24 32,30 Z';
  return (
    `<g transform="translate(-38 -4) rotate(-8)">` +
    `<circle cx="-4" cy="-2" r="30" fill="${colour}" opacity="0.95"/>` +
    `<circle cx="-4" cy="-2" r="30" fill="none" stroke="${darken(colour, 0.2)}" stroke-width="1.5" stroke-dasharray="2 1.6"/>` +
    `<path d="${wolf}" fill="${ground}"/>` +
    `<path d="M-34,30 H36" stroke="${ground}" stroke-width="3" stroke-linecap="round"/></g>`
  );
}

export interface SnapbackOptions {
  crown: Fabric;
  brim: Fabric;
  underBrim: string;
  sticker: string;
}

/** A structured snapback seen from the front: tall panels, flat peak with a contrast underside. */
export function drawSnapback(ctx: SvgContext, { crown, brim, underBrim, sticker }: SnapbackOptions): Garment {
  const thread = edgeColour(crown.colour);
  const dome = 'M-112,34 C-118,-56 -66,-110 0,-112 C66,-110 118,-56 112,34 C60,46 -60,46 -112,34 Z';
  const peak = 'M-124,24 C-134,44 -130,72 -92,82 C-40,94 40,94 92,82 C130,72 134,44 124,24 C60,38 -60,38 -124,24 Z';
  const peakEdge = 'M-124,24 C-134,50 -130,80 -92,90 C-40,102 40,102 92,90 C130,80 134,50 124,24 C130,44 134,72 92,82 C40,94 -40,94 -92,82 C-130,72 -134,44 -124,24 Z';
  const seam = (x: number) => line(`M0,-112 Q${x * 0.7},-60 ${x},38`, thread, { width: 1.4, opacity: 0.6 }) + stitch(`M${x > 0 ? 4 : -4},-110 Q${x * 0.7 + (x > 0 ? 4 : -4)},-60 ${x + (x > 0 ? 4 : -4)},38`, thread);
  const markup =
    fabricShape(ctx, dome, crown, { shades: ['dome'] }) +
    line('M0,-112 L0,40', thread, { width: 1.4, opacity: 0.6 }) +
    stitch('M-4,-110 L-4,40 M4,-110 L4,40', thread) +
    seam(-84) +
    seam(84) +
    `<circle cx="-52" cy="-62" r="3.6" fill="${darken(crown.colour, 0.4)}"/>` +
    mirrored(`<circle cx="-52" cy="-62" r="3.6" fill="${darken(crown.colour, 0.4)}"/>`) +
    sheen(ctx, 'M-40,-96 Q-80,-60 -88,0', 0.22, 12) +
    fabricShape(ctx, peakEdge, { colour: underBrim }, { outline: darken(underBrim, 0.4) }) +
    fabricShape(ctx, peak, brim, { shades: ['top-light', 'left-light'] }) +
    stitch('M-118,30 C-126,48 -120,68 -90,74 C-40,86 40,86 90,74 C120,68 126,48 118,30', edgeColour(brim.colour)) +
    solidShape(ctx, circlePath(62, 60, 11), sticker, { shades: ['dome'], outline: darken(sticker, 0.3), outlineWidth: 1 }) +
    `<circle cx="62" cy="60" r="6.5" fill="none" stroke="${lighten(sticker, 0.4)}" stroke-width="1.2"/>` +
    solidShape(ctx, ellipsePath(0, -112, 11, 5), crown.colour, { shades: ['dome'], outlineWidth: 1 });
  return { markup, bounds: box(-136, -120, 272, 224), stance: 'standing' };
}
