import type { Cents } from './money.ts';

/** A product on sale. `imageUrl` is the base URL of its pre-encoded picture (see images.ts). */
export interface Item {
  id: number;
  name: string;
  imageUrl: string;
  /** Unit price in integer cents. */
  price: Cents;
}

/** A home page tile. */
export interface Section {
  id: number;
  title: string;
  imageUrl: string;
  /** Relative link, `shop/{title}`, appended to the current path when the tile is clicked. */
  linkUrl: string;
  size?: 'large';
}
