/**
 * Week and month grids: 7 columns of days, like `cal` with the events written in. Each
 * cell lists its events as `time title`, cut with an ellipsis, and `+N more` when they do
 * not all fit in the cell's lines.
 */
import { displayWidth, truncate } from '../output/table.js';
import { addDays } from '../../base/time.js';
import { type DayEntry, markedTitle } from '../../core/index.js';
import type { Paint } from './paint.js';

export type WeekStart = 'monday' | 'sunday';

export const MIN_GRID_WIDTH = 80;
/** Event lines a month cell holds at most (a week cell holds as many as its busiest day needs). */
export const MONTH_CELL_LINES = 4;

const MONTH_ABBREVIATIONS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

export interface GridOptions {
  /** The days shown, a whole number of weeks starting on the week's first day. */
  days: Map<string, DayEntry[]>;
  today: string;
  /** The month shown; days outside it are dimmed. Undefined for a week. */
  month?: string;
  /** First line, above the grid: `June 2027`, `Week of 2027-06-07`. */
  title: string;
  width: number;
  weekStart: WeekStart;
  /** Event lines per cell; undefined lets every cell show all its events. */
  cellLines?: number;
  paint: Paint;
}

/** The first day of the week holding `date`. */
export function weekStartOf(date: string, weekStart: WeekStart): string {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  const back = weekStart === 'monday' ? (weekday + 6) % 7 : weekday;
  return addDays(date, -back);
}

/** The days a month grid shows: whole weeks from the one holding the 1st to the one holding the last day. */
export function monthGridRange(date: string, weekStart: WeekStart): { from: string; to: string } {
  const first = `${date.slice(0, 7)}-01`;
  const nextMonth = new Date(Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)), 1)).toISOString().slice(0, 10);
  const last = addDays(nextMonth, -1);
  return { from: weekStartOf(first, weekStart), to: addDays(weekStartOf(last, weekStart), 6) };
}

export function weekGridRange(date: string, weekStart: WeekStart): { from: string; to: string } {
  const from = weekStartOf(date, weekStart);
  return { from, to: addDays(from, 6) };
}

/** The day of the month, with the month's name on the grid's first day and on each 1st: `31 May`, `1 Jun`, `2`. */
function dayLabel(date: string, firstOfGrid: boolean): string {
  const day = Number(date.slice(8));
  return firstOfGrid || day === 1 ? `${day} ${MONTH_ABBREVIATIONS[Number(date.slice(5, 7)) - 1]}` : String(day);
}

/** `09:00 Title` (`09:00 ↻ Title` for an occurrence of a series); `… Title` on the last day of an event that began before; the title alone for a whole day. */
function cellEntry(entry: DayEntry): string {
  const time = entry.from ?? (entry.to !== undefined ? '…' : undefined);
  const title = markedTitle(entry.event.title, entry.event.record.slug);
  return time ? `${time} ${title}` : title;
}

function fit(text: string, width: number): string {
  const cut = truncate(text, width);
  return cut + ' '.repeat(Math.max(0, width - displayWidth(cut)));
}

/** The lines of one cell, each `width` wide, uncoloured, with the colour to paint each. */
function cellLines(entries: DayEntry[], width: number, lines: number | undefined): Array<{ text: string; slug?: string }> {
  const room = lines === undefined || entries.length <= lines ? entries.length : lines - 1;
  const out: Array<{ text: string; slug?: string }> = entries
    .slice(0, room)
    .map((e) => ({ text: fit(cellEntry(e), width), slug: e.event.categories[0]?.slug }));
  if (room < entries.length) out.push({ text: fit(`+${entries.length - room} more`, width) });
  return out;
}

export function renderGrid(options: GridOptions): string {
  const { paint } = options;
  const width = Math.max(MIN_GRID_WIDTH, options.width);
  // Seven cells and eight borders; the spare columns widen the first cells.
  const inner = width - 8;
  const cellWidths = Array.from({ length: 7 }, (_, i) => Math.floor(inner / 7) + (i < inner % 7 ? 1 : 0));
  const dates = [...options.days.keys()];
  const border = (left: string, mid: string, right: string) => left + cellWidths.map((w) => '─'.repeat(w)).join(mid) + right;
  const row = (cells: string[]) => `│${cells.join('│')}│`;
  const firstWeekday = WEEKDAY_NAMES.indexOf(options.weekStart === 'monday' ? 'Monday' : 'Sunday');
  // Full weekday names need a space either side of `Wednesday`; narrower cells get `Wed`.
  const weekday = (i: number) => WEEKDAY_NAMES[(firstWeekday + i) % 7].slice(0, Math.min(...cellWidths) >= 11 ? undefined : 3);
  const header = cellWidths.map((w, i) => fit(` ${weekday(i)}`, w));
  const out = [options.title, border('┌', '┬', '┐'), row(header), border('├', '┼', '┤')];
  for (let week = 0; week < dates.length; week += 7) {
    const days = dates.slice(week, week + 7);
    const cells = days.map((date, i) => cellLines(options.days.get(date)!, cellWidths[i] - 1, options.cellLines));
    const height = Math.max(1, ...cells.map((c) => c.length));
    const dayLabels = days.map((date, i) => {
      const label = fit(` ${dayLabel(date, week + i === 0)}${date === options.today ? ' today' : ''}`, cellWidths[i]);
      if (date === options.today) return paint.inverse(label);
      return options.month && date.slice(0, 7) !== options.month ? paint.dim(label) : paint.bold(label);
    });
    out.push(row(dayLabels));
    for (let line = 0; line < height; line++) {
      out.push(
        row(
          cells.map((cell, i) => {
            const item = cell[line];
            if (!item) return ' '.repeat(cellWidths[i]);
            return ` ${item.slug ? paint.category(item.slug, item.text) : item.text}`;
          }),
        ),
      );
    }
    out.push(week + 7 < dates.length ? border('├', '┼', '┤') : border('└', '┴', '┘'));
  }
  return `${out.join('\n')}\n`;
}
