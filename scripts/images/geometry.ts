import { n } from './svg-context.ts';

export type Point = readonly [x: number, y: number];

/** One step of a path: a line when no control points, quadratic with `c1`, cubic with both. */
export interface Segment {
  to: Point;
  c1?: Point;
  c2?: Point;
}

export function pointText([x, y]: Point): string {
  return `${n(x)},${n(y)}`;
}

function segmentText({ to, c1, c2 }: Segment): string {
  if (c1 && c2) return `C${pointText(c1)} ${pointText(c2)} ${pointText(to)}`;
  if (c1) return `Q${pointText(c1)} ${pointText(to)}`;
  return `L${pointText(to)}`;
}

/** An open path through the segments. */
export function pathOf(start: Point, segments: readonly Segment[]): string {
  return `M${pointText(start)} ${segments.map(segmentText).join(' ')}`;
}

const flip = ([x, y]: Point): Point => [-x, y];

/**
 * A closed shape symmetric about x = 0, described by its right half only: from `start` on the
 * axis, clockwise, back to the axis. Garments are mostly symmetric, so each is drawn once.
 */
export function symmetricPath(start: Point, rightHalf: readonly Segment[]): string {
  const mirrored: Segment[] = [];
  for (let i = rightHalf.length - 1; i >= 0; i -= 1) {
    const segment = rightHalf[i];
    if (!segment) continue;
    const from = i === 0 ? start : (rightHalf[i - 1]?.to ?? start);
    const { c1, c2 } = segment;
    if (c1 && c2) mirrored.push({ to: flip(from), c1: flip(c2), c2: flip(c1) });
    else if (c1) mirrored.push({ to: flip(from), c1: flip(c1) });
    else mirrored.push({ to: flip(from) });
  }
  return `${pathOf(start, [...rightHalf, ...mirrored])} Z`;
}

/** Points evenly spaced from `a` to `b`, both ends included. */
export function spaced(a: Point, b: Point, count: number): Point[] {
  return Array.from({ length: count }, (_, i) => {
    const t = count === 1 ? 0.5 : i / (count - 1);
    return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t] as const;
  });
}

export { seededRandom } from '#shared/seeded-random.ts';

/** A smooth closed blob through points around a centre, for camo patches and flower petals. */
export function blobPath(centre: Point, radii: readonly number[], rotation = 0): string {
  const count = radii.length;
  const points = radii.map((radius, i) => {
    const angle = rotation + (i / count) * Math.PI * 2;
    return [centre[0] + Math.cos(angle) * radius, centre[1] + Math.sin(angle) * radius] as const;
  });
  const mid = (a: Point, b: Point): Point => [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
  const last = points[count - 1];
  const first = points[0];
  if (!first || !last) return '';
  let d = `M${pointText(mid(last, first))}`;
  points.forEach((point, i) => {
    const next = points[(i + 1) % count] ?? first;
    d += ` Q${pointText(point)} ${pointText(mid(point, next))}`;
  });
  return `${d} Z`;
}

/** A cubic Bézier curve, for measuring points along a drawn edge. */
export interface Cubic {
  from: Point;
  c1: Point;
  c2: Point;
  to: Point;
}

export function cubicPoint({ from, c1, c2, to }: Cubic, t: number): Point {
  const u = 1 - t;
  const a = u * u * u;
  const b = 3 * u * u * t;
  const c = 3 * u * t * t;
  const d = t * t * t;
  return [
    a * from[0] + b * c1[0] + c * c2[0] + d * to[0],
    a * from[1] + b * c1[1] + c * c2[1] + d * to[1],
  ];
}

/** Unit vector to the left of the curve's direction of travel at t. */
export function cubicNormal(curve: Cubic, t: number): Point {
  const [x0, y0] = cubicPoint(curve, Math.max(0, t - 0.01));
  const [x1, y1] = cubicPoint(curve, Math.min(1, t + 0.01));
  const length = Math.hypot(x1 - x0, y1 - y0) || 1;
  return [(y1 - y0) / length, -(x1 - x0) / length];
}

/** The point at t pushed `distance` along the curve's left normal. */
export function offsetPoint(curve: Cubic, t: number, distance: number): Point {
  const [x, y] = cubicPoint(curve, t);
  const [nx, ny] = cubicNormal(curve, t);
  return [x + nx * distance, y + ny * distance];
}

export function cubicText({ c1, c2, to }: Cubic): string {
  return `C${pointText(c1)} ${pointText(c2)} ${pointText(to)}`;
}
