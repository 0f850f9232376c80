/**
 * Series through the library (cal.events with repeat and scope) in-process against a sandbox:
 * the same core calls as `events create --repeat` and `update|delete --series|--following`,
 * the refusals before any request (the sandbox's requests counted), the place of an occurrence.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Calendar, EXIT, type CalendarMessage, type EventRecord } from '../../src/core/index.js';
import { api, calendarFailure as failure, PASSWORD, startTestSandbox, USER, type Sandbox } from './helpers.js';

type Json = Record<string, any>;

let sandbox: Sandbox;
let cal: Calendar;
const messages: CalendarMessage[] = [];

beforeAll(async () => {
  // The site's zone is New York; the series are in Paris, which changes to summer time on 28 March 2027.
  sandbox = await startTestSandbox({ timezone: 'America/New_York' });
  cal = new Calendar({ baseUrl: sandbox.restRoot, username: USER, appPassword: PASSWORD, onMessage: (m) => messages.push(m) });
});

afterAll(async () => {
  await cal?.close();
  await sandbox?.close();
});

const yoga = (title: string) => ({ title, start_date: '2027-03-16 19:00', end_date: '2027-03-16 20:00', timezone: 'Europe/Paris' });

/** The events of a title, as stored, in order. */
async function stored(title: string): Promise<Json[]> {
  const all = (await api<Json[]>(sandbox, 'GET', `events?search=${encodeURIComponent(title)}&start_date=2027-01-01&per_page=50`)).body;
  return (Array.isArray(all) ? all : (all as Json).events).filter((e: Json) => e.title.startsWith(title));
}

describe('cal.events.create with repeat', () => {
  test('one event per occurrence, the same wall-clock time across the change to summer time, except left out; series() says where each stands', async () => {
    const made: EventRecord[] = await cal.events.create(yoga('Lib yoga'), { repeat: 'FREQ=WEEKLY;BYDAY=TU;COUNT=4', except: ['2027-03-23'] });
    expect(made.map((e) => e.start_date)).toEqual(['2027-03-16 19:00:00', '2027-03-30 19:00:00', '2027-04-06 19:00:00']);
    expect(made.map((e) => String(e.utc_start_date).slice(11, 16))).toEqual(['18:00', '17:00', '17:00']);
    expect(made[0].slug).toMatch(/^lib-yoga-series-[0-9a-z]{6}-20270316$/);
    const place = await cal.events.series(made[1].id);
    expect(place).toEqual({ id: String(made[0].slug).slice(-15, -9), rule: 'FREQ=WEEKLY;BYDAY=TU;COUNT=4', position: 3, count: 4 });
    // A record read already: one request, the series' rule.
    const before = sandbox.stats.requests;
    expect((await cal.events.series(made[2]))?.position).toBe(4);
    expect(sandbox.stats.requests - before).toBe(1);
    const single = await cal.events.create({ title: 'Lib single', start_date: '2027-03-16 10:00', end_date: '2027-03-16 11:00' });
    expect(await cal.events.series(single)).toBeUndefined();
  });

  test('dryRun: the occurrences as they would be created, nothing sent', async () => {
    const before = sandbox.stats.requests;
    const planned = await cal.events.create(yoga('Lib plan'), { repeat: 'RRULE:FREQ=DAILY;COUNT=3', dryRun: true });
    expect(planned.map((o) => [o.start_date, o.timezone])).toEqual([
      ['2027-03-16 19:00:00', 'Europe/Paris'],
      ['2027-03-17 19:00:00', 'Europe/Paris'],
      ['2027-03-18 19:00:00', 'Europe/Paris'],
    ]);
    expect(planned[2].slug).toMatch(/^lib-plan-series-[0-9a-z]{6}-20270318$/);
    // The zone was given and no link named: nothing needed asking.
    expect(sandbox.stats.requests - before).toBe(0);
    expect(await stored('Lib plan')).toEqual([]);
  });

  test.each([
    [{ repeat: 'FREQ=FORTNIGHTLY;COUNT=2' }, 'FREQ=FORTNIGHTLY is not one of'],
    [{ repeat: 'FREQ=WEEKLY' }, 'the rule has no end and no cap'],
    [{ repeat: 'FREQ=DAILY;COUNT=501' }, 'gives more than 500 occurrences'],
    [{ repeat: 'FREQ=DAILY;COUNT=11', max: 10 }, 'gives more than 10 occurrences'],
    [{ repeat: 'FREQ=WEEKLY;COUNT=3', except: ['2027-03-17'] }, 'the series has no occurrence then'],
    [{ except: ['2027-03-17'] }, 'except goes with repeat'],
    // A dry run of a single create would otherwise be made for real.
    [{ dryRun: true }, 'dryRun goes with repeat: nothing was sent'],
  ])('%j: CalendarError exit 2, nothing sent', async (options, message) => {
    const before = sandbox.stats.requests;
    const refused = await failure(cal.events.create(yoga('Lib refused'), options as never));
    expect(refused.exitCode).toBe(EXIT.usage);
    expect(refused.message).toContain(message);
    expect(sandbox.stats.requests - before).toBe(0);
  });
});

describe('cal.events.update and delete with a scope', () => {
  test('a dry run without a scope is refused before anything is sent, the event left as it was', async () => {
    const [event] = await cal.events.create(yoga('Lib lone dry run'), { repeat: 'FREQ=WEEKLY;COUNT=1' });
    const before = sandbox.stats.requests;
    const update = await failure(cal.events.update(event.id, { title: 'Lib renamed for real' }, { dryRun: true } as never));
    expect([update.exitCode, update.message, update.hint]).toEqual([
      EXIT.usage,
      'dryRun goes with scope: "series" or scope: "following": nothing was sent',
      'planUpdate gives the plan of a single update.',
    ]);
    const deleted = await failure(cal.events.delete(event.id, { dryRun: true } as never));
    expect([deleted.exitCode, deleted.message]).toEqual([EXIT.usage, 'dryRun goes with scope: "series" or scope: "following": nothing was sent']);
    expect(sandbox.stats.requests - before).toBe(0);
    expect((await cal.events.get(event.id)).title).toBe('Lib lone dry run');
  });

  test('one occurrence (the default) stays in its series; series changes all, following splits off a series of its own', async () => {
    const made = await cal.events.create(yoga('Lib class'), { repeat: 'FREQ=WEEKLY;COUNT=4' });
    const ids = made.map((e) => e.id);
    const one = await cal.events.update(ids[1], { start_date: '2027-03-24 19:00' });
    expect(one.slug).toBe(made[1].slug);
    expect((await cal.events.series(ids[1]))?.position).toBe(2);

    const planned = await cal.events.update(ids[0], { title: 'Lib class' }, { scope: 'series', dryRun: true });
    expect(planned.map((m) => [m.id, m.position])).toEqual(ids.map((id, i) => [id, i + 1]));

    const all = await cal.events.update(ids[0], { start_date: '2027-03-16 18:30' }, { scope: 'series' });
    expect(all.map((e) => e.start_date)).toEqual(['2027-03-16 18:30:00', '2027-03-24 18:30:00', '2027-03-30 18:30:00', '2027-04-06 18:30:00']);

    const later = await cal.events.update(ids[2], { title: 'Lib class late' }, { scope: 'following' });
    expect(later.map((e) => e.id)).toEqual(ids.slice(2));
    const [first, third] = [await cal.events.series(ids[0]), await cal.events.series(ids[2])];
    expect(first).toMatchObject({ position: 1, count: 2, rule: expect.stringContaining('UNTIL=') });
    expect(third).toMatchObject({ position: 1, count: 2, rule: 'FREQ=WEEKLY;COUNT=2' });
    expect(third?.id).not.toBe(first?.id);
    expect((await stored('Lib class')).map((e) => e.title)).toEqual(['Lib class', 'Lib class', 'Lib class late', 'Lib class late']);
  });

  test('a change the core refuses for the occurrence named leaves the rule and every occurrence as they were', async () => {
    // A cost the tribe route would re-format and a map turned off, which tec/v1 would turn on: the safe update refuses each occurrence alike.
    const made = await cal.events.create({ ...yoga('Lib priced'), cost: '5 €', show_map: false, show_map_link: false }, { repeat: 'FREQ=WEEKLY;COUNT=4' });
    const before = await cal.events.series(made[0].id);
    // (A title alone goes by WordPress core's route, which keeps the rest: a meta change is what is refused.)
    const refused = await failure(cal.events.update(made[2].id, { featured: true }, { scope: 'following' }));
    expect(refused.exitCode).toBe(EXIT.usage);
    expect(refused.message).toContain('cost');
    expect(await cal.events.series(made[0].id)).toEqual(before);
    expect((await stored('Lib priced')).map((e) => [e.title, e.slug])).toEqual(made.map((e) => [e.title, e.slug]));
    const forced = await cal.events.update(made[2].id, { featured: true }, { scope: 'following', force: true });
    expect(forced.map((e) => e.featured)).toEqual([true, true]);
  });

  test('delete following ends the series before the occurrence; delete series removes the rest and its rule', async () => {
    const made = await cal.events.create(yoga('Lib gone'), { repeat: 'FREQ=WEEKLY;COUNT=4' });
    const ids = made.map((e) => e.id);
    expect((await cal.events.series(ids[3]))?.id).toBe(String(made[0].slug).slice(-15, -9));
    const before = sandbox.stats.requests;
    const would = await cal.events.delete(ids[2], { scope: 'following', dryRun: true });
    expect(would.map((m) => m.id)).toEqual(ids.slice(2));
    expect((await stored('Lib gone')).length).toBe(4);
    expect(sandbox.stats.requests - before).toBeGreaterThan(0);

    const trashed = await cal.events.delete(ids[2], { scope: 'following' });
    expect(trashed.map((m) => [m.id, m.position])).toEqual([
      [ids[2], 3],
      [ids[3], 4],
    ]);
    expect(await cal.events.series(ids[0])).toMatchObject({ position: 1, count: 2 });
    const rest = await cal.events.delete(ids[1], { scope: 'series' });
    expect(rest.map((m) => m.id)).toEqual(ids.slice(0, 2));
    expect(await stored('Lib gone')).toEqual([]);
    // The rule is gone with its tag.
    const tag = `series-${String(made[0].slug).slice(-15, -9)}`;
    expect((await failure(cal.tags.get(tag))).exitCode).toBe(EXIT.notFound);
  });

  test.each([
    [
      'a delete for good of a scope',
      (id: number) => cal.events.delete(id, { scope: 'series', permanently: true } as never),
      'permanently does not go with scope: "series": occurrences go to the trash',
    ],
    [
      'a scope that is none',
      (id: number) => cal.events.update(id, { title: 'x' }, { scope: 'all' } as never),
      'scope: "all" is not one of occurrence, series, following',
    ],
    [
      'replace with a scope',
      (id: number) => cal.events.update(id, { title: 'x' }, { scope: 'series', replace: true } as never),
      'replace does not go with scope: "series": each occurrence keeps the fields the change leaves out',
    ],
    [
      'links added with a scope',
      (id: number) => cal.events.update(id, {}, { scope: 'following', links: { tags: { add: ['x'] } } } as never),
      'change one occurrence',
    ],
  ])('%s: CalendarError exit 2, nothing sent', async (_what, call, message) => {
    const before = sandbox.stats.requests;
    const refused = await failure(call(1));
    expect(refused.exitCode).toBe(EXIT.usage);
    expect(refused.message).toContain(message);
    expect(sandbox.stats.requests - before).toBe(0);
  });
});
