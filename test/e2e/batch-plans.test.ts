/**
 * A batch's dry run is a list of per-row plans (issue 36): `import --dry-run --format json` gives
 * each row's outcome with the WritePlan the planner made, and the real run then sends exactly
 * those writes (counted on the sandbox), for a file import by slug and for an iCalendar sync.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { created, useSite } from './helpers.js';

type Json = Record<string, any>;

const site = useSite();

const file = (name: string, text: string) => {
  const path = join(site.home.home, name);
  writeFileSync(path, text);
  return path;
};
const ndjson = (records: Json[]) => `${records.map((r) => JSON.stringify(r)).join('\n')}\n`;

/** A weekly series of `count` evening events from `day`: the IDs of its occurrences. */
async function weekly(title: string, day: string, count: number): Promise<number[]> {
  const range = ['--start-date', `${day} 18:00`, '--end-date', `${day} 19:00`];
  const made = await site.cli(['events', 'create', '--title', title, ...range, '--repeat', `FREQ=WEEKLY;COUNT=${count}`, '--format', 'json']);
  expect(made.code, made.stderr).toBe(0);
  return (JSON.parse(made.stdout) as Json[]).map((e) => e.id as number);
}

/** The plans a command's dry run prints (nothing written), then the real run, which must send as many writes as planned. */
async function plannedThenSent(args: string[], realExtra: string[] = []): Promise<Json[]> {
  const writes = site.sandbox.stats.writes;
  const dry = await site.cli([...args, '--dry-run', '--format', 'json']);
  expect(dry.code, dry.stderr).toBe(0);
  expect(site.sandbox.stats.writes).toBe(writes);
  const plans = JSON.parse(dry.stdout) as Json[];
  const real = await site.cli([...args, ...realExtra]);
  expect(real.code, real.stderr).toBe(0);
  expect(site.sandbox.stats.writes - writes).toBe(plans.flatMap((plan) => plan.requests).length);
  return plans;
}

/** Runs the import dry and for real, checking that the real run sends the planned writes and says the same plans. */
async function dryThenReal(args: string[]): Promise<Json[]> {
  const writes = site.sandbox.stats.writes;
  const dry = await site.cli([...args, '--dry-run', '--format', 'json']);
  expect(dry.code, dry.stderr).toBe(0);
  expect(site.sandbox.stats.writes).toBe(writes);
  const planned = JSON.parse(dry.stdout) as Json;
  expect(planned.dry_run).toBe(true);
  const plannedWrites = planned.rows.reduce((n: number, row: Json) => n + (row.plan?.requests.length ?? 0), 0);
  const real = await site.cli([...args, '--format', 'json', '--yes']);
  expect(real.code, real.stderr).toBe(0);
  expect(site.sandbox.stats.writes - writes).toBe(plannedWrites);
  const done = JSON.parse(real.stdout) as Json;
  expect(done.rows.map((row: Json) => [row.result, row.plan])).toEqual(planned.rows.map((row: Json) => [row.result, row.plan]));
  return planned.rows;
}

describe('a batch dry run plans each row as the real run sends it', () => {
  test('import --upsert-by slug: a create, an update of a post field and a meta field, an unchanged row', async () => {
    const event = (slug: string, title: string, extra: Json = {}) => ({
      title,
      slug,
      start_date: '2027-09-01 10:00:00',
      end_date: '2027-09-01 12:00:00',
      show_map: true,
      show_map_link: true,
      ...extra,
    });
    await created(site.sandbox, 'events', event('plan-kept', 'Kept & “same”'));
    await created(site.sandbox, 'events', event('plan-changed', 'Changed night', { cost: '€10 – €30' }));
    const path = file(
      'events.ndjson',
      ndjson([
        event('plan-kept', 'Kept & “same”'),
        event('plan-changed', 'Changed <3 night', { cost: '€10 – €30', featured: true }),
        event('plan-new', 'New <strong>night</strong>'),
      ]),
    );
    const rows = await dryThenReal(['import', 'events', path, '--upsert-by', 'slug']);
    expect(rows.map((row) => row.result)).toEqual(['unchanged', 'updated', 'created']);
    expect(rows[0].plan).toBeUndefined();
    expect(rows[1].plan).toMatchObject({ action: 'update', resource: 'events', id: rows[1].id });
    expect(rows[1].plan.requests.map((r: Json) => [r.route, r.method, r.fields])).toEqual([
      ['core', 'POST', ['title']],
      ['tec', 'PATCH', ['featured']],
    ]);
    expect(rows[2].plan).toMatchObject({ action: 'create', requests: [{ route: 'tribe', method: 'POST', path: 'events' }] });
    // The human form stays one line a row.
    const human = await site.cli(['import', 'events', path, '--upsert-by', 'slug', '--dry-run']);
    expect(human.stdout).not.toContain('{');
  });

  test('events create --repeat: the series tag and each occurrence, as the real run creates them', async () => {
    const args = ['events', 'create', '--title', 'Plan yoga & tea', '--start-date', '2027-05-04 07:00', '--end-date', '2027-05-04 08:00'];
    const repeat = ['--repeat', 'FREQ=WEEKLY;COUNT=3', '--timezone', 'Europe/Paris'];
    const writes = site.sandbox.stats.writes;
    const dry = await site.cli([...args, ...repeat, '--dry-run', '--format', 'json']);
    expect(dry.code, dry.stderr).toBe(0);
    expect(site.sandbox.stats.writes).toBe(writes);
    const plans = JSON.parse(dry.stdout) as Json[];
    const planned = plans.flatMap((plan) => plan.requests);
    expect(planned.map((r: Json) => [r.method, r.path])).toEqual([['POST', 'tags'], ...Array(3).fill(['POST', 'events'])]);
    const real = await site.cli([...args, ...repeat, '--format', 'json']);
    expect(real.code, real.stderr).toBe(0);
    expect(site.sandbox.stats.writes - writes).toBe(planned.length);
    const made = JSON.parse(real.stdout) as Json[];
    // The series' id is drawn anew each run: the occurrences are the planned ones but for it.
    const shape = (slug: string) => slug.replace(/-series-[0-9a-z]{6}-/, '-series-*-');
    expect(made.map((e) => [shape(e.slug), e.start_date])).toEqual(planned.slice(1).map((r: Json) => [shape(r.body.slug), r.body.start_date]));
  });

  test('events delete --following: each occurrence to the trash, then the rule ended, as planned', async () => {
    const ids = await weekly('Plan choir', '2027-06-01', 4);
    const plans = await plannedThenSent(['events', 'delete', String(ids[2]), '--following'], ['--yes']);
    expect(plans.map((p) => [p.action, p.resource, p.id])).toEqual([
      ['delete', 'events', ids[2]],
      ['delete', 'events', ids[3]],
      ['update', 'tags', expect.any(Number)],
    ]);
    const { description } = plans[2].requests[0].body;
    expect(description).toContain('UNTIL');
    const tag = (await site.cli(['tags', 'get', String(plans[2].id), '--format', 'json'])).stdout;
    expect(JSON.parse(tag).description).toBe(description);
  });

  test('events update --series: each occurrence by the planner, the rule moved with the new time, as planned', async () => {
    const ids = await weekly('Plan band', '2027-07-01', 3);
    const change = ['events', 'update', String(ids[1]), '--series', '--title', 'Plan band & “friends”', '--start-date', '2027-07-08 18:30'];
    const plans = await plannedThenSent(change, ['--yes']);
    // The target first, then the rule, then the other occurrences in order.
    expect(plans.map((p) => [p.action, p.resource, p.id])).toEqual([
      ['update', 'events', ids[1]],
      ['update', 'tags', expect.any(Number)],
      ['update', 'events', ids[0]],
      ['update', 'events', ids[2]],
    ]);
  });

  test('an iCalendar sync: the update and the trash of a cancelled event are planned rows', async () => {
    const vevent = (uid: string, lines: string[]) => ['BEGIN:VEVENT', `UID:${uid}`, 'DTSTAMP:20261101T000000Z', ...lines, 'END:VEVENT'];
    const feed = (...events: string[][]) => ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//plan//EN', ...events.flat(), 'END:VCALENDAR', ''].join('\r\n');
    const talk = (title: string) => vevent('talk@plan.test', [`SUMMARY:${title}`, 'DTSTART:20270115T190000Z', 'DTEND:20270115T203000Z']);
    const fair = (...extra: string[]) => vevent('fair@plan.test', ['SUMMARY:Fair', 'DTSTART:20270206T150000Z', 'DTEND:20270206T170000Z', ...extra]);
    const first = await dryThenReal(['import', 'events', file('feed.ics', feed(talk('Talk'), fair()))]);
    expect(first.map((row) => [row.result, row.plan?.action])).toEqual([
      ['created', 'create'],
      ['created', 'create'],
    ]);
    const second = await dryThenReal(['import', 'events', file('feed.ics', feed(talk('Talk & “more”'), fair('STATUS:CANCELLED')))]);
    expect(second.map((row) => [row.result, row.plan?.action, row.plan?.requests.map((r: Json) => r.method)])).toEqual([
      ['updated', 'update', ['POST']],
      ['trashed', 'delete', ['DELETE']],
    ]);
  });
});
