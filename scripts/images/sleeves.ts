import { pathOf, type Point, type Segment } from './geometry.ts';

/**
 * A sleeve laid flat, right side of the garment; the left is its mirror image. The sleeve is
 * drawn before the body, so its attachment edge (shoulder to armpit) hides under the body.
 */
export interface SleeveShape {
  shoulder: Point;
  armpit: Point;
  /** Hem or cuff corner on the outer (upper) edge. */
  outer: Point;
  /** Hem or cuff corner on the under edge. */
  inner: Point;
  /** How far the upper edge bows outwards, and the under edge inwards. */
  topBulge?: number;
  underBulge?: number;
}

/** A cubic from a to b whose middle is pushed `bulge` units to the left of the direction of travel. */
export function bowed(a: Point, b: Point, bulge: number): Segment {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const length = Math.hypot(dx, dy) || 1;
  const nx = (dy / length) * bulge;
  const ny = (-dx / length) * bulge;
  return {
    c1: [a[0] + dx / 3 + nx, a[1] + dy / 3 + ny],
    c2: [a[0] + (2 * dx) / 3 + nx, a[1] + (2 * dy) / 3 + ny],
    to: b,
  };
}

export function sleeveOutline(s: SleeveShape): string {
  const tuck: Point = [
    Math.min(s.shoulder[0], s.armpit[0]) - 24,
    (s.shoulder[1] + s.armpit[1]) / 2,
  ];
  return `${pathOf(s.shoulder, [
    bowed(s.shoulder, s.outer, s.topBulge ?? 8),
    { to: s.inner },
    bowed(s.inner, s.armpit, s.underBulge ?? -4),
    { to: tuck },
  ])} Z`;
}

function backFrom(end: Point, start: Point, distance: number): Point {
  const dx = start[0] - end[0];
  const dy = start[1] - end[1];
  const length = Math.hypot(dx, dy) || 1;
  return [end[0] + (dx / length) * distance, end[1] + (dy / length) * distance];
}

/** The band at the end of the sleeve: a cuff, or the turned-up hem of a short sleeve. */
export function cuffBand(s: SleeveShape, depth: number): string {
  const outerBack = backFrom(s.outer, s.shoulder, depth);
  const innerBack = backFrom(s.inner, s.armpit, depth);
  return `${pathOf(outerBack, [{ to: s.outer }, { to: s.inner }, { to: innerBack }])} Z`;
}

/** A line across the sleeve parallel to its end, `inset` units back: hem stitching. */
export function acrossSleeve(s: SleeveShape, inset: number): string {
  return pathOf(backFrom(s.outer, s.shoulder, inset), [{ to: backFrom(s.inner, s.armpit, inset) }]);
}

/** Points along the sleeve's upper edge region, for stripes that run down the sleeve. */
export function alongSleeve(s: SleeveShape, offset: number, from = 0.05, to = 1): string {
  const lerp = (a: Point, b: Point, t: number): Point => [
    a[0] + (b[0] - a[0]) * t,
    a[1] + (b[1] - a[1]) * t,
  ];
  const top = (t: number) => lerp(s.shoulder, s.outer, t);
  const under = (t: number) => lerp(s.armpit, s.inner, t);
  const at = (t: number): Point => {
    const a = top(t);
    const b = under(t);
    const width = Math.hypot(b[0] - a[0], b[1] - a[1]) || 1;
    return lerp(a, b, offset / width);
  };
  return pathOf(at(from), [{ to: at((from + to) / 2) }, { to: at(to) }]);
}
