#!/usr/bin/env node
/**
 * What each write route of a real WordPress + The Events Calendar site keeps, wipes and
 * rewrites, read from its DATABASE before and after each write. A tool for people, not a
 * test: it creates its own records (titles start with "S32 probe"), never deletes anything,
 * and prints one Markdown table row per write. docs/write-routes.md is made of its output.
 *
 *   node scripts/realsite/probe-write-routes.mjs --url http://127.0.0.1:8080 \
 *     --password-file /path/APP_PASSWORD --socket /path/mysqld.sock [--user admin] [--only events]
 *
 * The database is read with the `mariadb` client (root over the socket, database `wordpress`).
 */
import { execFileSync } from 'node:child_process';
import { readSiteArgs } from './site-args.mjs';

const {
  args,
  api: API,
  auth: AUTH,
} = readSiteArgs('probe-write-routes.mjs --url URL --password-file FILE --socket MYSQLD_SOCK [--user admin] [--only events|venues|organizers|terms|facts]', {
  only: { type: 'string' },
});
/** The acknowledgement tec/v1 asks for in its 400 answer to a request without it. */
const TEC_EEA =
  'I understand that this endpoint is experimental and may change in a future release without maintaining ' +
  'backward compatibility. I also understand that I am using this endpoint at my own risk, while support is not ' +
  'provided for it.';
/** Records are dated in the past so that a write resetting the publication date shows. */
const PAST = '2026-01-02 03:04:05';
const RUN = Date.now().toString(36);
let serial = 0;
const unique = () => `${RUN}${++serial}`;

async function call(method, path, body) {
  const response = await fetch(`${API}${path}`, {
    method,
    headers: { Authorization: AUTH, 'Content-Type': 'application/json', ...(path.startsWith('/tec/v1') ? { 'X-TEC-EEA': TEC_EEA } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    json = text;
  }
  return { status: response.status, json };
}

async function must(method, path, body) {
  const answer = await call(method, path, body);
  if (answer.status >= 300) throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.json).slice(0, 300)}`);
  return answer.json;
}

/** Rows of a query, values hex-encoded by the query so that newlines and tabs survive. */
function query(sql) {
  const out = execFileSync('mariadb', ['--no-defaults', `--socket=${args.socket}`, '-uroot', args.database, '-N', '-B', '-e', sql], { encoding: 'utf8' });
  return out
    .split('\n')
    .filter(Boolean)
    .map((line) => line.split('\t').map((cell) => Buffer.from(cell, 'hex').toString('utf8')));
}

const IGNORED_META = new Set(['_tribe_modified_fields', '_edit_lock', '_edit_last']);

/** A post as its database rows hold it: columns, meta and terms, one flat object. */
function postRow(id) {
  const [row] = query(
    `select hex(post_title), hex(post_content), hex(post_excerpt), hex(post_name), hex(post_status), ` +
      `hex(cast(menu_order as char)), hex(post_date) from wp_posts where ID=${id}`,
  );
  const record = {};
  ['post_title', 'post_content', 'post_excerpt', 'post_name', 'post_status', 'menu_order', 'post_date'].forEach((key, index) => (record[key] = row[index]));
  for (const [key, value] of query(`select hex(meta_key), hex(meta_value) from wp_postmeta where post_id=${id} order by meta_id`)) {
    if (IGNORED_META.has(key)) continue;
    record[key] = key in record ? `${record[key]},${value}` : value;
  }
  for (const [taxonomy, name] of query(
    `select hex(tt.taxonomy), hex(t.name) from wp_term_relationships r join wp_term_taxonomy tt ` +
      `using(term_taxonomy_id) join wp_terms t using(term_id) where r.object_id=${id} order by t.name`,
  )) {
    record[`term:${taxonomy}`] = record[`term:${taxonomy}`] ? `${record[`term:${taxonomy}`]},${name}` : name;
  }
  return record;
}

function termRow(id) {
  const [row] = query(
    `select hex(t.name), hex(t.slug), hex(tt.description), hex(tt.parent) from wp_terms t join wp_term_taxonomy tt using(term_id) where t.term_id=${id}`,
  );
  return { name: row[0], slug: row[1], description: row[2], parent: row[3] };
}

const show = (value) => JSON.stringify(value.length > 40 ? `${value.slice(0, 37)}...` : value);

/** kept / wiped / rewritten, field by field, between two rows of the database. */
function compare(before, after, asked) {
  const kept = [];
  const wiped = [];
  const rewritten = [];
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const was = before[key];
    const now = after[key];
    if ((was ?? '') === (now ?? '')) {
      if (was !== undefined && was !== '') kept.push(key);
    } else if (asked.includes(key)) continue;
    else if (now === undefined || now === '' || (now === '0' && key === 'menu_order')) wiped.push(`${key} (${show(was ?? '')})`);
    else rewritten.push(`${key} ${show(was ?? '')} → ${show(now)}`);
  }
  return { kept, wiped, rewritten };
}

const rows = [];
function report(route, body, answer, diff) {
  const cells = [
    route,
    `\`${JSON.stringify(body)}\``,
    String(answer.status),
    diff.wiped.join('; ') || '—',
    diff.rewritten.join('; ') || '—',
    diff.kept.join(', '),
  ];
  rows.push(cells);
  console.log(`| ${cells.map((cell) => cell.replace(/\|/g, '\\|').replace(/\n/g, '\\n')).join(' | ')} |`);
}

/** An event holding one of everything the lossless tests care about; the map settings stored empty. */
async function richEvent() {
  const venue = await must('POST', '/tribe/events/v1/venues', {
    venue: `S32 probe venue ${unique()}`,
    address: '1 rue X',
    city: 'Paris',
    country: 'France',
    zip: '75001',
    phone: '123',
  });
  const organizers = [
    await must('POST', '/tribe/events/v1/organizers', { organizer: `S32 probe org A ${unique()}`, email: 'a@example.com' }),
    await must('POST', '/tribe/events/v1/organizers', { organizer: `S32 probe org B ${unique()}`, phone: '555' }),
  ];
  const event = await must('POST', '/tribe/events/v1/events', {
    date: PAST,
    title: `S32 probe -- "Quoted" & 'single' ... ${unique()}`,
    description: '<!-- wp:paragraph -->\n<p>Para <br> one</p>\n<!-- /wp:paragraph -->\n\n[gallery ids="1,2"]\n\nBring a mat...',
    excerpt: 'Short "excerpt" & more',
    start_date: '2027-03-10 18:00:00',
    end_date: '2027-03-10 20:00:00',
    timezone: 'Europe/Paris',
    cost: '€10 – €30',
    venue: venue.id,
    organizer: organizers.map((organizer) => organizer.id),
    categories: ['S32 probe cat'],
    tags: ['s32probetag'],
    featured: true,
    sticky: true,
    website: 'https://ev.example',
    show_map: false,
    show_map_link: false,
  });
  return event;
}

async function richVenue() {
  return must('POST', '/tribe/events/v1/venues', {
    date: PAST,
    venue: `S32 probe Café d’Été & Co — “Quoted” ${unique()}`,
    description: '<p>Venue text</p>',
    address: '1 rue X',
    city: 'Paris',
    province: 'IDF',
    country: 'France',
    zip: '75001',
    phone: '123',
    website: 'https://venue.example',
    show_map: 'false',
    show_map_link: 'false',
  });
}

async function richOrganizer() {
  return must('POST', '/tribe/events/v1/organizers', {
    date: PAST,
    organizer: `S32 probe Kids' Club "Stars" ${unique()}`,
    description: 'Organizer text',
    email: 'kids@example.com',
    phone: '555',
    website: 'https://kids.example',
  });
}

/** One write on a fresh record: the database before and after, one table row. */
async function probe(make, _route, method, path, body, asked) {
  const record = await make();
  const before = postRow(record.id);
  const resolved = path.replace('{id}', record.id).replace('{slug}', record.slug);
  const answer = await call(method, resolved, typeof body === 'function' ? body(record) : body);
  report(`${method} ${path}`, typeof body === 'function' ? body(record) : body, answer, compare(before, postRow(record.id), asked));
}

const HEADER = '| route | body | status | wiped | rewritten | kept |\n|---|---|---|---|---|---|';

async function events() {
  console.log(`\n### Events\n\n${HEADER}`);
  const title = () => ({ title: `S32 probe new title ${unique()}` });
  for (const method of ['POST', 'PUT', 'PATCH']) await probe(richEvent, 'tribe', method, '/tribe/events/v1/events/{id}', title, ['post_title']);
  await probe(richEvent, 'tribe', 'POST', '/tribe/events/v1/events/by-slug/{slug}', title, ['post_title']);
  await probe(richEvent, 'tribe', 'POST', '/tribe/events/v1/events/{id}', { excerpt: 'x' }, ['post_excerpt']);
  for (const venue of [[0], { id: 0 }, -1, 0, '', [], null]) await probe(richEvent, 'tribe', 'POST', '/tribe/events/v1/events/{id}', { venue }, []);
  for (const method of ['PATCH', 'PUT']) await probe(richEvent, 'tec', method, '/tec/v1/events/{id}', title, ['post_title']);
  await probe(richEvent, 'tec', 'PATCH', '/tec/v1/events/{id}', { cost: 'Free entry' }, ['_EventCost']);
  await probe(richEvent, 'tec', 'PATCH', '/tec/v1/events/{id}', { venues: [] }, []);
  await probe(richEvent, 'tec', 'PATCH', '/tec/v1/events/{id}', { sticky: true, featured: true }, []);
  await probe(richEvent, 'core', 'POST', '/wp/v2/tribe_events/{id}', title, ['post_title']);
}

async function linked(kind, make, nameField, field, value, tecField) {
  console.log(`\n### ${kind[0].toUpperCase()}${kind.slice(1)}\n\n${HEADER}`);
  const singular = kind.slice(0, -1);
  const rename = () => ({ [nameField]: `S32 probe renamed ${unique()}` });
  for (const method of ['POST', 'PUT', 'PATCH']) await probe(make, 'tribe', method, `/tribe/events/v1/${kind}/{id}`, rename, ['post_title']);
  await probe(make, 'tribe', 'POST', `/tribe/events/v1/${kind}/by-slug/{slug}`, rename, ['post_title']);
  await probe(make, 'tribe', 'POST', `/tribe/events/v1/${kind}/{id}`, (record) => ({ [nameField]: postRow(record.id).post_title, [field]: value }), [tecField]);
  // The name as GET shows it (texturized), sent back: what a read-merge-write client does.
  await probe(make, 'tribe', 'POST', `/tribe/events/v1/${kind}/{id}`, (record) => ({ [nameField]: record[nameField] }), []);
  await probe(make, 'tec', 'PATCH', `/tec/v1/${kind}/{id}`, { [field]: value }, [tecField]);
  await probe(make, 'tec', 'PATCH', `/tec/v1/${kind}/{id}`, { title: `S32 probe renamed ${unique()}` }, ['post_title']);
  await probe(make, 'core', 'POST', `/wp/v2/tribe_${singular}/{id}`, { title: `S32 probe renamed ${unique()}` }, ['post_title']);
}

async function terms() {
  console.log(`\n### Categories and tags\n\n${HEADER}`);
  for (const [taxonomy, tribe, core] of [
    ['tribe_events_cat', 'categories', 'tribe_events_cat'],
    ['post_tag', 'tags', 'tags'],
  ]) {
    for (const [_route, path, method] of [
      ['tribe', `/tribe/events/v1/${tribe}/{id}`, 'POST'],
      ['core', `/wp/v2/${core}/{id}`, 'POST'],
    ]) {
      const term = await must('POST', `/tribe/events/v1/${tribe}`, {
        name: `S32 probe ${taxonomy} & “x” ${unique()}`,
        description: 'Term <b>text</b> & more',
        slug: `s32-probe-${unique()}`,
      });
      const before = termRow(term.id);
      const body = { name: `S32 probe renamed ${unique()}` };
      const answer = await call(method, path.replace('{id}', term.id), body);
      report(`${method} ${path}`, body, answer, compare(before, termRow(term.id), ['name']));
    }
  }
}

/** Names, slugs and costs: what the server does with a create, and what GET shows. */
async function facts() {
  console.log('\n### Facts\n');
  for (const kind of ['venues', 'organizers']) {
    const field = kind.slice(0, -1);
    const key = unique();
    const first = await must('POST', `/tribe/events/v1/${kind}`, { [field]: `S32 probe Cafe ${key}` });
    const second = await must('POST', `/tribe/events/v1/${kind}`, { [field]: `S32 PROBE café ${key}` });
    console.log(
      `- ${kind}: create "S32 probe Cafe ${key}" -> ${first.id}; create "S32 PROBE café ${key}" -> ${second.id} ` +
        `(${first.id === second.id ? 'merged' : 'separate'}); stored title now ${JSON.stringify(postRow(first.id).post_title)}`,
    );
  }
  const slug = `s32-probe-custom-${unique()}`;
  const venue = await must('POST', '/tribe/events/v1/venues', { venue: `S32 probe slugged ${unique()}`, slug });
  console.log(`- new venue sent with slug ${slug}: stored post_name ${JSON.stringify(postRow(venue.id).post_name)}`);
  for (const [route, path, field] of [
    ['tribe', '/tribe/events/v1/events/{id}', 'title'],
    ['tec', '/tec/v1/events/{id}', 'title'],
    ['core', '/wp/v2/tribe_events/{id}', 'title'],
  ]) {
    const event = await must('POST', '/tribe/events/v1/events', {
      title: `S32 probe slash ${unique()}`,
      start_date: '2027-03-10 18:00:00',
      end_date: '2027-03-10 20:00:00',
    });
    const sent = 'S32 probe a\\b';
    await must(route === 'tribe' ? 'POST' : 'PATCH', path.replace('{id}', event.id), { [field]: sent });
    console.log(`- ${route}: title ${JSON.stringify(sent)} sent, stored ${JSON.stringify(postRow(event.id).post_title)}`);
  }
  for (const cost of ['€10 – €30', 'Free entry', '$10 (students $5)', 'CHF 60-140', '10', 'Free', '1.000,50 €']) {
    const event = await must('POST', '/tribe/events/v1/events', {
      title: `S32 probe cost ${unique()}`,
      start_date: '2027-03-10 18:00:00',
      end_date: '2027-03-10 20:00:00',
      cost,
    });
    const tec = await must('GET', `/tec/v1/events/${event.id}?context=edit`);
    console.log(
      `- cost ${JSON.stringify(cost)}: stored ${JSON.stringify(postRow(event.id)._EventCost)}, tribe GET cost ` +
        `${JSON.stringify(event.cost)} values ${JSON.stringify(event.cost_details.values)}, tec/v1 cost ${JSON.stringify(tec.cost)}`,
    );
  }
}

const parts = {
  events,
  venues: () => linked('venues', richVenue, 'venue', 'city', 'Lyon', '_VenueCity'),
  organizers: () => linked('organizers', richOrganizer, 'organizer', 'phone', '999', '_OrganizerPhone'),
  terms,
  facts,
};
for (const [name, run] of Object.entries(parts)) if (!args.only || args.only.split(',').includes(name)) await run();
