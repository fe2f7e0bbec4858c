import { ITEM_IMAGE, SECTION_IMAGE, imageHeight } from '#shared/images.ts';
import { placeGarment, svgDocument } from './compose.ts';
import type { Box } from './garment.ts';
import { drawDesign, type Design } from './item-designs.ts';
import { SvgContext } from './svg-context.ts';

/** Drawing units of the two picture shapes; pixel size is set per encoded width. */
export const ITEM_VIEW = { width: 400, height: 500 } as const;
export const SECTION_VIEW = { width: 600, height: 400 } as const;

function studioBackdrop(
  ctx: SvgContext,
  width: number,
  height: number,
  top: string,
  bottom: string,
): string {
  const wash = ctx.define(
    'backdrop',
    (id) =>
      `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>`,
  );
  const glow = ctx.define(
    'glow',
    (id) =>
      `<radialGradient id="${id}" cx="0.45" cy="0.4" r="0.7"><stop offset="0" stop-color="#fff" stop-opacity="0.5"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>`,
  );
  return `<rect width="${width}" height="${height}" fill="${wash}"/><rect width="${width}" height="${height}" fill="${glow}"/>`;
}

/** A product shot: one garment centred on a plain light backdrop. */
export function itemSvg(design: Design, pixelWidth: number): string {
  const ctx = new SvgContext();
  const { width, height } = ITEM_VIEW;
  const garment = drawDesign(ctx, design);
  const standing = garment.stance === 'standing';
  const area: Box = standing
    ? { x: 22, y: 96, width: 356, height: 300 }
    : { x: 40, y: 44, width: 320, height: 404 };
  const body =
    studioBackdrop(ctx, width, height, '#f1efeb', '#e0dcd5') +
    placeGarment(ctx, garment, { area, sitOnFloor: false });
  return svgDocument(ctx, width, height, pixelWidth, imageHeight(ITEM_IMAGE, pixelWidth), body);
}

/** One garment in a section tile, placed in the tile's drawing units. */
export interface TilePiece {
  design: Design;
  area: Box;
  rotate?: number;
}

export interface SectionScene {
  backdrop: readonly [top: string, bottom: string];
  pieces: readonly TilePiece[];
}

/** A home page tile: a few garments of the category arranged on a coloured backdrop. */
export function sectionSvg(scene: SectionScene, pixelWidth: number): string {
  const ctx = new SvgContext();
  const { width, height } = SECTION_VIEW;
  const pieces = scene.pieces
    .map(({ design, area, rotate }) =>
      placeGarment(ctx, drawDesign(ctx, design), {
        area,
        ...(rotate === undefined ? {} : { rotate }),
      }),
    )
    .join('');
  const body = studioBackdrop(ctx, width, height, scene.backdrop[0], scene.backdrop[1]) + pieces;
  return svgDocument(ctx, width, height, pixelWidth, imageHeight(SECTION_IMAGE, pixelWidth), body);
}
