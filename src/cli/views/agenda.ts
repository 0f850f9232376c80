/** The agenda as text: a heading per day with events, one line per event on that day. */
import { type DayEntry, entryMarks, markedTitle, timeSpan } from '../../core/index.js';
import type { Paint } from './paint.js';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

export function weekdayOf(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

/** `Mon 2027-06-07`. */
export function dayHeading(date: string): string {
  return `${WEEKDAYS[weekdayOf(date)]} ${date}`;
}

/** `10:00–11:00  Title  @ Venue  [music, jazz]  (day 2/3, draft)`; `↻ Title` for an occurrence of a series. */
export function agendaLine(entry: DayEntry, paint: Paint): string {
  const { event } = entry;
  const parts = [timeSpan(entry).padEnd(11), markedTitle(event.title, event.record.slug)];
  if (event.venue) parts.push(`@ ${event.venue}`);
  if (event.categories.length) parts.push(`[${event.categories.map((c) => paint.category(c.slug, c.name || c.slug)).join(', ')}]`);
  const marks = entryMarks(entry);
  if (marks.length) parts.push(`(${marks.join(', ')})`);
  const line = parts.join('  ');
  return event.status === 'publish' ? line : paint.dim(line);
}

/** Days without events are left out; today's heading says so. */
export function renderAgenda(days: Map<string, DayEntry[]>, today: string, paint: Paint): string {
  const blocks: string[] = [];
  for (const [date, entries] of days) {
    if (entries.length === 0) continue;
    const heading = paint.bold(`${dayHeading(date)}${date === today ? '  (today)' : ''}`);
    blocks.push([heading, ...entries.map((e) => `  ${agendaLine(e, paint)}`)].join('\n'));
  }
  return blocks.length ? `${blocks.join('\n\n')}\n` : '';
}
