#!/usr/bin/env node
/**
 * Runs the CLI's write paths and two copies against a REAL site and reads the site's
 * DATABASE before and after each, printing how many writes changed only what was asked and
 * how many records came out of each copy identical. A tool for people, not a test: it makes
 * its own records (names start with "C32 check <run>"), never deletes anything of anyone
 * else, and leaves its records on the site (in the trash at most).
 *
 *   npm run build && node scripts/realsite/lossless-check.mjs --url http://127.0.0.1:8080 \
 *     --password-file /path/APP_PASSWORD --socket /path/mysqld.sock [--user admin] [--api tec|tribe]
 *
 * The copies go to the same site under new slugs and names (a second site works the same).
 * The database is read with the `mariadb` client (root over the socket, database `wordpress`).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { readSiteArgs } from './site-args.mjs';
import { sameMeaning } from './meta-rows.mjs';

const {
  args,
  password: PASSWORD,
  api: API,
  auth: AUTH,
} = readSiteArgs('lossless-check.mjs --url URL --password-file FILE --socket MYSQLD_SOCK [--user admin] [--api tec|tribe]', {
  api: { type: 'string' },
});
const BIN = resolve(dirname(new URL(import.meta.url).pathname), '../../bin/calendar.js');
const RUN = Date.now().toString(36);
const PREFIX = `C32 check ${RUN}`;
const work = mkdtempSync(join(tmpdir(), 'lossless-check-'));
const env = {
  ...process.env,
  XDG_CONFIG_HOME: join(work, 'config'),
  XDG_DATA_HOME: join(work, 'data'),
  CALENDAR_BASE_URL: API,
  CALENDAR_USERNAME: args.user,
  CALENDAR_APP_PASSWORD: PASSWORD,
  ...(args.api ? { CALENDAR_API: args.api } : {}),
};

// ---- the site and its database ------------------------------------------------------------

async function post(path, body) {
  const res = await fetch(`${API}/tribe/events/v1/${path}`, {
    method: 'POST',
    headers: { Authorization: AUTH, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`POST ${path}: ${res.status} ${JSON.stringify(json).slice(0, 300)}`);
  return json.id;
}

function sql(query) {
  const out = execFileSync('mariadb', ['--no-defaults', `--socket=${args.socket}`, '-uroot', args.database, '--batch', '-N', '-e', query], {
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });
  return out
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => line.split('\t'));
}

/**
 * Rows the routes and WordPress write for their own bookkeeping, no field of any API: not
 * counted as changes. (`_VenuePost_date` and the like are the tribe create route's copies of
 * the request's post fields; `_tribe_ignored_event_previous_status` the trash's note.)
 */
const BOOKKEEPING = new Set([
  '_tribe_modified_fields',
  '_edit_lock',
  '_edit_last',
  'format',
  'sticky',
  '_wp_old_slug',
  '_wp_old_date',
  '_wp_trash_meta_status',
  '_wp_trash_meta_time',
  '_wp_desired_post_slug',
  '_tribe_ignored_event_previous_status',
]);
const isBookkeeping = (key) => BOOKKEEPING.has(key) || /^_(Venue|Organizer)post_/.test(key);

/** A post as its database holds it: columns, meta (several values of a key joined) and terms. */
function stored(id) {
  const [row] = sql(`select post_title, post_content, post_excerpt, post_name, post_status, menu_order, post_date from wp_posts where ID=${id}`);
  const record = {
    post_title: row[0],
    post_content: row[1],
    post_excerpt: row[2],
    post_name: row[3],
    post_status: row[4],
    menu_order: row[5],
    post_date: row[6],
  };
  for (const [key, value] of sql(`select meta_key, meta_value from wp_postmeta where post_id=${id} order by meta_id`)) {
    if (isBookkeeping(key)) continue;
    record[key] = record[key] === undefined ? value : `${record[key]}|${value}`;
  }
  const terms = sql(
    `select tt.taxonomy, t.slug from wp_term_relationships r join wp_term_taxonomy tt using (term_taxonomy_id) ` +
      `join wp_terms t using (term_id) where r.object_id=${id} order by 1, 2`,
  );
  record.terms = terms.map(([taxonomy, slug]) => `${taxonomy}:${slug}`).join(',');
  return record;
}
const quote = (text) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
const unescapeText = (text) => text.replace(/\\n/g, '\n').replace(/\\t/g, '\t').replace(/\\\\/g, '\\');

/** The keys whose values differ (unescaping the client's batch output on both sides). */
function changedKeys(before, after) {
  return [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (key) => !sameMeaning(key, unescapeText(String(before[key] ?? '')), unescapeText(String(after[key] ?? ''))),
  );
}

// ---- the CLI --------------------------------------------------------------------------------

function cli(...argv) {
  const input = typeof argv[argv.length - 1] === 'object' ? argv.pop().input : undefined;
  const res = spawnSync(process.execPath, [BIN, ...argv], { env, encoding: 'utf8', input, maxBuffer: 64 << 20 });
  return { code: res.status, stdout: res.stdout, stderr: res.stderr };
}

// ---- records of this run ----------------------------------------------------------------

const COSTS = ['€10 – €30', 'Free entry', '$10 (students $5)', 'CHF 60-140', '15', '20€'];
const CONTENT = '<!-- wp:heading -->\n<h2>Hello “there”</h2>\n<!-- /wp:heading -->\n\n[gallery ids="1,2"]\nBring a mat… & water — please<br>';
const ids = {};
ids.venue = await post('venues', {
  venue: `${PREFIX} Café d’Été & Co — “Quoted”`,
  city: 'Paris',
  address: '1 rue de l’Été',
  zip: '75001',
  country: 'France',
  stateprovince: 'IDF',
  show_map: 'false',
  show_map_link: 'false',
  website: 'https://venue.example',
});
ids.org1 = await post('organizers', { organizer: `${PREFIX} Kids' Club "Stars"`, email: 'kids@example.org', phone: '123', website: 'https://kids.example' });
ids.org2 = await post('organizers', { organizer: `${PREFIX} Second & Co`, email: 'two@example.org' });
ids.tag = await post('tags', { name: `${PREFIX} outdoor` });
ids.events = [];
for (let n = 0; n < COSTS.length; n++) {
  ids.events.push(
    await post('events', {
      title: `${PREFIX} ${n} Yoga – “Sun” & Moon… 🌞`,
      description: CONTENT,
      excerpt: `Short & sweet — ${n}`,
      start_date: `2027-0${(n % 8) + 1}-10 18:00:00`,
      end_date: `2027-0${(n % 8) + 1}-10 20:00:00`,
      timezone: n % 2 ? 'Europe/Paris' : 'Asia/Tokyo',
      cost: COSTS[n],
      venue: ids.venue,
      organizer: [ids.org1, ids.org2],
      featured: n % 2 === 0,
      sticky: n % 3 === 0,
      website: `https://example.org/${RUN}/${n}`,
      // Three with the map on (tec/v1 can take any change), three off (only what the tribe route keeps).
      show_map: n < 3,
      show_map_link: n < 3,
    }),
  );
}

// ---- the write paths ------------------------------------------------------------------------

const results = [];
/** Runs a write and checks the database: only `asked` changed, or nothing at all when it was refused. */
function check(name, id, asked, run) {
  const before = stored(id);
  const res = run();
  const after = stored(id);
  const changed = changedKeys(before, after);
  const unasked = changed.filter((key) => !asked.includes(key));
  const refused = res.code === 2 || res.code === 6;
  const missing = asked.filter((key) => !changed.includes(key));
  const ok = refused ? changed.length === 0 : res.code === 0 && unasked.length === 0 && missing.length === 0;
  results.push({ name, ok, refused, unasked, missing, code: res.code, message: res.stderr.trim().split('\n').pop() });
}

const [e0, e1, e2, e3, e4] = ids.events;
check('events update --title (map on)', e0, ['post_title'], () =>
  cli('events', 'update', String(e0), '--title', `${PREFIX} 0 Renamed “title” & co…`, '--no-conflict-check'),
);
check('events update --excerpt (map on)', e1, ['post_excerpt'], () =>
  cli('events', 'update', String(e1), '--excerpt', 'New & “quoted” excerpt', '--no-conflict-check'),
);
check('events update --cost (map on)', e2, ['_EventCost'], () => cli('events', 'update', String(e2), '--cost', 'CHF 70–150', '--no-conflict-check'));
check('events update --featured (map off: tribe route, cost given)', e3, ['_tribe_featured'], () =>
  cli('events', 'update', String(e3), '--featured', '--cost', COSTS[3], '--no-conflict-check'),
);
check('events update --title (map off, cost given)', e3, ['post_title'], () =>
  cli('events', 'update', String(e3), '--title', `${PREFIX} 3 Retitled`, '--cost', COSTS[3], '--no-conflict-check'),
);
check('events update --add-tags', e0, ['terms'], () => cli('events', 'update', String(e0), '--add-tags', String(ids.tag), '--no-conflict-check'));
check('venues update --city', ids.venue, ['_VenueCity'], () => cli('venues', 'update', String(ids.venue), '--city', 'Lyon'));
check('organizers update --phone', ids.org1, ['_OrganizerPhone'], () => cli('organizers', 'update', String(ids.org1), '--phone', '+33 1 23 45'));
{
  const before = stored(e1);
  cli('events', 'delete', String(e1), '--yes');
  const res = cli('events', 'restore', String(e1));
  const changed = changedKeys(before, stored(e1));
  results.push({
    name: 'events delete + restore',
    ok: res.code === 0 && changed.length === 0,
    refused: false,
    unasked: changed,
    code: res.code,
    message: res.stderr.trim().split('\n').pop(),
  });
}
{
  const exported = cli('export', 'events', '--search', PREFIX);
  const rows = exported.stdout
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
  // One row of an event whose map is on (tec/v1 takes it), one whose map is off (refused: its cost would be rewritten).
  rows.find((r) => r.title.startsWith(`${PREFIX} 1 `)).excerpt = 'Imported — “excerpt” & more';
  const file = join(work, 'events.ndjson');
  writeFileSync(file, rows.map((r) => JSON.stringify(r)).join('\n'));
  check('import events --upsert-by slug (one field of one row, map on)', e1, ['post_excerpt'], () =>
    cli('import', 'events', file, '--upsert-by', 'slug', '--yes'),
  );
  rows.find((r) => r.title.startsWith(`${PREFIX} 4 `)).excerpt = 'Imported — “excerpt” & more';
  writeFileSync(file, rows.map((r) => JSON.stringify(r)).join('\n'));
  check('import events --upsert-by slug (one field of one row, map off)', e4, ['post_excerpt'], () =>
    cli('import', 'events', file, '--upsert-by', 'slug', '--yes'),
  );
}
{
  const exported = cli('export', '--site', '--format', 'json', '--search', PREFIX);
  const site = JSON.parse(exported.stdout);
  const slug = Object.keys(site.events).find((s) => site.events[s].title.startsWith(`${PREFIX} 2 `));
  site.events[slug].excerpt = 'Applied — “excerpt”';
  const file = join(work, 'site.json');
  writeFileSync(file, JSON.stringify(ours(site)));
  check('apply (one field of one event)', e2, ['post_excerpt'], () => cli('apply', file, '--yes'));
}

/** The part of a site document that is this run's: its events, venue, organizers. */
function ours(site) {
  const keep = (records, test) => Object.fromEntries(Object.entries(records ?? {}).filter(([, record]) => test(record)));
  const named = (field) => (record) => String(record[field] ?? '').startsWith(PREFIX);
  return {
    ...(site._filter ? { _filter: site._filter } : {}),
    venues: keep(site.venues, named('venue')),
    organizers: keep(site.organizers, named('organizer')),
    events: keep(site.events, named('title')),
  };
}

// ---- the copies -----------------------------------------------------------------------------

/** Each record of this run beside its copy, the copy found by its new slug. */
function compareCopies(label, slugOf, renamed) {
  const pairs = [];
  for (const [type, list] of [
    ['tribe_venue', [ids.venue]],
    ['tribe_organizer', [ids.org1, ids.org2]],
    ['tribe_events', ids.events],
  ]) {
    for (const id of list) {
      const [[slug, title]] = sql(`select post_name, post_title from wp_posts where ID=${id}`);
      // Events by their new slug; a venue or organizer by its new name (the server gives it the slug of its name).
      const where = type === 'tribe_events' ? `post_name='${slugOf(slug)}'` : `post_title=${quote(renamed(title))}`;
      const copy = sql(`select ID from wp_posts where post_type='${type}' and ${where} and post_status<>'trash'`)[0]?.[0];
      pairs.push({ id, type, copy: copy && Number(copy) });
    }
  }
  const links = new Map(pairs.filter((p) => p.copy).map((p) => [String(p.id), String(p.copy)]));
  let identical = 0;
  const differences = [];
  for (const { id, copy, type } of pairs) {
    if (!copy) {
      differences.push(`${id}: no copy`);
      continue;
    }
    const original = stored(id);
    const copied = stored(copy);
    // What a copy differs by on purpose: its slug and name, and the IDs of its links.
    delete original.post_name;
    delete copied.post_name;
    if (type !== 'tribe_events') original.post_title = renamed(original.post_title);
    for (const key of ['_EventVenueID', '_EventOrganizerID'])
      if (original[key])
        original[key] = original[key]
          .split('|')
          .map((v) => links.get(v) ?? v)
          .join('|');
    for (const key of ['_EventOrigin', '_VenueOrigin', '_OrganizerOrigin']) delete copied[key], delete original[key];
    const changed = changedKeys(original, copied);
    if (changed.length === 0) identical++;
    else
      differences.push(
        `${id}→${copy}: ` +
          changed
            .map((k) => `${k} ${JSON.stringify(String(original[k] ?? '')).slice(0, 60)} → ${JSON.stringify(String(copied[k] ?? '')).slice(0, 60)}`)
            .join('; '),
      );
  }
  return { label, identical, total: pairs.length, differences };
}

const copies = [];
{
  // export --site -> apply: the run's records under new slugs and names, applied to the same site.
  const site = ours(JSON.parse(cli('export', '--site', '--format', 'json', '--search', PREFIX).stdout));
  const suffix = '-sitecopy';
  const rename = (name) => name.replace(PREFIX, `${PREFIX} sitecopy`);
  const doc = { venues: {}, organizers: {}, events: {} };
  for (const [slug, venue] of Object.entries(site.venues)) doc.venues[slug + suffix] = { ...venue, venue: rename(venue.venue) };
  for (const [slug, organizer] of Object.entries(site.organizers)) doc.organizers[slug + suffix] = { ...organizer, organizer: rename(organizer.organizer) };
  for (const [slug, event] of Object.entries(site.events)) {
    doc.events[slug + suffix] = { ...event, venue: event.venue && event.venue + suffix, organizer: (event.organizer ?? []).map((s) => s + suffix) };
  }
  const file = join(work, 'copy.json');
  writeFileSync(file, JSON.stringify(doc));
  const res = cli('apply', file, '--yes');
  const compared = compareCopies('export --site → apply', (slug) => slug + suffix, rename);
  compared.exit = res.code;
  compared.message = res.stderr.trim().split('\n').slice(-2).join(' / ');
  copies.push(compared);
}
{
  // export -> import: venues, organizers, then events, under new slugs and names.
  const suffix = '-filecopy';
  const rename = (name) => name.replace(PREFIX, `${PREFIX} filecopy`);
  const read = (resource) =>
    cli('export', resource, '--search', PREFIX)
      .stdout.trim()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line));
  const venues = read('venues').map((v) => ({ ...v, venue: rename(v.venue), slug: v.slug + suffix }));
  const organizers = read('organizers').map((o) => ({ ...o, organizer: rename(o.organizer), slug: o.slug + suffix }));
  const events = read('events');
  const codes = [];
  const importRows = (resource, rows) => {
    const file = join(work, `${resource}-copy.ndjson`);
    writeFileSync(file, rows.map((r) => JSON.stringify(r)).join('\n'));
    codes.push(cli('import', resource, file, '--upsert-by', 'slug', '--yes').code);
  };
  importRows('venues', venues);
  importRows('organizers', organizers);
  // The server gives a new venue or organizer the slug of its name: the events link to those.
  const copySlug = (type, slug) => {
    const title = sql(`select post_title from wp_posts where post_type='${type}' and post_name=${quote(slug)}`)[0]?.[0];
    return (
      (title &&
        sql(
          `select post_name from wp_posts where post_type='${type}' and post_title=${quote(rename(unescapeText(title)))} and post_status<>'trash'`,
        )[0]?.[0]) ??
      slug
    );
  };
  importRows(
    'events',
    events.map((e) => ({
      ...e,
      slug: e.slug + suffix,
      venue: e.venue && copySlug('tribe_venue', e.venue),
      organizer: (e.organizer ?? []).map((o) => copySlug('tribe_organizer', o)),
    })),
  );
  const compared = compareCopies('export → import', (slug) => slug + suffix, rename);
  compared.exit = codes.join(',');
  copies.push(compared);
}

// ---- figures --------------------------------------------------------------------------------

const written = results.filter((r) => !r.refused);
console.log(`# lossless check, run ${RUN} on ${API}${args.api ? ` (api ${args.api})` : ''}\n`);
console.log(`writes that changed only what was asked: ${written.filter((r) => r.ok).length} of ${written.length}`);
console.log(
  `writes refused before anything was sent (database unchanged): ` +
    `${results.filter((r) => r.refused && r.ok).length} of ${results.filter((r) => r.refused).length}`,
);
for (const r of results)
  console.log(
    `- ${r.ok ? 'ok ' : 'BAD'} ${r.name}: exit ${r.code}` +
      `${r.unasked.length ? `; also changed ${r.unasked.join(', ')}` : ''}${r.missing?.length ? `; did not change ${r.missing.join(', ')}` : ''}` +
      `${!r.ok && !r.refused && r.code ? ` (${r.message})` : ''}${r.refused ? ` (${r.message})` : ''}`,
  );
for (const c of copies) {
  console.log(`\n${c.label}: ${c.identical} of ${c.total} records identical in the database (exit ${c.exit})`);
  for (const line of c.differences) console.log(`  - ${line}`);
}
