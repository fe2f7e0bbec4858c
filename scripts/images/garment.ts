/** Axis-aligned box in a drawing's own coordinates. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * A drawn garment in its own coordinates. `standing` things (hats, shoes) get a contact shadow
 * on the floor beneath them; `flat` things (clothes laid out) cast a soft drop shadow.
 */
export interface Garment {
  markup: string;
  bounds: Box;
  stance: 'standing' | 'flat';
}

export function box(x: number, y: number, width: number, height: number): Box {
  return { x, y, width, height };
}
