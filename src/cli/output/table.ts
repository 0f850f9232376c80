/**
 * Tables on a terminal: bordered, sized to the width of the terminal. Columns shrink, then
 * the least needed give way (the resource table says which), so that no line is wider than
 * the terminal, down to MIN_TABLE_WIDTH.
 */
import type { Context } from '../../core/index.js';
import type { Column } from '../../spec/resources.js';

/** Narrower terminals get a table this wide; below it a table is no longer readable. */
export const MIN_TABLE_WIDTH = 40;
const FALLBACK_WIDTH = 100;
/** Text columns shrink to this before any column is dropped. */
const MIN_TEXT_WIDTH = 8;

const positive = (n: unknown) => (typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : undefined);

/** `COLUMNS` first (as `ls` reads it), then the terminal's own report; 0 means unknown. */
export function terminalWidth(ctx: Pick<Context, 'stdout' | 'env'>): number {
  const fromEnv = /^[0-9]+$/.test(ctx.env.COLUMNS ?? '') ? positive(Number(ctx.env.COLUMNS)) : undefined;
  return Math.max(MIN_TABLE_WIDTH, fromEnv ?? positive(ctx.stdout.columns) ?? FALLBACK_WIDTH);
}

/** East Asian wide and fullwidth characters take two cells; combining marks none. */
const WIDE = new RegExp(
  String.raw`[\u1100-\u115f\u2e80-\u303e\u3041-\u33ff\u3400-\u4dbf\u4e00-\u9fff\ua000-\ua4cf\uac00-\ud7a3\uf900-\ufaff` +
    String.raw`\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]|[\u{1f300}-\u{1f64f}\u{1f900}-\u{1f9ff}\u{20000}-\u{3fffd}]`,
  'u',
);
// biome-ignore lint/suspicious/noMisleadingCharacterClass: tested one code point at a time (displayWidth), so a combining mark is matched alone
const ZERO_WIDTH = /[\u0300-\u036f\u200b-\u200f\ufe00-\ufe0f]/u;

export function displayWidth(text: string): number {
  let width = 0;
  for (const char of text) width += ZERO_WIDTH.test(char) ? 0 : WIDE.test(char) ? 2 : 1;
  return width;
}

export function truncate(text: string, max: number): string {
  if (displayWidth(text) <= max) return text;
  let out = '';
  for (const char of text) {
    if (displayWidth(out + char) > max - 1) break;
    out += char;
  }
  return `${out}…`;
}

export interface TableLayout {
  /** Indexes of the columns shown, in their order. */
  shown: number[];
  /** Content width of each shown column (borders and padding come on top). */
  widths: number[];
}

/** Borders and one space of padding each side: `│ a │ b │`. */
const frame = (count: number) => 3 * count + 1;

/**
 * Which columns to show and how wide, so that the table fits `width`: text columns shrink
 * (widest first) to MIN_TEXT_WIDTH, then columns with a `dropOrder` give way (lowest first),
 * and as a last resort the widest columns are cut. At each step the record's own name (a text
 * column that never drops: an event's title) gives way last, so that at 60 columns the title
 * keeps what the venue gives up, and it is the last column cut below MIN_TEXT_WIDTH.
 */
export function layoutTable(columns: readonly Column[], cells: string[][], width: number): TableLayout {
  const natural = columns.map((c, i) => Math.max(1, displayWidth(c.header), ...cells.map((row) => displayWidth(row[i]))));
  const floor = columns.map((c, i) => (c.kind === 'date' || c.kind === 'status' ? natural[i] : Math.min(natural[i], MIN_TEXT_WIDTH)));
  let shown = columns.map((_, i) => i);
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  const tooWide = () => sum(shown.map((i) => floor[i])) + frame(shown.length) > width;
  while (tooWide()) {
    const droppable = shown.filter((i) => columns[i].dropOrder !== undefined);
    if (droppable.length === 0) break;
    const first = droppable.reduce((a, b) => (columns[b].dropOrder! < columns[a].dropOrder! ? b : a));
    shown = shown.filter((i) => i !== first);
  }
  const widths = shown.map((i) => natural[i]);
  const limits = shown.map((i) => floor[i]);
  const isName = shown.map((i) => columns[i].kind === 'text' && columns[i].dropOrder === undefined);
  let excess = sum(widths) + frame(shown.length) - width;
  for (const lowest of [limits, limits.map(() => 1)]) {
    for (const names of [false, true]) {
      while (excess > 0) {
        let widest = -1;
        widths.forEach((w, k) => {
          if (isName[k] === names && w > lowest[k] && (widest < 0 || w > widths[widest])) widest = k;
        });
        if (widest < 0) break;
        widths[widest]--;
        excess--;
      }
    }
  }
  return { shown, widths };
}
