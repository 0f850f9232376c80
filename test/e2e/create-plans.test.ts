/**
 * No hidden follow-up (issue 36): what a create sends after its POST is a request of its plan,
 * the same in the dry run and the real run, and `apply --dry-run` gives each change's plan.
 * An event's zero cost, which the create route drops, is stored by a planned update; a venue's
 * slug, which the create route takes from the name, by a planned update sent only when the
 * answer has another slug. Each real run sends exactly the planned requests (counted on the sandbox).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { resources } from '../../src/spec/resources.js';
import { createRecord } from '../../src/core/records/verbs.js';
import { createRecord as createRow } from '../../src/core/bulk/writes.js';
import { planCreateOn } from '../../src/core/write/execute.js';
import { api, coreClient, created, useSite } from './helpers.js';

type Json = Record<string, any>;

const site = useSite();
const quiet = { notice: () => {}, warn: () => {}, info: () => {} } as never;

const library = () => coreClient(site.sandbox);

/** The library's dry run and real run of a create: the same plan, and as many writes as it has requests. */
async function createdAsPlanned(resource: (typeof resources)[keyof typeof resources], fields: Json): Promise<{ plan: Json; record: Json }> {
  const client = library();
  try {
    const access = { client, messages: quiet };
    const writes = site.sandbox.stats.writes;
    const dry = await createRecord(access, resource, fields, { dryRun: true });
    expect(site.sandbox.stats.writes).toBe(writes);
    const real = await createRecord(access, resource, fields);
    expect(real.plan).toEqual(dry.planned);
    expect(site.sandbox.stats.writes - writes).toBe(dry.planned!.requests.length);
    return { plan: dry.planned as Json, record: real.record as Json };
  } finally {
    await client.close();
  }
}

describe('a create and its follow-ups are one plan', () => {
  test('an event with a zero cost: the POST, then the update that stores the cost, by tec/v1', async () => {
    const { plan, record } = await createdAsPlanned(resources.events, {
      title: 'Zero & “free” night',
      start_date: '2027-10-02 19:00:00',
      end_date: '2027-10-02 21:00:00',
      cost: '0',
    });
    expect(plan.requests.map((r: Json) => [r.route, r.method, r.path, r.fields])).toEqual([
      ['tribe', 'POST', 'events', expect.arrayContaining(['title', 'cost'])],
      ['tec', 'PATCH', '/tec/v1/events/{id}', ['cost']],
    ]);
    // Sent the event's dates, as every tec/v1 update of an event is, and the comment status as stored.
    expect(plan.requests[1].body).toMatchObject({ cost: '0', start_date: '2027-10-02 19:00:00', comment_status: 'closed' });
    const stored = (await api<Json>(site.sandbox, 'GET', `events/${record.id}`)).body;
    expect(stored.cost_details.values).toEqual(['0']);
  });

  test('a venue keyed by a slug (import, apply): the POST, then the slug by the core route, as the site gave it the name’s', async () => {
    const client = library();
    try {
      const body = { venue: 'Plan Hall One', city: 'Lyon' };
      const writes = site.sandbox.stats.writes;
      const dry = await planCreateOn(client, resources.venues, body, 'p-plan-hall');
      expect(site.sandbox.stats.writes).toBe(writes);
      expect(dry.requests.map((r) => [r.route, r.method, r.path, r.body, r.when])).toEqual([
        ['tribe', 'POST', 'venues', body, undefined],
        ['core', 'POST', '/wp/v2/tribe_venue/{id}', { slug: 'p-plan-hall' }, { field: 'slug', isNot: 'p-plan-hall' }],
      ]);
      const real = await createRow(client, resources.venues, body, undefined, { slug: 'p-plan-hall' });
      expect(real.plan).toEqual(dry);
      expect(site.sandbox.stats.writes - writes).toBe(2);
      expect(real.record.slug).toBe('p-plan-hall');
      expect((await api<Json>(site.sandbox, 'GET', `venues/${real.record.id}`)).body.slug).toBe('p-plan-hall');
      // A slug the site gives anyway (its name's): the follow-up is planned, and not sent.
      const named = await createRow(client, resources.venues, { venue: 'Plan Hall Two' }, undefined, { slug: 'plan-hall-two' });
      expect(named.plan.requests.map((r) => r.when?.field)).toEqual([undefined, 'slug']);
      expect(site.sandbox.stats.writes - writes).toBe(3);
    } finally {
      await client.close();
    }
  });

  test('events create --cost 0 --dry-run prints both requests, the follow-up said as such', async () => {
    const args = ['events', 'create', '--title', 'Dry zero', '--start-date', '2027-10-03 19:00', '--end-date', '2027-10-03 20:00', '--cost', '0'];
    const writes = site.sandbox.stats.writes;
    const json = await site.cli([...args, '--dry-run', '--format', 'json']);
    expect(json.code, json.stderr).toBe(0);
    expect((JSON.parse(json.stdout) as Json).requests.map((r: Json) => `${r.method} ${r.path}`)).toEqual(['POST events', 'PATCH /tec/v1/events/{id}']);
    const text = await site.cli([...args, '--dry-run']);
    expect(text.stdout).toMatch(/\n# then, to the record created \(\{id\}: its ID\):\nPATCH http:\/\/[^\n]+\/tec\/v1\/events\/\{id\}\?context=edit\n/);
    const real = await site.cli(args);
    expect(real.code, real.stderr).toBe(0);
    expect(site.sandbox.stats.writes - writes).toBe(2);
  });
});

test('a series with a zero cost: each occurrence its POST and its cost update, as planned and sent', async () => {
  const args = ['events', 'create', '--title', 'Free series', '--start-date', '2027-10-04 19:00', '--end-date', '2027-10-04 20:00'];
  const repeat = [...args, '--cost', '0', '--repeat', 'FREQ=DAILY;COUNT=2'];
  const writes = site.sandbox.stats.writes;
  const dry = await site.cli([...repeat, '--dry-run', '--format', 'json']);
  expect(dry.code, dry.stderr).toBe(0);
  const planned = (JSON.parse(dry.stdout) as Json[]).flatMap((plan) => plan.requests.map((r: Json) => `${r.method} ${r.path}`));
  expect(planned).toEqual(['POST tags', 'POST events', 'PATCH /tec/v1/events/{id}', 'POST events', 'PATCH /tec/v1/events/{id}']);
  const real = await site.cli([...repeat, '--format', 'json']);
  expect(real.code, real.stderr).toBe(0);
  expect(site.sandbox.stats.writes - writes).toBe(planned.length);
  expect((JSON.parse(real.stdout) as Json[]).map((event) => event.cost_details.values)).toEqual([['0'], ['0']]);
});

describe('apply --dry-run gives each change its plan, the one the real run sends', () => {
  test('a venue to create (slug follow-up), an event with a zero cost, an update: same plans, exactly the planned writes, then none', async () => {
    const venue = await created(site.sandbox, 'venues', { venue: 'P Apply Old Hall' });
    const slugOf = (await api<Json>(site.sandbox, 'GET', `venues/${venue}`)).body.slug as string;
    await created(site.sandbox, 'events', {
      title: 'P Apply kept',
      slug: 'p-apply-kept',
      start_date: '2027-11-05 18:00:00',
      end_date: '2027-11-05 19:00:00',
      venue,
      show_map: true,
      show_map_link: true,
    });
    const file = join(site.home.home, 'p-site.yaml');
    writeFileSync(
      file,
      [
        'venues:',
        `  ${slugOf}:`,
        '    venue: P Apply Old Hall',
        '  p-new-hall:',
        '    venue: P Apply New Hall',
        '    city: Lyon',
        'events:',
        '  p-apply-kept:',
        '    title: P Apply kept & “renamed”',
        '    start_date: 2027-11-05 18:00:00',
        '    end_date: 2027-11-05 19:00:00',
        `    venue: ${slugOf}`,
        '    featured: true',
        '  p-apply-free:',
        '    title: P Apply free',
        '    start_date: 2027-11-06 18:00:00',
        '    end_date: 2027-11-06 19:00:00',
        `    venue: ${slugOf}`,
        "    cost: '0'",
        '',
      ].join('\n'),
    );
    const writes = site.sandbox.stats.writes;
    const dry = await site.cli(['apply', file, '--dry-run', '--format', 'json']);
    expect(dry.code, dry.stderr).toBe(0);
    expect(site.sandbox.stats.writes).toBe(writes);
    const planned = JSON.parse(dry.stdout) as Json;
    const requests = (data: Json) => data.changes.map((c: Json) => [c.action, c.slug, c.plan.requests.map((r: Json) => `${r.method} ${r.path}`)]);
    expect(requests(planned)).toEqual([
      ['create', 'p-new-hall', ['POST venues', 'POST /wp/v2/tribe_venue/{id}']],
      ['create', 'p-apply-free', ['POST events', 'PATCH /tec/v1/events/{id}']],
      ['update', 'p-apply-kept', [`POST /wp/v2/tribe_events/${planned.changes[2].id}`, `PATCH /tec/v1/events/${planned.changes[2].id}`]],
    ]);
    const text = await site.cli(['apply', file, '--dry-run']);
    expect(text.stdout).toContain('    POST /wp/v2/tribe_venue/{id} slug, if the site gives another slug than "p-new-hall"\n');
    expect(text.stdout).toContain('    PATCH /tec/v1/events/{id} cost\n');

    const real = await site.cli(['apply', file, '--format', 'json']);
    expect(real.code, real.stderr).toBe(0);
    const done = JSON.parse(real.stdout) as Json;
    expect(done.changes.map((c: Json) => c.plan)).toEqual(planned.changes.map((c: Json) => c.plan));
    const plannedWrites = planned.changes.reduce((n: number, c: Json) => n + c.plan.requests.length, 0);
    expect(site.sandbox.stats.writes - writes).toBe(plannedWrites);

    const again = await site.cli(['apply', file, '--format', 'json']);
    expect(again.code, again.stderr).toBe(0);
    expect((JSON.parse(again.stdout) as Json).changes).toEqual([]);
    expect(site.sandbox.stats.writes - writes).toBe(plannedWrites);
  });
});
