/** Week and month grids on hand-made events: piped text at 80 and 200 columns, and where the weeks start. */
import { describe, expect, test } from 'vitest';
import { bucketByDay, toCalendarEvent } from '../../src/core/views/days.js';
import { MONTH_CELL_LINES, monthGridRange, renderGrid, weekGridRange, weekStartOf, type WeekStart } from '../../src/cli/views/grid.js';
import { categoryColour, paint } from '../../src/cli/views/paint.js';

let nextId = 1;
function event(title: string, start: string, end: string, options: { allDay?: boolean; category?: string } = {}) {
  const record = {
    id: nextId++,
    title,
    status: 'publish',
    all_day: options.allDay ?? false,
    start_date: start,
    end_date: end,
    utc_start_date: start,
    utc_end_date: end,
    timezone: 'UTC',
    venue: [],
    categories: options.category ? [{ slug: options.category, name: options.category }] : [],
  };
  return toCalendarEvent(record, 'UTC');
}

const EVENTS = [
  event('Morning Yoga in the Park', '2027-06-07 07:00:00', '2027-06-07 08:00:00', { category: 'wellness' }),
  event('Jazz on the River', '2027-06-09 19:30:00', '2027-06-09 22:00:00', { category: 'jazz' }),
  event('Summer Fair', '2027-06-11 00:00:00', '2027-06-13 23:59:59', { allDay: true }),
  event('Late Show', '2027-06-11 23:00:00', '2027-06-12 01:00:00'),
  ...['Breakfast', 'Briefing', 'Lunch talk', 'Workshop', 'Dinner'].map((title, i) =>
    event(title, `2027-06-16 ${String(8 + 2 * i).padStart(2, '0')}:00:00`, `2027-06-16 ${String(9 + 2 * i).padStart(2, '0')}:00:00`),
  ),
];

function week(width: number, weekStart: WeekStart = 'monday'): string {
  const { from, to } = weekGridRange('2027-06-09', weekStart);
  return renderGrid({ days: bucketByDay(EVENTS, from, to), today: '2027-06-09', title: `Week of ${from}`, width, weekStart, paint: paint(false) });
}

function month(width: number): string {
  const { from, to } = monthGridRange('2027-06-15', 'monday');
  return renderGrid({
    days: bucketByDay(EVENTS, from, to),
    today: '2027-06-09',
    month: '2027-06',
    title: 'June 2027',
    width,
    weekStart: 'monday',
    cellLines: MONTH_CELL_LINES,
    paint: paint(false),
  });
}

const widest = (text: string) =>
  Math.max(
    ...text
      .trimEnd()
      .split('\n')
      .map((line) => [...line].length),
  );

describe('grid', () => {
  test('a week at 80 columns', () => {
    const text = week(80);
    expect(widest(text)).toBe(80);
    expect(text).toMatchSnapshot();
  });

  test('a week at 200 columns', () => {
    const text = week(200);
    expect(widest(text)).toBe(200);
    expect(text).toContain('19:30 Jazz on the River');
    expect(text).toContain('9 today');
    expect(text).toMatchSnapshot();
  });

  test('a month at 80 columns cuts busy days to "+N more"', () => {
    const text = month(80);
    expect(widest(text)).toBe(80);
    expect(text).toContain('+2 more');
    expect(text).not.toContain('Dinner');
    expect(text).toMatchSnapshot();
  });

  test('a month at 200 columns', () => {
    const text = month(200);
    expect(widest(text)).toBe(200);
    expect(text).toMatchSnapshot();
  });

  test('narrower than 80 columns is drawn at 80', () => {
    expect(widest(week(50))).toBe(80);
  });

  test('weeks start on Monday or Sunday; a month grid covers whole weeks', () => {
    expect(weekStartOf('2027-06-09', 'monday')).toBe('2027-06-07');
    expect(weekStartOf('2027-06-09', 'sunday')).toBe('2027-06-06');
    expect(weekStartOf('2027-06-06', 'monday')).toBe('2027-05-31');
    expect(monthGridRange('2027-06-15', 'monday')).toEqual({ from: '2027-05-31', to: '2027-07-04' });
    expect(monthGridRange('2027-02-01', 'sunday')).toEqual({ from: '2027-01-31', to: '2027-03-06' });
    expect(week(80, 'sunday').split('\n')[2]).toMatch(/^│ Sun +│ Mon /);
  });

  test('on a terminal today is highlighted and each category has its own stable colour', () => {
    const { from, to } = weekGridRange('2027-06-09', 'monday');
    const text = renderGrid({ days: bucketByDay(EVENTS, from, to), today: '2027-06-09', title: 'x', width: 120, weekStart: 'monday', paint: paint(true) });
    expect(text).toMatch(/\u001b\[7m 9 today/);
    expect(text).toContain(`\u001b[${categoryColour('jazz')}m19:30 Jazz`);
    expect(categoryColour('jazz')).toBe(categoryColour('jazz'));
    expect(new Set(['jazz', 'wellness', 'music', 'family', 'theatre'].map(categoryColour)).size).toBeGreaterThan(2);
  });
});
