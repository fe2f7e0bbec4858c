import type { SizeKind } from '#shared/catalogue-model.ts';

/** A body measurement in centimetres: one value, or the range a size covers. */
export type Measure = readonly [min: number, max?: number];

export interface SizeGuide {
  title: string;
  /** The measured columns, in the order the table shows them. */
  columns: readonly string[];
  /** One row per size of SIZES_BY_KIND[kind], in that order. */
  rows: ReadonlyArray<{ size: string; measures: readonly Measure[] }>;
  howToMeasure: readonly string[];
}

/**
 * The shop's size charts, kept with the page that shows them (ADR 036): they describe how the
 * shop's own garments are cut, change with the range rather than with each product, and are the
 * same for every product of a kind. Centimetres are the source; inches are derived.
 */
export const SIZE_GUIDES: Readonly<Record<SizeKind, SizeGuide>> = {
  hat: {
    title: 'Hats',
    columns: ['Head circumference'],
    rows: [
      { size: 'S', measures: [[54, 55]] },
      { size: 'M', measures: [[56, 57]] },
      { size: 'L', measures: [[58, 60]] },
    ],
    howToMeasure: [
      'Wrap a soft tape measure around your head about 1 cm above your ears and eyebrows, where the hat will sit.',
      'Keep the tape snug but not tight. Between two sizes, take the larger.',
    ],
  },
  shoe: {
    title: 'Shoes',
    columns: ['Foot length'],
    rows: [
      { size: 'US 6', measures: [[23.5]] },
      { size: 'US 7', measures: [[24.4]] },
      { size: 'US 8', measures: [[25.2]] },
      { size: 'US 9', measures: [[26]] },
      { size: 'US 10', measures: [[26.8]] },
      { size: 'US 11', measures: [[27.8]] },
      { size: 'US 12', measures: [[28.6]] },
      { size: 'US 13', measures: [[29.4]] },
    ],
    howToMeasure: [
      'Stand on a sheet of paper with your heel against a wall, and mark the tip of your longest toe.',
      'Measure from the wall to the mark. Measure both feet and use the longer one.',
    ],
  },
  clothing: {
    title: 'Clothing',
    columns: ['Chest', 'Waist', 'Hips'],
    rows: [
      {
        size: 'XS',
        measures: [
          [82, 86],
          [66, 70],
          [88, 92],
        ],
      },
      {
        size: 'S',
        measures: [
          [87, 92],
          [71, 76],
          [93, 98],
        ],
      },
      {
        size: 'M',
        measures: [
          [93, 100],
          [77, 84],
          [99, 104],
        ],
      },
      {
        size: 'L',
        measures: [
          [101, 108],
          [85, 92],
          [105, 110],
        ],
      },
      {
        size: 'XL',
        measures: [
          [109, 116],
          [93, 100],
          [111, 116],
        ],
      },
    ],
    howToMeasure: [
      'Chest: around the fullest part, under your arms, keeping the tape level.',
      'Waist: around your natural waistline, the narrowest part of your torso.',
      'Hips: around the fullest part of your hips, feet together.',
    ],
  },
};

const CM_PER_INCH = 2.54;

const inches = (cm: number): string => String(Math.round((cm / CM_PER_INCH) * 10) / 10);
const centimetres = (cm: number): string => String(cm);

/** `82-86 cm` / `32.3-33.9 in`, or `23.5 cm` / `9.3 in` for one value. */
export function formatMeasure([min, max]: Measure, unit: 'cm' | 'in'): string {
  const format = unit === 'cm' ? centimetres : inches;
  return `${format(min)}${max === undefined ? '' : `-${format(max)}`} ${unit}`;
}
