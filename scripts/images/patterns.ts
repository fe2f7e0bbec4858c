import { darken, lighten } from './colour.ts';
import { blobPath, seededRandom, type Point } from './geometry.ts';
import { n, type SvgContext } from './svg-context.ts';

/** A coloured print on the cloth. */
export type Print =
  | { kind: 'floral'; petals: readonly string[]; centre: string; leaf: string; size?: number }
  | { kind: 'dots'; colour: string; radius: number; gap: number }
  | { kind: 'stripes'; colours: readonly string[]; width: number; angle?: number }
  | { kind: 'camo'; colours: readonly [string, string, string]; size?: number }
  | { kind: 'palms'; leaf: string; trunk: string; size?: number };

/** The weave or surface of the cloth, drawn as translucent marks so it suits any colour. */
export type Texture =
  'denim' | 'knit' | 'rib' | 'shearling' | 'suede' | 'canvas' | 'knit-mesh' | 'nylon';

/** What a piece of a garment is made of: a ground colour, maybe printed, maybe textured. */
export interface Fabric {
  colour: string;
  print?: Print;
  texture?: Texture;
}

/** Draws `motif` at every neighbouring tile offset so that motifs crossing an edge wrap seamlessly. */
function wrapped(size: number, motif: (dx: number, dy: number) => string): string {
  let markup = '';
  for (const dx of [-size, 0, size]) for (const dy of [-size, 0, size]) markup += motif(dx, dy);
  return markup;
}

function tile(id: string, width: number, height: number, content: string, transform = ''): string {
  const patternTransform = transform ? ` patternTransform="${transform}"` : '';
  return `<pattern id="${id}" patternUnits="userSpaceOnUse" width="${n(width)}" height="${n(height)}"${patternTransform}>${content}</pattern>`;
}

/** A five-petal flower with a darker heart. */
export function flower(
  [x, y]: Point,
  radius: number,
  petal: string,
  centre: string,
  turn = 0,
): string {
  const petals = Array.from({ length: 5 }, (_, i) => {
    const angle = turn + i * 72;
    return `<ellipse cx="${n(x)}" cy="${n(y - radius * 0.52)}" rx="${n(radius * 0.4)}" ry="${n(radius * 0.55)}" transform="rotate(${n(angle)} ${n(x)} ${n(y)})"/>`;
  }).join('');
  return (
    `<g fill="${petal}">${petals}</g>` +
    `<g fill="${darken(petal, 0.18)}" opacity="0.55">${Array.from({ length: 5 }, (_, i) => `<ellipse cx="${n(x)}" cy="${n(y - radius * 0.3)}" rx="${n(radius * 0.14)}" ry="${n(radius * 0.3)}" transform="rotate(${n(turn + i * 72)} ${n(x)} ${n(y)})"/>`).join('')}</g>` +
    `<circle cx="${n(x)}" cy="${n(y)}" r="${n(radius * 0.24)}" fill="${centre}"/>`
  );
}

/** A pointed leaf from `at`, turned by `angle` degrees. */
export function leaf([x, y]: Point, length: number, angle: number, colour: string): string {
  const l = length;
  const d = `M0,0 C${n(l * 0.3)},${n(-l * 0.32)} ${n(l * 0.75)},${n(-l * 0.3)} ${n(l)},0 C${n(l * 0.75)},${n(l * 0.28)} ${n(l * 0.3)},${n(l * 0.3)} 0,0 Z`;
  return `<path d="${d}" fill="${colour}" transform="translate(${n(x)} ${n(y)}) rotate(${n(angle)})"/>`;
}

function floralTile(print: Extract<Print, { kind: 'floral' }>, ground: string): [number, string] {
  const size = print.size ?? 60;
  const s = size / 60;
  const motifs: { at: Point; r: number; colour: number; turn: number }[] = [
    { at: [12, 14], r: 9, colour: 0, turn: 10 },
    { at: [41, 29], r: 11, colour: 1, turn: 40 },
    { at: [19, 47], r: 7.5, colour: 2, turn: 20 },
    { at: [50, 55], r: 5.5, colour: 0, turn: 60 },
  ];
  const content = wrapped(size, (dx, dy) =>
    motifs
      .map(({ at, r, colour, turn }, i) => {
        const x = at[0] * s + dx;
        const y = at[1] * s + dy;
        const petal = print.petals[colour % print.petals.length] ?? print.centre;
        return (
          leaf([x + r * s * 0.6, y + r * s * 0.5], r * s * 1.3, 30 + i * 50, print.leaf) +
          leaf(
            [x - r * s * 0.5, y + r * s * 0.4],
            r * s * 1.1,
            150 + i * 40,
            darken(print.leaf, 0.15),
          ) +
          flower([x, y], r * s, petal, print.centre, turn)
        );
      })
      .join(''),
  );
  return [size, `<rect width="${size}" height="${size}" fill="${ground}"/>${content}`];
}

/** A small palm tree: a leaning trunk and drooping fronds. */
export function palmTree(
  [x, y]: Point,
  height: number,
  leafColour: string,
  trunkColour: string,
): string {
  const h = height;
  const top: Point = [x + h * 0.12, y - h];
  const trunk = `M${n(x - h * 0.05)},${n(y)} Q${n(x + h * 0.02)},${n(y - h * 0.55)} ${n(top[0] - h * 0.03)},${n(top[1])} L${n(top[0] + h * 0.04)},${n(top[1])} Q${n(x + h * 0.1)},${n(y - h * 0.5)} ${n(x + h * 0.06)},${n(y)} Z`;
  const fronds = [-165, -130, -95, -55, -20, 15, 165 + 30]
    .map((angle, i) => {
      const l = h * (0.5 + (i % 2) * 0.12);
      const d = `M0,0 C${n(l * 0.3)},${n(-l * 0.28)} ${n(l * 0.75)},${n(-l * 0.18)} ${n(l)},${n(l * 0.32)} C${n(l * 0.7)},${n(l * 0.02)} ${n(l * 0.3)},${n(l * 0.06)} 0,0 Z`;
      const flipped = angle < -90 || angle > 90;
      const turn = flipped ? 180 + angle : angle;
      return `<path d="${d}" fill="${i % 2 ? darken(leafColour, 0.15) : leafColour}" transform="translate(${n(top[0])} ${n(top[1])}) ${flipped ? 'scale(-1 1) ' : ''}rotate(${n(flipped ? -turn : turn)})"/>`;
    })
    .join('');
  return `<path d="${trunk}" fill="${trunkColour}"/>${fronds}<circle cx="${n(top[0])}" cy="${n(top[1] + h * 0.04)}" r="${n(h * 0.045)}" fill="${darken(trunkColour, 0.3)}"/>`;
}

function palmsTile(print: Extract<Print, { kind: 'palms' }>, ground: string): [number, string] {
  const size = print.size ?? 54;
  const content = wrapped(size, (dx, dy) =>
    [
      palmTree([size * 0.22 + dx, size * 0.46 + dy], size * 0.36, print.leaf, print.trunk),
      palmTree([size * 0.72 + dx, size * 0.96 + dy], size * 0.32, print.leaf, print.trunk),
    ].join(''),
  );
  return [size, `<rect width="${size}" height="${size}" fill="${ground}"/>${content}`];
}

function camoTile(print: Extract<Print, { kind: 'camo' }>, ground: string): [number, string] {
  const size = print.size ?? 150;
  const random = seededRandom(7);
  let content = `<rect width="${size}" height="${size}" fill="${ground}"/>`;
  print.colours.forEach((colour, layer) => {
    // Long, ragged, overlapping patches read as camouflage; round ones read as spots.
    const blobs = Array.from({ length: 6 - layer }, () => {
      const centre: Point = [random() * size, random() * size];
      const base = size * (0.12 - layer * 0.018);
      const radii = Array.from({ length: 11 }, () => base * (0.45 + random() * 1.1));
      return { centre, radii, rotation: random() * 6, turn: random() * 180 };
    });
    content += `<g fill="${colour}">${wrapped(size, (dx, dy) =>
      blobs
        .map((b) => {
          const x = b.centre[0] + dx;
          const y = b.centre[1] + dy;
          return `<path d="${blobPath([0, 0], b.radii, b.rotation)}" transform="translate(${n(x)} ${n(y)}) rotate(${n(b.turn)}) scale(2 0.75)"/>`;
        })
        .join(''),
    )}</g>`;
  });
  return [size, content];
}

/** Fill value for the fabric's colour and print (a plain colour when unprinted). */
export function fabricFill(ctx: SvgContext, fabric: Fabric): string {
  const { print, colour } = fabric;
  if (!print) return colour;
  return ctx.defineOnce(`print-${JSON.stringify(print)}-${colour}`, (id) => {
    switch (print.kind) {
      case 'dots': {
        const g = print.gap;
        const dot = (x: number, y: number) =>
          `<circle cx="${n(x)}" cy="${n(y)}" r="${n(print.radius)}" fill="${print.colour}"/>`;
        return tile(
          id,
          g,
          g,
          `<rect width="${g}" height="${g}" fill="${colour}"/>${dot(g / 4, g / 4)}${dot((3 * g) / 4, (3 * g) / 4)}`,
        );
      }
      case 'stripes': {
        const height = print.width * print.colours.length;
        const bands = print.colours
          .map(
            (c, i) =>
              `<rect y="${n(i * print.width)}" width="10" height="${n(print.width)}" fill="${c}"/>`,
          )
          .join('');
        return tile(id, 10, height, bands, print.angle ? `rotate(${print.angle})` : '');
      }
      case 'floral': {
        const [size, content] = floralTile(print, colour);
        return tile(id, size, size, content, 'rotate(-8)');
      }
      case 'palms': {
        const [size, content] = palmsTile(print, colour);
        return tile(id, size, size, content);
      }
      case 'camo': {
        const [size, content] = camoTile(print, colour);
        return tile(id, size, size, content);
      }
    }
  });
}

function textureTile(id: string, texture: Texture): string {
  switch (texture) {
    case 'denim':
      return tile(
        id,
        10,
        4.2,
        `<rect y="0" width="10" height="1.5" fill="#fff" opacity="0.16"/><rect y="2.4" width="10" height="0.9" fill="#000" opacity="0.14"/>`,
        'rotate(-58)',
      );
    case 'knit':
      return tile(
        id,
        8,
        7,
        `<path d="M0.6,0.4 L4,6.2 L7.4,0.4" fill="none" stroke="#000" stroke-opacity="0.2" stroke-width="1.3"/>` +
          `<path d="M1.6,0.2 L4,4.4 M6.4,0.2 L5.4,2" fill="none" stroke="#fff" stroke-opacity="0.16" stroke-width="1"/>`,
      );
    case 'rib':
      return tile(
        id,
        7,
        10,
        `<rect x="0" width="2.6" height="10" fill="#000" opacity="0.16"/><rect x="4" width="1.2" height="10" fill="#fff" opacity="0.14"/>`,
      );
    case 'knit-mesh':
      return tile(
        id,
        9,
        6,
        `<path d="M0,3 Q2.25,0.5 4.5,3 T9,3" fill="none" stroke="#fff" stroke-opacity="0.16" stroke-width="1.2"/><path d="M0,5.5 Q2.25,3 4.5,5.5 T9,5.5" fill="none" stroke="#000" stroke-opacity="0.16" stroke-width="1"/>`,
      );
    case 'canvas':
      return tile(
        id,
        4,
        4,
        `<rect width="4" height="1" fill="#000" opacity="0.07"/><rect width="1" height="4" fill="#fff" opacity="0.05"/>`,
      );
    case 'nylon':
      return tile(id, 6, 6, `<rect width="6" height="0.8" fill="#fff" opacity="0.05"/>`);
    case 'suede': {
      const random = seededRandom(3);
      const specks = Array.from({ length: 40 }, () => {
        const light = random() > 0.5;
        return `<circle cx="${n(random() * 24)}" cy="${n(random() * 24)}" r="${n(0.4 + random() * 0.5)}" fill="${light ? '#fff' : '#000'}" opacity="${light ? 0.07 : 0.06}"/>`;
      }).join('');
      return tile(id, 24, 24, specks);
    }
    case 'shearling': {
      const random = seededRandom(11);
      const curls = Array.from({ length: 16 }, () => {
        const x = random() * 20;
        const y = random() * 20;
        const r = 1.6 + random() * 1.6;
        const curl = (dx: number, dy: number) =>
          `<path d="M${n(x + dx - r)},${n(y + dy)} a${n(r)},${n(r)} 0 1 1 ${n(r * 1.6)},${n(r * 0.9)}" fill="none" stroke="#000" stroke-opacity="0.13" stroke-width="1.1"/>` +
          `<path d="M${n(x + dx - r)},${n(y + dy - 1)} a${n(r)},${n(r)} 0 0 1 ${n(r * 1.5)},${n(-r * 0.6)}" fill="none" stroke="#fff" stroke-opacity="0.4" stroke-width="1.1"/>`;
        let markup = '';
        for (const dx of [-20, 0, 20]) for (const dy of [-20, 0, 20]) markup += curl(dx, dy);
        return markup;
      }).join('');
      return tile(id, 20, 20, curls);
    }
  }
}

/** Fill value of the translucent texture overlay. */
export function textureFill(ctx: SvgContext, texture: Texture): string {
  return ctx.defineOnce(`texture-${texture}`, (id) => textureTile(id, texture));
}

/** The colour that seams, stitches and edges of this fabric are drawn in. */
export function fabricTone(fabric: Fabric, amount: number): string {
  return amount >= 0 ? lighten(fabric.colour, amount) : darken(fabric.colour, -amount);
}
