import { brightness, darken, edgeColour } from './colour.ts';
import { fabricFill, textureFill, type Fabric } from './patterns.ts';
import { shadeFill, type Shade } from './shading.ts';
import { n, type SvgContext } from './svg-context.ts';

export interface ShapeStyle {
  shades?: readonly Shade[];
  /** Edge line colour; false for none. Defaults to a darker tone of the fabric. */
  outline?: string | false;
  outlineWidth?: number;
}

/** A closed shape in a fabric: colour or print, texture, shading overlays, then a fine edge. */
export function fabricShape(
  ctx: SvgContext,
  d: string,
  fabric: Fabric,
  style: ShapeStyle = {},
): string {
  let markup = `<path d="${d}" fill="${fabricFill(ctx, fabric)}"/>`;
  if (fabric.texture) markup += `<path d="${d}" fill="${textureFill(ctx, fabric.texture)}"/>`;
  for (const shade of style.shades ?? [])
    markup += `<path d="${d}" fill="${shadeFill(ctx, shade)}"/>`;
  const outline = style.outline ?? edgeColour(fabric.colour);
  if (outline !== false) {
    // Near-white cloth on a near-white backdrop needs a firmer edge to keep its shape.
    const pale = brightness(fabric.colour) > 0.85;
    const width = (style.outlineWidth ?? 1.6) * (pale ? 1.25 : 1);
    markup += `<path d="${d}" fill="none" stroke="${outline}" stroke-width="${n(width)}" stroke-linejoin="round" stroke-opacity="${pale ? 0.95 : 0.75}"/>`;
  }
  return markup;
}

/** A plain filled shape with optional shading, for trims and hardware. */
export function solidShape(
  ctx: SvgContext,
  d: string,
  colour: string,
  style: ShapeStyle = {},
): string {
  return fabricShape(ctx, d, { colour }, style);
}

interface LineStyle {
  width?: number;
  opacity?: number;
  dash?: string;
  cap?: 'round' | 'butt';
}

export function line(d: string, colour: string, style: LineStyle = {}): string {
  const dash = style.dash ? ` stroke-dasharray="${style.dash}"` : '';
  return `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${n(style.width ?? 1.5)}" stroke-opacity="${style.opacity ?? 1}" stroke-linecap="${style.cap ?? 'round'}" stroke-linejoin="round"${dash}/>`;
}

/** Dashed topstitching. */
export function stitch(d: string, colour: string, width = 1.2): string {
  return line(d, colour, { width, dash: '3.6 2.6', cap: 'butt', opacity: 0.9 });
}

/** Blur used for folds, so creases look like soft cloth rather than drawn lines. */
function softBlur(ctx: SvgContext): string {
  return ctx.defineOnce(
    'soft-blur',
    (id) =>
      `<filter id="${id}" x="-30%" y="-30%" width="160%" height="160%"><feGaussianBlur stdDeviation="3.2"/></filter>`,
  );
}

/** A soft shadowed fold in the cloth. */
export function fold(ctx: SvgContext, d: string, strength = 0.16, width = 6): string {
  return `<path d="${d}" fill="none" stroke="#000" stroke-opacity="${strength}" stroke-width="${width}" stroke-linecap="round" filter="${softBlur(ctx)}"/>`;
}

/** A soft lit ridge in the cloth. */
export function sheen(ctx: SvgContext, d: string, strength = 0.2, width = 6): string {
  return `<path d="${d}" fill="none" stroke="#fff" stroke-opacity="${n(strength * 0.7)}" stroke-width="${width}" stroke-linecap="round" filter="${softBlur(ctx)}"/>`;
}

/** A sewn-on button with two holes and a lit rim. */
export function button(ctx: SvgContext, x: number, y: number, r: number, colour: string): string {
  return (
    solidShape(ctx, circlePath(x, y, r), colour, { shades: ['dome'], outlineWidth: 1 }) +
    `<circle cx="${n(x - r * 0.3)}" cy="${n(y)}" r="${n(r * 0.16)}" fill="${darken(colour, 0.5)}"/>` +
    `<circle cx="${n(x + r * 0.3)}" cy="${n(y)}" r="${n(r * 0.16)}" fill="${darken(colour, 0.5)}"/>`
  );
}

/** A metal shank button or rivet. */
export function stud(ctx: SvgContext, x: number, y: number, r: number, colour: string): string {
  return (
    solidShape(ctx, circlePath(x, y, r), colour, {
      shades: ['dome'],
      outline: darken(colour, 0.45),
      outlineWidth: 1,
    }) +
    `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r * 0.45)}" fill="none" stroke="${darken(colour, 0.3)}" stroke-width="${n(r * 0.18)}"/>`
  );
}

export function circlePath(x: number, y: number, r: number): string {
  return `M${n(x - r)},${n(y)} a${n(r)},${n(r)} 0 1 0 ${n(r * 2)},0 a${n(r)},${n(r)} 0 1 0 ${n(-r * 2)},0 Z`;
}

export function ellipsePath(x: number, y: number, rx: number, ry: number): string {
  return `M${n(x - rx)},${n(y)} a${n(rx)},${n(ry)} 0 1 0 ${n(rx * 2)},0 a${n(rx)},${n(ry)} 0 1 0 ${n(-rx * 2)},0 Z`;
}

/** Wraps markup in a transform. */
export function transformed(markup: string, transform: string): string {
  return `<g transform="${transform}">${markup}</g>`;
}

/** The same markup mirrored about x = 0, for the left sleeve, pocket or shoe side. */
export function mirrored(markup: string): string {
  return transformed(markup, 'scale(-1 1)');
}

/** Markup cut to a shape, so seams and quilting lines stop exactly at the garment's edge. */
export function clipped(ctx: SvgContext, d: string, markup: string): string {
  const clip = ctx.define('clip', (id) => `<clipPath id="${id}"><path d="${d}"/></clipPath>`);
  return `<g clip-path="${clip}">${markup}</g>`;
}
