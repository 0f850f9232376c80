/** `calendar events edit` on a pseudo-terminal, with a fake $EDITOR that changes, breaks, fixes or keeps the form. */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { api, created, useSite } from './helpers.js';
import { pythonExecutable, runOnTerminal, writePtyHelper } from './terminal.js';

const site = useSite({ timezone: 'UTC' });
let ptyHelper: string;
let editor: string;
let links: { venue: number; organizer: number; category: number };

/** The editor: saves what it was given to SEEN (one file per run), then edits as FAKE_EDIT says. In Python, which starts in a tenth of Node's time. */
const FAKE_EDITOR = `
import os, re, sys
path = sys.argv[1]
text = open(path, encoding='utf-8').read()
run = int(open(os.environ['RUNS']).read() or '0') + 1
open(os.environ['RUNS'], 'w').write(str(run))
open(os.environ['SEEN'], 'a', encoding='utf-8').write('=== run %d\\n' % run + text)
mode = os.environ['FAKE_EDIT']
def save(new):
    open(path, 'w', encoding='utf-8').write(new)
def line(key, value):
    return re.sub('^' + key + ': .*$', value, text, count=1, flags=re.M)
if mode == 'rename': save(line('title', 'title: Renamed In Editor'))
if mode == 'break-then-fix':
    save(line('title', 'title: Fixed Title') + 'cost: [unclosed\\n' if run == 1 else re.sub(r'^cost: \\[unclosed$', '', text, count=1, flags=re.M))
if mode == 'empty': save('')
if mode == 'move-start': save(line('start_date', 'start_date: 2027-06-01 11:00:00'))
# A change the update refuses, then the form emptied (the person gives up): the edits were shown again first.
if mode == 'feature-then-empty': save(line('featured', '') + 'featured: true\\n' if run == 1 else '')
if mode == 'take-name-then-empty': save(line('venue', 'venue: Taken Edit Hall') if run == 1 else '')
`;

function edit(args: string[], mode: string) {
  const runs = join(site.home.home, `runs-${mode}`);
  const seen = join(site.home.home, `seen-${mode}`);
  writeFileSync(runs, '');
  writeFileSync(seen, '');
  return runOnTerminal(ptyHelper, args, site.env, {
    EDITOR: `${pythonExecutable()} ${editor}`,
    VISUAL: undefined,
    FAKE_EDIT: mode,
    RUNS: runs,
    SEEN: seen,
  }).then((res) => ({
    ...res,
    seen: readFileSync(seen, 'utf8'),
    runs: Number(readFileSync(runs, 'utf8')),
  }));
}

const getEvent = async (eventId: number) => (await api<Record<string, unknown>>(site.sandbox, 'GET', `events/${eventId}`)).body;
/** An event of the test's own, linked to the shared venue, organizer and category, for it to edit. */
const ownEvent = () =>
  created(site.sandbox, 'events', {
    title: 'Original Title',
    start_date: '2027-06-01 10:00:00',
    end_date: '2027-06-01 12:00:00',
    venue: links.venue,
    organizer: [links.organizer],
    categories: [links.category],
    cost: '15',
    description: '<p>Line one</p>\n<p>Line two</p>',
    // Its map on: tec/v1, which keeps the cost as typed, takes the edit (it would turn an off map on).
    show_map: true,
    show_map_link: true,
  });
/** What must survive an edit of another field. */
const kept = (event: Record<string, unknown>) => ({
  venue: (event.venue as { slug: string }).slug,
  organizer: (event.organizer as Array<{ slug: string }>).map((o) => o.slug),
  categories: (event.categories as Array<{ slug: string }>).map((c) => c.slug),
  cost: event.cost,
  description: event.description,
  start: event.start_date,
  end: event.end_date,
});

beforeAll(async () => {
  ptyHelper = writePtyHelper(site.home.home);
  editor = join(site.home.home, 'fake_editor.py');
  writeFileSync(editor, FAKE_EDITOR);
  links = {
    venue: await created(site.sandbox, 'venues', { venue: 'Edit Hall' }),
    organizer: await created(site.sandbox, 'organizers', { organizer: 'Edit Org' }),
    category: await created(site.sandbox, 'categories', { name: 'Edit Cat' }),
  };
});

// The venue, organizer and category are shared and only read; every test that edits an event
// edits one of its own, so any test runs alone (-t) or in any order.

describe('events edit', () => {
  test('a changed field is sent; the form showed links as slugs and the description as a block scalar; every other field is kept', async () => {
    const eventId = await ownEvent();
    const before = kept(await getEvent(eventId));
    const res = await edit(['events', 'edit', String(eventId), '--format', 'ids'], 'rename');
    expect(res.code, res.output).toBe(0);
    expect(res.seen).toMatch(/^# event \d+ \(Original Title\)\. Lines starting with # are ignored\.\n# Save and quit/m);
    expect(res.seen).toMatch(/^venue: edit-hall$/m);
    expect(res.seen).toMatch(/^categories:\n {2}- edit-cat$/m);
    expect(res.seen).toMatch(/^description: \|-?\n {2}<p>Line one<\/p>\n {2}<p>Line two<\/p>$/m);
    expect(res.seen).toMatch(/^start_date: 2027-06-01 10:00:00$/m);
    const after = await getEvent(eventId);
    expect(after.title).toBe('Renamed In Editor');
    expect(kept(after)).toEqual(before);
  });

  test('what the form leaves alone is stored as it was typed: block markup, a shortcode, quotes, a cost in euros', async () => {
    const eventId = await created(site.sandbox, 'events', {
      title: "Kids' “Quoted” & Co — night…",
      start_date: '2027-06-02 19:00:00',
      end_date: '2027-06-02 21:00:00',
      description: '<!-- wp:paragraph -->\n<p>Bring a mat &amp; water</p>\n<!-- /wp:paragraph -->\n\n[gallery ids="1,2"]',
      excerpt: 'Plain excerpt, no markup.',
      cost: '€10 – €30',
      timezone: 'Europe/Paris',
      show_map: true,
      show_map_link: true,
    });
    const stored = () => {
      const { modifiedUtc: _, ...post } = structuredClone(site.sandbox.store.post(eventId)) as unknown as Record<string, unknown> & {
        fields: Record<string, unknown>;
      };
      return post;
    };
    const before = stored();
    const res = await edit(['events', 'edit', String(eventId), '--format', 'ids'], 'rename');
    expect(res.code, res.output).toBe(0);
    expect(res.seen).toContain('[gallery ids="1,2"]');
    const after = stored();
    expect(after).toEqual({ ...before, fields: { ...before.fields, title: 'Renamed In Editor' } });
  });

  test('--dry-run prints the plan of the saved form and sends nothing; the real edit sends exactly its requests', async () => {
    const eventId = await ownEvent();
    const writes = site.sandbox.stats.writes;
    const dry = await edit(['events', 'edit', String(eventId), '--dry-run', '--format', 'json'], 'move-start');
    expect(dry.code, dry.output).toBe(0);
    expect(site.sandbox.stats.writes).toBe(writes);
    // The terminal holds the plan alone (the editor, on it too, printed nothing).
    const plan = JSON.parse(dry.output.slice(dry.output.indexOf('{'), dry.output.lastIndexOf('}') + 1)) as {
      action: string;
      id: number;
      requests: Array<{ method: string; path: string; fields: string[] }>;
    };
    expect(plan).toMatchObject({ action: 'update', id: eventId });
    expect(plan.requests.map((r) => [r.method, r.path, r.fields])).toEqual([['PATCH', `/tec/v1/events/${eventId}`, ['start_date', 'end_date']]]);
    expect((await getEvent(eventId)).start_date).toBe('2027-06-01 10:00:00');
    const real = await edit(['events', 'edit', String(eventId), '--format', 'ids'], 'move-start');
    expect(real.code, real.output).toBe(0);
    expect(site.sandbox.stats.writes - writes).toBe(plan.requests.length);
    expect((await getEvent(eventId)).start_date).toBe('2027-06-01 11:00:00');
  });

  test('invalid YAML reopens the editor with the error on top, keeping the edits; the fixed form is sent', async () => {
    const eventId = await ownEvent();
    const res = await edit(['events', 'edit', String(eventId), '--format', 'ids'], 'break-then-fix');
    expect(res.code, res.output).toBe(0);
    expect(res.runs).toBe(2);
    const second = res.seen.split('=== run 2\n')[1];
    expect(second).toMatch(/^# error: /);
    expect(second).toContain('title: Fixed Title');
    expect(second).toContain('cost: [unclosed');
    const after = await getEvent(eventId);
    expect(after.title).toBe('Fixed Title');
    expect(after.cost).toBe('$15');
  });

  test('a start moved alone moves the end by as much, as `update --start-date` does (#38 item 10)', async () => {
    const eventId = await ownEvent();
    const res = await edit(['events', 'edit', String(eventId), '--format', 'ids'], 'move-start');
    expect(res.code, res.output).toBe(0);
    const after = await getEvent(eventId);
    expect([after.start_date, after.end_date]).toEqual(['2027-06-01 11:00:00', '2027-06-01 13:00:00']);
  });

  test('a write the update refuses reopens the form with the reason, the edits kept and their file named (#38 item 18)', async () => {
    // Its map off and a cost the site shows re-formatted: a meta change cannot keep both.
    const eventId = await created(site.sandbox, 'events', {
      title: 'Refused Edit',
      start_date: '2027-06-03 10:00:00',
      end_date: '2027-06-03 12:00:00',
      cost: '€10 – €30',
      show_map: false,
      show_map_link: false,
    });
    const writes = site.sandbox.stats.writes;
    const res = await edit(['events', 'edit', String(eventId)], 'feature-then-empty');
    expect(res.runs, res.output).toBe(2);
    const second = res.seen.split('=== run 2\n')[1];
    expect(second).toMatch(/^# error: .*cost/);
    expect(second).toContain('featured: true');
    expect(res.output).toMatch(/your edits are kept in \S*event-\d+\.yaml/);
    expect(site.sandbox.stats.writes).toBe(writes);
  });

  test('venues edit refuses a name another venue holds, as venues update does', async () => {
    await created(site.sandbox, 'venues', { venue: 'Taken Edit Hall' });
    const own = await created(site.sandbox, 'venues', { venue: 'Own Edit Hall' });
    const res = await edit(['venues', 'edit', String(own)], 'take-name-then-empty');
    expect(res.runs, res.output).toBe(2);
    expect(res.seen.split('=== run 2\n')[1]).toMatch(/^# error: .*exists already/);
    expect((await api<{ venue: string }>(site.sandbox, 'GET', `venues/${own}`)).body.venue).toBe('Own Edit Hall');
  });

  test('a form saved unchanged, or emptied, sends nothing and says "nothing changed"', async () => {
    const eventId = await ownEvent();
    const before = await getEvent(eventId);
    const writes = site.sandbox.stats.writes;
    for (const mode of ['unchanged', 'empty']) {
      const res = await edit(['events', 'edit', String(eventId)], mode);
      expect(res.code, res.output).toBe(0);
      expect(res.output).toContain('nothing changed');
    }
    expect((await getEvent(eventId)).modified).toBe(before.modified);
    expect(site.sandbox.stats.writes).toBe(writes);
  });

  test('off a terminal it refuses with exit 2 before reading anything', async () => {
    const eventId = await ownEvent();
    const requests = site.sandbox.stats.requests;
    const res = await site.cli(['events', 'edit', String(eventId)], { env: { EDITOR: 'true' } });
    expect(res.code).toBe(2);
    expect(res.stderr).toContain('needs a terminal');
    expect(res.stdout).toBe('');
    expect(site.sandbox.stats.requests).toBe(requests);
  });

  test('venues are edited the same way, by slug', async () => {
    const writes = site.sandbox.stats.writes;
    const res = await edit(['venues', 'edit', 'edit-hall', '--format', 'ids'], 'unchanged');
    expect(res.code, res.output).toBe(0);
    expect(res.seen).toMatch(/^venue: Edit Hall$/m);
    expect(res.output).toContain('nothing changed');
    expect(site.sandbox.stats.writes).toBe(writes);
  });
});
