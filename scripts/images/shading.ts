import type { SvgContext } from './svg-context.ts';

/**
 * Light comes from the upper left, as in a studio product shot. Each shade is a translucent
 * gradient laid over a shape (in the shape's own bounding box), so it works on any colour or print.
 */
export type Shade = 'sides' | 'top-light' | 'dome' | 'bottom-dark' | 'left-light' | 'gloss';

type Stop = readonly [offset: number, colour: 'black' | 'white', opacity: number];

const SHADES: Record<
  Shade,
  { gradient: 'linear' | 'radial'; axis?: string; stops: readonly Stop[] }
> = {
  sides: {
    gradient: 'linear',
    axis: 'x1="0" y1="0" x2="1" y2="0"',
    stops: [
      [0, 'black', 0.24],
      [0.16, 'black', 0.04],
      [0.38, 'white', 0.1],
      [0.62, 'white', 0],
      [0.86, 'black', 0.08],
      [1, 'black', 0.26],
    ],
  },
  'top-light': {
    gradient: 'linear',
    axis: 'x1="0" y1="0" x2="0" y2="1"',
    stops: [
      [0, 'white', 0.16],
      [0.45, 'white', 0],
      [1, 'black', 0.16],
    ],
  },
  'bottom-dark': {
    gradient: 'linear',
    axis: 'x1="0" y1="0" x2="0" y2="1"',
    stops: [
      [0, 'black', 0],
      [0.55, 'black', 0.02],
      [1, 'black', 0.3],
    ],
  },
  'left-light': {
    gradient: 'linear',
    axis: 'x1="0" y1="0" x2="1" y2="0.3"',
    stops: [
      [0, 'white', 0.18],
      [0.5, 'white', 0],
      [1, 'black', 0.2],
    ],
  },
  dome: {
    gradient: 'radial',
    axis: 'cx="0.38" cy="0.3" r="0.78" fx="0.34" fy="0.24"',
    stops: [
      [0, 'white', 0.28],
      [0.35, 'white', 0.04],
      [0.75, 'black', 0.12],
      [1, 'black', 0.32],
    ],
  },
  gloss: {
    gradient: 'linear',
    axis: 'x1="0" y1="0" x2="0" y2="1"',
    stops: [
      [0, 'white', 0.45],
      [0.5, 'white', 0.08],
      [1, 'white', 0],
    ],
  },
};

/** Fill value (`url(#…)`) of a shading overlay, defined once per document. */
export function shadeFill(ctx: SvgContext, shade: Shade): string {
  const { gradient, axis, stops } = SHADES[shade];
  return ctx.defineOnce(`shade-${shade}`, (id) => {
    const stopMarkup = stops
      .map(
        ([offset, colour, opacity]) =>
          `<stop offset="${offset}" stop-color="${colour}" stop-opacity="${opacity}"/>`,
      )
      .join('');
    const tag = gradient === 'linear' ? 'linearGradient' : 'radialGradient';
    return `<${tag} id="${id}" ${axis ?? ''}>${stopMarkup}</${tag}>`;
  });
}

/** Soft shadow cast by a garment lying flat on the backdrop. */
export function dropShadowFilter(ctx: SvgContext): string {
  return ctx.defineOnce(
    'drop-shadow',
    (id) =>
      `<filter id="${id}" x="-20%" y="-20%" width="140%" height="150%" color-interpolation-filters="sRGB">` +
      `<feGaussianBlur in="SourceAlpha" stdDeviation="7"/>` +
      `<feOffset dx="3" dy="9" result="blur"/>` +
      `<feComponentTransfer><feFuncA type="linear" slope="0.28"/></feComponentTransfer>` +
      `<feMerge><feMergeNode/><feMergeNode in="SourceGraphic"/></feMerge></filter>`,
  );
}

/** Radial fade used for the contact shadow under hats and shoes standing on the floor. */
export function floorShadowFill(ctx: SvgContext): string {
  return ctx.defineOnce(
    'floor-shadow',
    (id) =>
      `<radialGradient id="${id}"><stop offset="0" stop-color="#000" stop-opacity="0.34"/>` +
      `<stop offset="0.55" stop-color="#000" stop-opacity="0.14"/>` +
      `<stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>`,
  );
}
