/** `calendar week [DATE]` and `calendar month [DATE]`: the events as a grid of days. */
import type { Invocation } from '../runner.js';
import { bucketByDay, type Context, dayOf, UsageError } from '../../../core/index.js';
import { MIN_GRID_WIDTH, MONTH_CELL_LINES, monthGridRange, renderGrid, weekGridRange, type WeekStart } from '../../views/grid.js';
import { renderAgenda } from '../../views/agenda.js';
import { paint } from '../../views/paint.js';
import { terminalWidth } from '../../output/table.js';
import { fetchViewEvents, type ViewFlags } from './fetch.js';

const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

export async function runGrid(kind: 'week' | 'month', inv: Invocation<ViewFlags & { width?: string; weekStart?: string }>, dateArg?: string): Promise<void> {
  const prepared = inv.prepare(undefined, true);
  const opts = inv.opts;
  const weekStart = weekStartFrom(opts.weekStart, inv.ctx);
  const width = gridWidth(opts.width, inv.ctx);
  // A terminal narrower than the grid (a phone's, a split pane) gets the days as a list: a grid
  // drawn wider than the screen wraps into noise. --width draws the grid anyway.
  const columns = opts.width === undefined ? terminalWidth(inv.ctx) : 0;
  const asList = columns > 0 && columns < MIN_GRID_WIDTH;
  // A month is most naturally named as one: `calendar month 2027-06`.
  const monthNamed = kind === 'month' && dateArg !== undefined ? /^(\d{4})-(\d{1,2})$/.exec(dateArg.trim()) : null;
  if (monthNamed && (Number(monthNamed[2]) < 1 || Number(monthNamed[2]) > 12)) {
    throw new UsageError(`DATE: "${dateArg}" is not a month`, 'Give the month as YYYY-MM (2027-06), or a day in it.');
  }
  const fixed = dateArg === undefined ? undefined : monthNamed ? `${monthNamed[1]}-${monthNamed[2].padStart(2, '0')}-01` : dayOf(dateArg, 'DATE');
  let anchor = '';
  const view = await fetchViewEvents(
    prepared,
    inv.ctx,
    opts,
    (today) => {
      anchor = fixed ?? today;
      return kind === 'week' ? weekGridRange(anchor, weekStart) : monthGridRange(anchor, weekStart);
    },
    { asData: true },
  );
  if (view.written) return;
  const month = kind === 'month' ? anchor.slice(0, 7) : undefined;
  const title = month ? `${MONTH_NAMES[Number(month.slice(5)) - 1]} ${month.slice(0, 4)}` : `Week of ${view.from}`;
  const color = paint(prepared.output.color);
  if (asList) {
    const [from, to] = month ? [`${month}-01`, lastDayOf(month)] : [view.from, view.to];
    const days = renderAgenda(bucketByDay(view.events, from, to), view.today, color);
    inv.ctx.stdout.write(`${color.bold(`${title}  (${view.zone})`)}\n\n${days || 'No events.\n'}`);
    prepared.ui.notice(
      `the terminal is ${columns} columns wide, the grid needs ${MIN_GRID_WIDTH}: the ${kind} is listed by day (--width ${MIN_GRID_WIDTH} draws the grid)`,
    );
    return;
  }
  inv.ctx.stdout.write(
    renderGrid({
      days: bucketByDay(view.events, view.from, view.to),
      today: view.today,
      month,
      title: `${title}  (${view.zone})`,
      width,
      weekStart,
      cellLines: kind === 'month' ? MONTH_CELL_LINES : undefined,
      paint: color,
    }),
  );
}

/** The last day of a month given as YYYY-MM. */
function lastDayOf(month: string): string {
  const [year, number] = month.split('-').map(Number);
  return `${month}-${String(new Date(Date.UTC(year, number, 0)).getUTCDate()).padStart(2, '0')}`;
}

function gridWidth(flag: string | undefined, ctx: Context): number {
  if (flag === undefined) return Math.max(MIN_GRID_WIDTH, terminalWidth(ctx));
  if (!/^\d+$/.test(flag) || Number(flag) < MIN_GRID_WIDTH) throw new UsageError(`--width: "${flag}" is not a number of columns of at least ${MIN_GRID_WIDTH}`);
  return Number(flag);
}

/** `--week-start`, else Sunday where the locale's calendar starts the week then (en-US and others), else Monday. */
export function weekStartFrom(flag: string | undefined, ctx: Context): WeekStart {
  if (flag !== undefined) {
    // A day's first letters are enough: mon, sun, su.
    const value = flag.toLowerCase();
    const day = (['monday', 'sunday'] as const).find((name) => value.length >= 2 && name.startsWith(value));
    if (!day) throw new UsageError(`--week-start: "${flag}" is not monday or sunday`);
    return day;
  }
  return localeStartsOnSunday(ctx.env) ? 'sunday' : 'monday';
}

/** The locale from LC_ALL, LC_TIME or LANG (`en_US.UTF-8`); Intl's week data says where weeks start. */
function localeStartsOnSunday(env: Record<string, string | undefined>): boolean {
  const raw = env.LC_ALL || env.LC_TIME || env.LANG;
  if (!raw || raw === 'C' || raw === 'POSIX') return false;
  try {
    const locale = new Intl.Locale(raw.split('.')[0].replace('_', '-')) as Intl.Locale & {
      weekInfo?: { firstDay: number };
      getWeekInfo?: () => { firstDay: number };
    };
    const info = locale.getWeekInfo?.() ?? locale.weekInfo;
    return info?.firstDay === 7;
  } catch {
    return false;
  }
}
