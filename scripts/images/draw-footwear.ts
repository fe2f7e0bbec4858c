import { darken, edgeColour, lighten } from './colour.ts';
import {
  circlePath,
  clipped,
  fabricShape,
  fold,
  line,
  sheen,
  solidShape,
  stitch,
} from './draw-kit.ts';
import { box, type Garment } from './garment.ts';
import { cubicText, offsetPoint, pointText, type Cubic, type Point } from './geometry.ts';
import type { Fabric } from './patterns.ts';
import type { SvgContext } from './svg-context.ts';

/*
 * Shoes are drawn from the outer side, toe to the right, standing on y = 60. Low and high cuts
 * share the sole, toe box and overlays; the collar height and lace run differ.
 */

interface Cut {
  /** Outline from the heel, over the collar and tongue, to the top of the lace run. */
  back: string;
  /** The lace run, from the tongue down to the forefoot; the toe box continues from its end. */
  laceRun: Cubic;
  heelCounter: string;
  collarBand: string;
  collarOpening: string;
  tongue: string;
  eyelets: number;
  ankle: Point;
  swoosh: string;
  top: number;
}

const TOE = 'C80,-22 118,-20 146,-10 C166,-4 180,8 180,18 Z';

const LOW: Cut = {
  back: 'M-160,18 C-170,-6 -168,-34 -156,-50 C-146,-58 -128,-60 -112,-54 C-96,-46 -80,-40 -64,-44 C-56,-52 -50,-62 -44,-70 C-38,-78 -24,-80 -18,-72',
  laceRun: { from: [-18, -72], c1: [0, -56], c2: [20, -40], to: [44, -30] },
  heelCounter: 'M-160,18 C-170,-6 -168,-34 -156,-50 L-130,-56 C-126,-30 -116,-8 -100,18 Z',
  collarBand:
    'M-156,-50 C-146,-58 -128,-60 -112,-54 C-96,-46 -80,-40 -64,-44 C-58,-48 -54,-54 -50,-60 L-44,-46 C-62,-32 -80,-30 -100,-38 C-120,-46 -140,-46 -154,-38 Z',
  collarOpening:
    'M-154,-51 C-140,-62 -116,-58 -100,-50 C-86,-44 -72,-44 -62,-47 C-80,-46 -104,-49 -154,-51 Z',
  tongue:
    'M-56,-52 C-50,-64 -42,-78 -32,-82 C-24,-84 -20,-80 -18,-72 C-8,-62 -2,-56 4,-50 L-40,-40 Z',
  eyelets: 6,
  ankle: [-104, -22],
  swoosh: 'translate(78 -36) scale(-1.45 1.45)',
  top: -86,
};

const HIGH: Cut = {
  back: 'M-160,18 C-168,-20 -166,-90 -158,-138 C-154,-150 -140,-156 -120,-156 C-100,-156 -80,-150 -66,-148 C-58,-160 -52,-170 -46,-176 C-40,-184 -26,-184 -22,-176',
  laceRun: { from: [-22, -176], c1: [-6, -130], c2: [18, -62], to: [44, -30] },
  heelCounter:
    'M-160,18 C-168,-20 -167,-60 -163,-84 C-140,-80 -124,-52 -112,-22 C-106,-6 -102,6 -96,18 Z',
  collarBand:
    'M-158,-138 C-154,-150 -140,-156 -120,-156 C-100,-156 -80,-150 -66,-148 C-60,-156 -54,-164 -48,-170 L-42,-146 C-64,-128 -96,-128 -124,-130 C-140,-130 -152,-126 -158,-118 Z',
  collarOpening:
    'M-156,-141 C-146,-156 -110,-158 -90,-153 C-80,-151 -72,-149 -66,-150 C-90,-148 -120,-150 -156,-141 Z',
  tongue:
    'M-64,-150 C-58,-164 -50,-178 -40,-184 C-30,-188 -24,-184 -22,-176 C-16,-160 -10,-146 -4,-134 L-48,-128 Z',
  eyelets: 8,
  ankle: [-108, -96],
  swoosh: 'translate(78 -40) scale(-1.5 1.5) rotate(4)',
  top: -190,
};

const SOLE =
  'M-166,12 C-176,26 -174,50 -160,58 L124,60 C156,60 178,50 186,30 C188,22 184,16 176,14 Z';
const OUTSOLE =
  'M-172,44 C-170,52 -166,56 -160,58 L124,60 C156,60 178,50 186,30 L182,28 C172,42 152,50 124,50 L-160,50 Z';
const MUDGUARD = 'M8,18 C30,6 60,-2 90,-8 C120,-12 148,-10 164,-2 C176,6 182,12 180,18 Z';
const TOE_CAP = 'M100,18 C100,0 112,-16 132,-16 C156,-12 176,2 180,18 Z';

function upperPath(cut: Cut): string {
  return `${cut.back} ${cubicText(cut.laceRun)} ${TOE.replace(' Z', '')} L-160,18 Z`;
}

/** A band following the lace run, `width` wide, reinforced where the laces pull. */
function eyestayPath(cut: Cut, width: number): string {
  const steps = Array.from({ length: 11 }, (_, i) => i / 10);
  const edge = steps.map((t) => offsetPoint(cut.laceRun, t, 1));
  const inner = steps.map((t) => offsetPoint(cut.laceRun, t, -width)).reverse();
  return `M${[...edge, ...inner].map(pointText).join(' L')} Z`;
}

function laces(cut: Cut, colour: string): string {
  const ts = Array.from({ length: cut.eyelets }, (_, i) => 0.08 + (i / (cut.eyelets - 1)) * 0.8);
  const bars = ts
    .map((t) => {
      const a = offsetPoint(cut.laceRun, t + 0.03, -10);
      const b = offsetPoint(cut.laceRun, t - 0.02, 6);
      const d = `M${pointText(a)} L${pointText(b)}`;
      return line(d, darken(colour, 0.3), { width: 6.4 }) + line(d, colour, { width: 4.4 });
    })
    .join('');
  const rings = ts
    .map((t) => {
      const [x, y] = offsetPoint(cut.laceRun, t, -10);
      return `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="3.2" fill="#2a2a2a" stroke="#d8d8d8" stroke-width="1.2"/>`;
    })
    .join('');
  return rings + bars;
}

function swooshMarkup(ctx: SvgContext, cut: Cut, colour: string, edge: string | undefined): string {
  const path = 'M8,10 C-4,26 6,38 22,34 L120,0 L26,22 C16,25 10,20 8,10 Z';
  return `<g transform="${cut.swoosh}">${solidShape(ctx, path, colour, { shades: ['top-light'], outline: edge ?? darken(colour, 0.3), outlineWidth: 1 })}</g>`;
}

function threeStripes(cut: Cut, colour: string): string {
  return [0.3, 0.52, 0.74]
    .map((t) => {
      const [x, y] = offsetPoint(cut.laceRun, t, -14);
      return `<path d="M${x},${y} L${x + 12},${y + 6} L${x - 24},16 L${x - 38},16 Z" fill="${colour}" fill-opacity="0.92" stroke="${darken(colour, 0.3)}" stroke-width="1"/>`;
    })
    .join('');
}

function starBadge(ctx: SvgContext, [x, y]: Point, colour: string, star: string): string {
  const points = Array.from({ length: 10 }, (_, i) => {
    const r = i % 2 === 0 ? 11 : 4.6;
    const angle = -Math.PI / 2 + (i * Math.PI) / 5;
    return `${(x + Math.cos(angle) * r).toFixed(1)},${(y + Math.sin(angle) * r).toFixed(1)}`;
  }).join(' ');
  return (
    solidShape(ctx, circlePath(x, y, 22), colour, { shades: ['dome'], outlineWidth: 1.2 }) +
    `<circle cx="${x}" cy="${y}" r="18" fill="none" stroke="${star}" stroke-width="2"/><polygon points="${points}" fill="${star}"/>`
  );
}

export interface SneakerOptions {
  cut: 'low' | 'high';
  upper: Fabric;
  /** Colour-blocked overlays on the toe, heel, eyestay and collar. */
  overlay?: Fabric;
  collar?: Fabric;
  midsole: Fabric;
  outsole: string;
  laces: string;
  tongue?: Fabric;
  mark?:
    | { kind: 'swoosh'; colour: string; edge?: string }
    | { kind: 'three-stripes'; colour: string }
    | { kind: 'side-stripe'; colour: string }
    | { kind: 'star-badge'; colour: string; star: string };
  /** Rubber toe cap and foxing stripe of a canvas basketball shoe. */
  rubberToe?: { cap: string; stripe: string };
  /** Coloured midsole inserts, as on a boost runner. */
  plugs?: readonly [string, string];
  pullTab?: string;
  perforatedToe?: boolean;
  /** Vertical grooves moulded in the midsole. */
  ribbedMidsole?: boolean;
  /** A small winged emblem by the ankle. */
  ankleWings?: string;
}

export function drawSneaker(ctx: SvgContext, options: SneakerOptions): Garment {
  const cut = options.cut === 'high' ? HIGH : LOW;
  const { upper, midsole, overlay } = options;
  const thread = edgeColour(upper.colour);
  const parts: string[] = [];
  parts.push(fabricShape(ctx, SOLE, midsole, { shades: ['top-light'], outlineWidth: 2.2 }));
  if (options.ribbedMidsole) {
    const grooves = Array.from(
      { length: 25 },
      (_, i) => `M${-146 + i * 12},24 L${-146 + i * 12},46`,
    ).join(' ');
    parts.push(line(grooves, darken(midsole.colour, 0.2), { width: 2.4, opacity: 0.55 }));
  }
  if (options.plugs) {
    parts.push(
      solidShape(ctx, 'M-130,26 h34 v14 h-34 Z', options.plugs[1], {
        shades: ['top-light'],
        outlineWidth: 1,
      }),
    );
    parts.push(
      solidShape(ctx, 'M84,26 h30 v13 h-30 Z', options.plugs[0], {
        shades: ['top-light'],
        outlineWidth: 1,
      }),
    );
  }
  parts.push(fabricShape(ctx, OUTSOLE, { colour: options.outsole }, { outline: false }));
  if (options.rubberToe)
    parts.push(line('M-168,40 L184,40', options.rubberToe.stripe, { width: 3 }));
  else parts.push(stitch('M-162,28 L156,30', darken(midsole.colour, 0.28)));
  parts.push(
    fabricShape(ctx, upperPath(cut), upper, {
      shades: ['top-light', 'left-light', 'bottom-dark'],
      outlineWidth: 2.2,
    }),
  );
  if (options.tongue)
    parts.push(fabricShape(ctx, cut.tongue, options.tongue, { shades: ['left-light'] }));
  if (options.perforatedToe) {
    parts.push(fabricShape(ctx, TOE_CAP, upper, { shades: ['left-light'] }));
    const holes = Array.from(
      { length: 15 },
      (_, i) =>
        `<circle cx="${118 + (i % 5) * 10 + Math.floor(i / 5) * 3}" cy="${-6 + Math.floor(i / 5) * 7}" r="1.5"/>`,
    ).join('');
    parts.push(`<g fill="${darken(upper.colour, 0.35)}">${holes}</g>`);
  }
  if (overlay) {
    parts.push(fabricShape(ctx, MUDGUARD, overlay, { shades: ['top-light'] }));
    parts.push(fabricShape(ctx, cut.heelCounter, overlay, { shades: ['left-light'] }));
  } else {
    parts.push(line(cut.heelCounter.replace(/ Z$/, ''), thread, { width: 1.2, opacity: 0.45 }));
    parts.push(
      stitch(cut.heelCounter.replace(/ Z$/, '').replace(/^M-160,18 /, 'M-154,18 '), thread),
    );
  }
  if (options.rubberToe)
    parts.push(
      fabricShape(
        ctx,
        TOE_CAP,
        { colour: options.rubberToe.cap },
        { shades: ['top-light', 'left-light'] },
      ) +
        line(
          'M110,10 C118,-4 134,-8 154,-4 M114,15 C122,4 138,0 160,4',
          darken(options.rubberToe.cap, 0.15),
          { width: 1.2 },
        ),
    );
  const mark = options.mark;
  if (mark?.kind === 'swoosh') parts.push(swooshMarkup(ctx, cut, mark.colour, mark.edge));
  if (mark?.kind === 'three-stripes') parts.push(threeStripes(cut, mark.colour));
  if (mark?.kind === 'side-stripe')
    parts.push(
      `<path d="M-150,-16 C-80,-30 20,-26 130,-10 L132,0 C20,-14 -80,-16 -152,-4 Z" fill="${mark.colour}" fill-opacity="0.85"/>`,
    );
  if (mark?.kind === 'star-badge') parts.push(starBadge(ctx, cut.ankle, mark.colour, mark.star));
  parts.push(fabricShape(ctx, eyestayPath(cut, 22), overlay ?? upper, { shades: ['left-light'] }));
  parts.push(
    stitch(
      `M${pointText(offsetPoint(cut.laceRun, 0.02, -19))} ${Array.from({ length: 10 }, (_, i) => `L${pointText(offsetPoint(cut.laceRun, (i + 1) / 10, -19))}`).join(' ')}`,
      edgeColour((overlay ?? upper).colour),
    ),
  );
  parts.push(
    fabricShape(ctx, cut.collarBand, options.collar ?? overlay ?? upper, { shades: ['top-light'] }),
  );
  parts.push(
    fabricShape(ctx, cut.collarOpening, { colour: darken(upper.colour, 0.6) }, { outline: false }),
  );
  if (options.ankleWings) {
    const [x, y] = cut.ankle;
    parts.push(
      `<g transform="translate(${x + 4} ${y - 18})" fill="${options.ankleWings}"><path d="M-22,2 C-12,-12 10,-14 22,-6 C10,-6 -6,-4 -22,2 Z"/><path d="M-18,8 C-8,-2 8,-4 20,0 C8,2 -4,4 -18,8 Z"/><circle r="6" cy="10" cx="-2"/></g>`,
    );
  }
  if (options.pullTab) {
    const tab =
      options.cut === 'high'
        ? 'M-156,-142 C-176,-146 -182,-118 -168,-104 L-164,-116 C-172,-124 -168,-134 -156,-130 Z'
        : 'M-154,-48 C-172,-56 -180,-30 -168,-16 L-164,-28 C-172,-36 -166,-44 -156,-38 Z';
    parts.push(solidShape(ctx, tab, options.pullTab, { shades: ['left-light'], outlineWidth: 1 }));
  }
  parts.push(laces(cut, options.laces));
  parts.push(sheen(ctx, 'M84,-12 C116,-16 144,-10 164,2', 0.4, 6));
  parts.push(
    sheen(
      ctx,
      options.cut === 'high'
        ? 'M-152,-116 C-158,-80 -158,-30 -152,0'
        : 'M-150,-36 C-156,-22 -156,-8 -152,6',
      0.22,
      8,
    ),
  );
  parts.push(fold(ctx, 'M30,-16 C50,-10 66,-10 80,-12', 0.14, 5));
  return {
    markup: parts.join(''),
    bounds: box(-184, cut.top, 374, 60 - cut.top),
    stance: 'standing',
  };
}

export interface BootOptions {
  leather: Fabric;
  collar: Fabric;
  welt: string;
  outsole: string;
  laces: string;
  hardware: string;
}

const BOOT_LACE_RUN: Cubic = { from: [-12, -184], c1: [0, -130], c2: [20, -80], to: [46, -54] };

/** A lace-up work boot: padded collar, bellows tongue, stitched toe cap, lugged rubber sole. */
export function drawWorkBoot(
  ctx: SvgContext,
  { leather, collar, welt, outsole, laces: laceColour, hardware }: BootOptions,
): Garment {
  const thread = darken(leather.colour, 0.32);
  const sole =
    'M-156,8 C-166,24 -164,54 -150,62 L134,62 C166,62 184,50 190,30 C192,20 188,12 180,10 Z';
  const upper =
    'M-150,14 C-158,-30 -156,-110 -146,-156 C-130,-170 -90,-172 -60,-166 C-54,-176 -46,-186 -38,-190 C-28,-194 -16,-192 -12,-184 ' +
    `${cubicText(BOOT_LACE_RUN)} C84,-50 132,-46 162,-30 C182,-18 190,0 186,14 Z`;
  const collarPad =
    'M-148,-154 C-130,-172 -90,-174 -60,-166 C-56,-172 -52,-178 -48,-182 L-40,-150 C-70,-142 -110,-142 -150,-126 Z';
  const tongue =
    'M-62,-168 C-56,-178 -48,-188 -38,-192 C-28,-196 -18,-192 -12,-184 C-6,-164 0,-146 6,-130 L-50,-126 Z';
  const lugs = Array.from({ length: 13 }, (_, i) => `M${-144 + i * 24},62 v-8 h13 v8 Z`).join(' ');
  const ts = Array.from({ length: 7 }, (_, i) => 0.06 + i * 0.14);
  const laceBars = ts
    .map((t) => {
      const d = `M${pointText(offsetPoint(BOOT_LACE_RUN, t + 0.03, -12))} L${pointText(offsetPoint(BOOT_LACE_RUN, t - 0.02, 7))}`;
      return (
        line(d, darken(laceColour, 0.35), { width: 7.5 }) + line(d, laceColour, { width: 5.5 })
      );
    })
    .join('');
  const hardwareMarkup = ts
    .map((t, i) => {
      const [x, y] = offsetPoint(BOOT_LACE_RUN, t, -12);
      return i < 3
        ? solidShape(ctx, `M${x - 5},${y - 3} h10 v7 h-10 Z`, hardware, {
            shades: ['left-light'],
            outline: darken(hardware, 0.4),
            outlineWidth: 0.8,
          })
        : `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="4.4" fill="${darken(hardware, 0.6)}" stroke="${hardware}" stroke-width="2.6"/>`;
    })
    .join('');
  const eyestayEdge = Array.from({ length: 11 }, (_, i) => offsetPoint(BOOT_LACE_RUN, i / 10, -22));
  const markup =
    fabricShape(ctx, sole, { colour: welt }, { shades: ['top-light'] }) +
    fabricShape(
      ctx,
      'M-164,28 L190,28 C186,46 166,62 134,62 L-150,62 C-164,54 -166,40 -164,28 Z',
      { colour: outsole },
      { shades: ['top-light'], outline: false },
    ) +
    `<path d="${lugs}" fill="${darken(outsole, 0.45)}"/>` +
    stitch('M-154,19 L186,20', lighten(welt, 0.4), 1.5) +
    fabricShape(ctx, upper, leather, { shades: ['top-light', 'left-light'] }) +
    fabricShape(ctx, tongue, leather, { shades: ['left-light'] }) +
    clipped(
      ctx,
      upper,
      line('M68,14 C72,-14 104,-40 140,-44', darken(leather.colour, 0.22), { width: 1.6 }) +
        stitch('M62,14 C66,-18 98,-44 132,-48', thread) +
        stitch('M74,14 C78,-12 108,-36 146,-40', thread) +
        line(`M${eyestayEdge.map(pointText).join(' L')}`, darken(leather.colour, 0.25), {
          width: 1.5,
        }) +
        stitch(
          `M${Array.from({ length: 11 }, (_, i) => pointText(offsetPoint(BOOT_LACE_RUN, i / 10, -27))).join(' L')}`,
          thread,
        ) +
        stitch('M-136,-130 C-134,-60 -124,-12 -116,12', thread) +
        stitch('M-128,-130 C-126,-60 -116,-12 -108,12', thread) +
        stitch('M-40,-60 C0,-54 30,-50 56,-50', thread),
    ) +
    solidShape(ctx, circlePath(-76, -64, 15), darken(leather.colour, 0.1), {
      outline: darken(leather.colour, 0.35),
      outlineWidth: 1.5,
    }) +
    `<circle cx="-76" cy="-64" r="9.5" fill="none" stroke="${darken(leather.colour, 0.35)}" stroke-width="1.4"/>` +
    fabricShape(ctx, collarPad, collar, { shades: ['top-light'] }) +
    line('M-146,-142 C-120,-158 -86,-160 -54,-154', lighten(collar.colour, 0.25), {
      width: 1.8,
      opacity: 0.6,
    }) +
    fabricShape(
      ctx,
      'M-144,-156 C-126,-168 -90,-170 -62,-166 C-90,-162 -120,-160 -144,-156 Z',
      { colour: darken(collar.colour, 0.55) },
      { outline: false },
    ) +
    hardwareMarkup +
    laceBars +
    sheen(ctx, 'M84,-36 C118,-40 148,-32 170,-16', 0.32, 9) +
    sheen(ctx, 'M-144,-110 C-148,-60 -146,-20 -140,6', 0.18, 10) +
    fold(ctx, 'M-20,-40 C10,-30 30,-20 40,0', 0.12, 8);
  return { markup, bounds: box(-170, -198, 364, 260), stance: 'standing' };
}
