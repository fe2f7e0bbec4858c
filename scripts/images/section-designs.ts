import type { CollectionId } from '#shared/spec-catalogue.ts';
import { ITEM_DESIGNS, type Design } from './item-designs.ts';
import type { SectionScene, TilePiece } from './scenes.ts';

/** A tile piece showing a catalogue item, so tiles show the very products of their section. */
function piece(
  itemId: number,
  x: number,
  y: number,
  width: number,
  height: number,
  rotate?: number,
): TilePiece {
  const design: Design | undefined = ITEM_DESIGNS.get(itemId);
  if (!design) throw new Error(`Section tile refers to item ${itemId}, which has no design`);
  return { design, area: { x, y, width, height }, ...(rotate === undefined ? {} : { rotate }) };
}

/*
 * Tiles are 600 x 400 drawing units. The shop lays a title box over the middle of each tile,
 * so the garments are spread towards the edges and corners.
 */
export const SECTION_SCENES: Readonly<Record<CollectionId, SectionScene>> = {
  hats: {
    backdrop: ['#d7e2d0', '#b9cbb0'],
    pieces: [
      piece(3, 14, 26, 230, 160),
      piece(6, 366, 28, 220, 150),
      piece(7, 52, 214, 150, 170),
      piece(2, 232, 262, 130, 126),
      piece(9, 380, 216, 210, 160),
    ],
  },
  jackets: {
    backdrop: ['#d3dde8', '#adbfd2'],
    pieces: [
      piece(19, 0, 26, 236, 350, -7),
      piece(22, 200, 8, 200, 386),
      piece(21, 364, 26, 236, 350, 7),
    ],
  },
  sneakers: {
    backdrop: ['#f0e0cb', '#dcc3a2'],
    pieces: [
      piece(14, 18, 24, 256, 160),
      piece(16, 326, 24, 256, 160),
      piece(10, 18, 222, 256, 150),
      piece(17, 330, 206, 250, 170),
    ],
  },
  womens: {
    backdrop: ['#f1dcdc', '#dfb9ba'],
    pieces: [
      piece(27, 12, 44, 206, 310, -8),
      piece(25, 196, 8, 208, 386),
      piece(24, 384, 44, 206, 310, 8),
    ],
  },
  mens: {
    backdrop: ['#d9dde3', '#b3bbc6'],
    pieces: [
      piece(32, 12, 44, 206, 310, -8),
      piece(30, 206, 12, 188, 378),
      piece(31, 384, 44, 206, 310, 8),
    ],
  },
};
