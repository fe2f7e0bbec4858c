/** Axis-aligned box in a drawing's own coordinates. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Garment {
  markup: string;
  bounds: Box;
  stance: 'standing' | 'flat';
}

export function box(x: number, y: number, width: number, height: number): Box {
  return { x, y, width, height };
}
