/** Terminal styles for the views; every function is the identity when colour is off. */

export interface Paint {
  bold(text: string): string;
  dim(text: string): string;
  inverse(text: string): string;
  /** The colour of a category: the same slug always gets the same colour. */
  category(slug: string, text: string): string;
}

const CATEGORY_COLOURS = [31, 32, 33, 34, 35, 36, 91, 92, 93, 94, 95, 96];

/** FNV-1a: a small hash that spreads similar slugs over the palette. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

export function categoryColour(slug: string): number {
  return CATEGORY_COLOURS[hash(slug) % CATEGORY_COLOURS.length];
}

const plain = (text: string) => text;

export function paint(color: boolean): Paint {
  if (!color) return { bold: plain, dim: plain, inverse: plain, category: (_, text) => text };
  return {
    bold: (t) => `\u001b[1m${t}\u001b[22m`,
    dim: (t) => `\u001b[2m${t}\u001b[22m`,
    inverse: (t) => `\u001b[7m${t}\u001b[27m`,
    category: (slug, t) => `\u001b[${categoryColour(slug)}m${t}\u001b[39m`,
  };
}
