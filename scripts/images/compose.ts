import type { Box, Garment } from './garment.ts';
import { dropShadowFilter, floorShadowFill } from './shading.ts';
import { n, type SvgContext } from './svg-context.ts';

export interface Placement {
  /** Area the garment is fitted into, keeping its proportions, centred. */
  area: Box;
  /** Degrees clockwise, about the garment's centre; for the casual arrangement of a tile. */
  rotate?: number;
  /** Anchor the garment to the bottom of its area rather than its middle (things that stand). */
  sitOnFloor?: boolean;
}

/** Fits a garment into an area of the picture and gives it the shadow that suits its stance. */
export function placeGarment(
  ctx: SvgContext,
  garment: Garment,
  { area, rotate = 0, sitOnFloor }: Placement,
): string {
  const { bounds } = garment;
  const scale = Math.min(area.width / bounds.width, area.height / bounds.height);
  const width = bounds.width * scale;
  const height = bounds.height * scale;
  const left = area.x + (area.width - width) / 2;
  const top = sitOnFloor ? area.y + area.height - height : area.y + (area.height - height) / 2;
  const transform = `translate(${n(left)} ${n(top)}) scale(${n(scale)}) translate(${n(-bounds.x)} ${n(-bounds.y)})`;
  const cx = left + width / 2;
  const cy = top + height / 2;
  const turn = rotate ? `rotate(${n(rotate)} ${n(cx)} ${n(cy)}) ` : '';
  if (garment.stance === 'standing') {
    const floorY = top + height;
    const shadow = `<ellipse cx="${n(cx)}" cy="${n(floorY - height * 0.01)}" rx="${n(width * 0.54)}" ry="${n(Math.max(6, width * 0.07))}" fill="${floorShadowFill(ctx)}"/>`;
    return `<g transform="${turn}">${shadow}<g transform="${transform}">${garment.markup}</g></g>`;
  }
  return `<g transform="${turn}"><g filter="${dropShadowFilter(ctx)}"><g transform="${transform}">${garment.markup}</g></g></g>`;
}

/** Wraps drawn content into a complete SVG document of the given pixel size. */
export function svgDocument(
  ctx: SvgContext,
  viewWidth: number,
  viewHeight: number,
  pixelWidth: number,
  pixelHeight: number,
  body: string,
): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${pixelWidth}" height="${pixelHeight}" viewBox="0 0 ${viewWidth} ${viewHeight}">` +
    `${ctx.defsMarkup()}${body}</svg>`
  );
}
