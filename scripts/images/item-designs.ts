import { drawDress, type DressOptions } from './draw-dresses.ts';
import {
  drawSneaker,
  drawWorkBoot,
  type BootOptions,
  type SneakerOptions,
} from './draw-footwear.ts';
import {
  drawBaseballCap,
  drawBeanie,
  drawBrimHat,
  drawCowboyHat,
  drawSnapback,
  type BeanieOptions,
  type BrimHatOptions,
  type CapOptions,
  type CowboyHatOptions,
  type SnapbackOptions,
} from './draw-hats.ts';
import {
  drawDownVest,
  drawJeanJacket,
  drawShearlingJacket,
  drawTrackSuit,
  drawTrenchCoat,
  type DownVestOptions,
  type JeanJacketOptions,
  type ShearlingJacketOptions,
  type TrackSuitOptions,
  type TrenchCoatOptions,
} from './draw-outerwear.ts';
import {
  drawBlouse,
  drawButtonShirt,
  drawLongSleeve,
  drawSweater,
  drawTankTop,
  drawTShirt,
  type BlouseOptions,
  type ButtonShirtOptions,
  type LongSleeveOptions,
  type SweaterOptions,
  type TankTopOptions,
  type TeeOptions,
} from './draw-tops.ts';
import type { Garment } from './garment.ts';
import type { Fabric } from './patterns.ts';
import type { SvgContext } from './svg-context.ts';

/** Which drawing a product uses, with that drawing's colours and pattern. */
export type Design =
  | ({ kind: 'brim-hat' } & BrimHatOptions)
  | ({ kind: 'cowboy-hat' } & CowboyHatOptions)
  | ({ kind: 'beanie' } & BeanieOptions)
  | ({ kind: 'baseball-cap' } & CapOptions)
  | ({ kind: 'snapback' } & SnapbackOptions)
  | ({ kind: 'sneaker' } & SneakerOptions)
  | ({ kind: 'work-boot' } & BootOptions)
  | ({ kind: 'jean-jacket' } & JeanJacketOptions)
  | ({ kind: 'shearling-jacket' } & ShearlingJacketOptions)
  | ({ kind: 'trench-coat' } & TrenchCoatOptions)
  | ({ kind: 'down-vest' } & DownVestOptions)
  | ({ kind: 'track-suit' } & TrackSuitOptions)
  | ({ kind: 't-shirt' } & TeeOptions)
  | ({ kind: 'long-sleeve' } & LongSleeveOptions)
  | ({ kind: 'tank-top' } & TankTopOptions)
  | ({ kind: 'sweater' } & SweaterOptions)
  | ({ kind: 'blouse' } & BlouseOptions)
  | ({ kind: 'button-shirt' } & ButtonShirtOptions)
  | ({ kind: 'dress' } & DressOptions);

type DesignKind = Design['kind'];
type Drawers = {
  [K in DesignKind]: (ctx: SvgContext, design: Extract<Design, { kind: K }>) => Garment;
};

const DRAWERS: Drawers = {
  'brim-hat': drawBrimHat,
  'cowboy-hat': drawCowboyHat,
  beanie: drawBeanie,
  'baseball-cap': drawBaseballCap,
  snapback: drawSnapback,
  sneaker: drawSneaker,
  'work-boot': drawWorkBoot,
  'jean-jacket': drawJeanJacket,
  'shearling-jacket': drawShearlingJacket,
  'trench-coat': drawTrenchCoat,
  'down-vest': drawDownVest,
  'track-suit': drawTrackSuit,
  't-shirt': drawTShirt,
  'long-sleeve': drawLongSleeve,
  'tank-top': drawTankTop,
  sweater: drawSweater,
  blouse: drawBlouse,
  'button-shirt': drawButtonShirt,
  dress: drawDress,
};

export function drawDesign(ctx: SvgContext, design: Design): Garment {
  const draw = DRAWERS[design.kind] as (ctx: SvgContext, design: Design) => Garment;
  return draw(ctx, design);
}

const denim = (colour: string): Fabric => ({ colour, texture: 'denim' });
const felt = (colour: string): Fabric => ({ colour, texture: 'suede' });
const WHITE_RUBBER: Fabric = { colour: '#f4f2ee' };

/** One design per catalogue item id; every item must appear here (checked by the build and tests). */
export const ITEM_DESIGNS: ReadonlyMap<number, Design> = new Map<number, Design>([
  // Hats
  [1, { kind: 'brim-hat', felt: felt('#7a4b2a'), band: '#2e1d12' }],
  [2, { kind: 'beanie', knit: { colour: '#2f5fa8' } }],
  [3, { kind: 'cowboy-hat', felt: felt('#9a6a3c'), band: '#4a2e1a', concho: '#c9ccd1' }],
  [4, { kind: 'brim-hat', felt: felt('#8c8f94'), band: '#1f2022' }],
  [5, { kind: 'beanie', knit: { colour: '#3f7d4a' }, patch: '#b58457' }],
  [
    6,
    {
      kind: 'baseball-cap',
      crown: {
        colour: '#f3ecd9',
        print: { kind: 'palms', leaf: '#2f8a55', trunk: '#8a5a34', size: 48 },
      },
      brim: { colour: '#2f7f52' },
    },
  ],
  [7, { kind: 'beanie', knit: { colour: '#c3262e' }, pomPom: '#c3262e' }],
  [
    8,
    {
      kind: 'baseball-cap',
      crown: { colour: '#2b2e33' },
      brim: { colour: '#2b2e33' },
      emblem: 'wolf',
      emblemColour: '#e9e4d6',
    },
  ],
  [
    9,
    {
      kind: 'snapback',
      crown: { colour: '#1f4fa0' },
      brim: { colour: '#1f4fa0' },
      underBrim: '#2f6b3a',
      sticker: '#d4a93a',
    },
  ],
  // Sneakers
  [
    10,
    {
      kind: 'sneaker',
      cut: 'low',
      upper: { colour: '#26272b', texture: 'knit-mesh' },
      midsole: { colour: '#f2f0ea', texture: 'shearling' },
      outsole: '#2a2a2a',
      laces: '#2f3035',
      mark: { kind: 'three-stripes', colour: '#e9e7e1' },
      plugs: ['#d8312f', '#2c55b8'],
      pullTab: '#d8312f',
    },
  ],
  [
    11,
    {
      kind: 'sneaker',
      cut: 'low',
      upper: {
        colour: '#b9b1a3',
        print: { kind: 'stripes', colours: ['#b9b1a3', '#a39a8a', '#c9c2b5'], width: 4, angle: 62 },
        texture: 'knit-mesh',
      },
      midsole: { colour: '#e6dfd0' },
      outsole: '#cbbfa8',
      laces: '#c9c1b2',
      mark: { kind: 'side-stripe', colour: '#e8e3d8' },
      pullTab: '#a39a8a',
      ribbedMidsole: true,
    },
  ],
  [
    12,
    {
      kind: 'sneaker',
      cut: 'high',
      upper: { colour: '#1d1e22', texture: 'canvas' },
      tongue: { colour: '#1d1e22', texture: 'canvas' },
      midsole: WHITE_RUBBER,
      outsole: '#d9d5cc',
      laces: '#f4f2ee',
      rubberToe: { cap: '#f4f2ee', stripe: '#1d1e22' },
      mark: { kind: 'star-badge', colour: '#f4f2ee', star: '#1f2a5a' },
    },
  ],
  [
    13,
    {
      kind: 'sneaker',
      cut: 'low',
      upper: { colour: '#f4f3f0' },
      tongue: { colour: '#f4f3f0' },
      overlay: { colour: '#e9e8e4' },
      midsole: { colour: '#fafaf8' },
      outsole: '#d9d6cf',
      laces: '#fbfbf9',
      mark: { kind: 'swoosh', colour: '#fbfbf9', edge: '#8a8a8a' },
      perforatedToe: true,
    },
  ],
  [
    14,
    {
      kind: 'sneaker',
      cut: 'high',
      upper: { colour: '#c8202b' },
      tongue: { colour: '#c8202b' },
      midsole: WHITE_RUBBER,
      outsole: '#c8202b',
      laces: '#f4f2ee',
      collar: { colour: '#f4f2ee' },
      mark: { kind: 'swoosh', colour: '#f7f5f0' },
    },
  ],
  [
    15,
    {
      kind: 'sneaker',
      cut: 'high',
      upper: { colour: '#7a4a2a', texture: 'suede' },
      tongue: { colour: '#7a4a2a', texture: 'suede' },
      midsole: { colour: '#efe8da' },
      outsole: '#b07a3e',
      laces: '#efe6d6',
      mark: { kind: 'swoosh', colour: '#efe6d6' },
    },
  ],
  [
    16,
    {
      kind: 'sneaker',
      cut: 'high',
      upper: { colour: '#f5f4f1' },
      tongue: { colour: '#f5f4f1' },
      overlay: { colour: '#1f4fb5' },
      collar: { colour: '#151618' },
      midsole: WHITE_RUBBER,
      outsole: '#1f4fb5',
      laces: '#151618',
      mark: { kind: 'swoosh', colour: '#151618' },
    },
  ],
  [
    17,
    {
      kind: 'work-boot',
      leather: { colour: '#d39a4c', texture: 'suede' },
      collar: { colour: '#5a3a24' },
      welt: '#9b6a3a',
      outsole: '#3d2c21',
      laces: '#c49a5e',
      hardware: '#c8a14a',
    },
  ],
  // Jackets
  [
    18,
    {
      kind: 'jean-jacket',
      denim: denim('#2b2c30'),
      stitchColour: '#8e8e8a',
      buttonColour: '#7a7b7e',
      shearlingCollar: { colour: '#ece3d2', texture: 'shearling' },
    },
  ],
  [
    19,
    {
      kind: 'jean-jacket',
      denim: denim('#4a6fa5'),
      stitchColour: '#d9913f',
      buttonColour: '#b8793a',
    },
  ],
  [
    20,
    {
      kind: 'jean-jacket',
      denim: denim('#8b8e93'),
      stitchColour: '#e9e4d8',
      buttonColour: '#b9bbbf',
    },
  ],
  [
    21,
    {
      kind: 'shearling-jacket',
      shell: { colour: '#7b4a2a', texture: 'suede' },
      fleece: { colour: '#efe4cf', texture: 'shearling' },
      hardware: '#c4a25a',
    },
  ],
  [
    22,
    {
      kind: 'trench-coat',
      cloth: { colour: '#c9a877' },
      buttonColour: '#5a4030',
      buckleColour: '#6e5340',
    },
  ],
  // Womens
  [23, { kind: 'tank-top', body: { colour: '#3f74c9' } }],
  [
    24,
    {
      kind: 'blouse',
      style: 'v-neck-flutter',
      body: {
        colour: '#f8f4ee',
        print: {
          kind: 'floral',
          petals: ['#e56b8a', '#f2a541', '#c94f7c'],
          centre: '#7a2b3a',
          leaf: '#6aa06f',
        },
      },
    },
  ],
  [
    25,
    {
      kind: 'dress',
      neckline: 'v',
      sleeves: 'flutter',
      fabric: {
        colour: '#22325a',
        print: {
          kind: 'floral',
          petals: ['#f3b6c4', '#f7e3a1', '#ffffff'],
          centre: '#d9576f',
          leaf: '#6fa37a',
          size: 70,
        },
      },
    },
  ],
  [
    26,
    {
      kind: 'dress',
      neckline: 'round',
      sleeves: 'none',
      fabric: { colour: '#faf7f2', print: { kind: 'dots', colour: '#d3202e', radius: 5, gap: 26 } },
      belt: '#d3202e',
    },
  ],
  [
    27,
    {
      kind: 'sweater',
      body: {
        colour: '#1f2f57',
        print: { kind: 'stripes', colours: ['#1f2f57', '#f3efe4'], width: 14 },
      },
      trim: { colour: '#1f2f57' },
    },
  ],
  [
    28,
    {
      kind: 'track-suit',
      fabric: { colour: '#f2c230', texture: 'nylon' },
      stripe: '#ffffff',
      zip: '#d9d9d9',
    },
  ],
  [29, { kind: 'blouse', style: 'collared', body: { colour: '#fbfaf7' }, buttonColour: '#e9e3d6' }],
  // Mens
  [
    30,
    {
      kind: 'down-vest',
      shell: {
        colour: '#77805a',
        print: { kind: 'camo', colours: ['#465233', '#9a7b52', '#26261f'], size: 120 },
        texture: 'nylon',
      },
      lining: '#2f3326',
      zip: '#2a2a2a',
    },
  ],
  [
    31,
    {
      kind: 't-shirt',
      body: {
        colour: '#1d2430',
        print: {
          kind: 'floral',
          petals: ['#e8505b', '#f7b733', '#f4f1e8'],
          centre: '#3a1c1c',
          leaf: '#3f8f5a',
          size: 80,
        },
      },
      trim: { colour: '#1d2430' },
    },
  ],
  [
    32,
    {
      kind: 'long-sleeve',
      body: { colour: '#f5f3ee' },
      sleeves: { colour: '#1b1b1d' },
      raglan: true,
    },
  ],
  [33, { kind: 't-shirt', body: { colour: '#e88fb2' } }],
  [
    34,
    {
      kind: 'button-shirt',
      body: denim('#6f95c2'),
      stitchColour: '#eee6d4',
      buttonColour: '#f2f0ea',
    },
  ],
  [35, { kind: 't-shirt', body: { colour: '#6e1a2c' }, chestPocket: true }],
]);

/** The design of an item, or an error naming the item: a product must never ship without a picture. */
export function designForItem(id: number, name: string): Design {
  const design = ITEM_DESIGNS.get(id);
  if (!design)
    throw new Error(
      `No image design for catalogue item ${id} "${name}": add one to scripts/images/item-designs.ts`,
    );
  return design;
}
