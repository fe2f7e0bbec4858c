/**
 * Collects the <defs> of one SVG document. Drawing functions ask it for ids, so gradients and
 * patterns of several garments in one picture never clash, and identical defs are written once.
 */
export class SvgContext {
  private readonly defs: string[] = [];
  private readonly shared = new Map<string, string>();
  private counter = 0;

  /** A fresh id, unique within this document. */
  id(name: string): string {
    this.counter += 1;
    return `${name}-${this.counter}`;
  }

  /** Adds a definition built from a fresh id and returns `url(#id)`. */
  define(name: string, build: (id: string) => string): string {
    const id = this.id(name);
    this.defs.push(build(id));
    return `url(#${id})`;
  }

  /** Like `define`, but reuses the definition already made under the same key. */
  defineOnce(key: string, build: (id: string) => string): string {
    const existing = this.shared.get(key);
    if (existing) return existing;
    const url = this.define(key.replace(/[^a-z0-9]+/gi, '-').slice(0, 24), build);
    this.shared.set(key, url);
    return url;
  }

  defsMarkup(): string {
    return this.defs.length > 0 ? `<defs>${this.defs.join('')}</defs>` : '';
  }
}

/** Formats a number for path data without long float tails. */
export function n(value: number): string {
  return String(Math.round(value * 100) / 100);
}
