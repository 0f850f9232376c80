#!/usr/bin/env node
/**
 * The write matrix of test/e2e/write-matrix.test.ts against a REAL site: each record shape and
 * each write of test/fixtures/write-matrix/cases.json, made from each face (the CLI, the
 * library's `Calendar` from dist/index.js, `calendar mcp` over stdio), the site's DATABASE read
 * before and after. A write passes when exactly the columns it names changed, or nothing
 * when it is refused (a meta change the routes cannot make without rewriting the cost) or
 * already true. Then the requests of four commands are counted with --debug. A tool for people,
 * not a test: its records start with "W36 matrix <run>" and stay on the site.
 *
 *   npm run build && node scripts/realsite/write-matrix.mjs --url http://127.0.0.1:8080 \
 *     --password-file /path/APP_PASSWORD --socket /path/mysqld.sock [--api tec|tribe] [--faces cli,library,mcp]
 *
 * `--api tribe` pins the client to tribe/events/v1 as a site without tec/v1 (a profile's `writeApi: tribe`).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { readSiteArgs } from './site-args.mjs';
import { sameMeaning } from './meta-rows.mjs';

const { args, password, api, auth } = readSiteArgs(
  'write-matrix.mjs --url URL --password-file FILE --socket MYSQLD_SOCK [--api tec|tribe] [--faces cli,library,mcp]',
  { api: { type: 'string', default: 'tec' }, faces: { type: 'string', default: 'cli,library,mcp' } },
);
const FACES = args.faces.split(',');
const HERE = dirname(new URL(import.meta.url).pathname);
const BIN = resolve(HERE, '../../bin/calendar.js');
const MATRIX = JSON.parse(readFileSync(resolve(HERE, '../../test/fixtures/write-matrix/cases.json'), 'utf8'));
const RUN = Date.now().toString(36);
const PREFIX = `W36 matrix ${RUN}`;
const work = mkdtempSync(join(tmpdir(), 'write-matrix-'));
const env = {
  ...process.env,
  XDG_CONFIG_HOME: join(work, 'config'),
  XDG_DATA_HOME: join(work, 'data'),
  CALENDAR_BASE_URL: api,
  CALENDAR_USERNAME: args.user,
  CALENDAR_APP_PASSWORD: password,
  CALENDAR_API: args.api,
};

async function post(path, body) {
  const res = await fetch(`${api}/tribe/events/v1/${path}`, {
    method: 'POST',
    headers: { Authorization: auth, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`POST ${path}: ${res.status} ${JSON.stringify(json).slice(0, 300)}`);
  return json;
}

function sql(query) {
  const out = execFileSync(
    'mariadb',
    ['--no-defaults', `--socket=${args.socket}`, '-uroot', args.database, '--default-character-set=utf8mb4', '--batch', '-N', '-e', query],
    { encoding: 'utf8', maxBuffer: 64 << 20 },
  );
  return out
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => line.split('\t'));
}

/** Rows WordPress and the routes write for their own bookkeeping: no field of any API. */
const BOOKKEEPING = new Set(['_edit_lock', '_edit_last', '_tribe_modified_fields', 'format', 'sticky', '_wp_old_slug', '_wp_old_date']);

/** A post as its database holds it: columns, meta (values of a key joined) and terms. */
function stored(id) {
  const columns = ['post_title', 'post_content', 'post_excerpt', 'post_name', 'post_status', 'menu_order', 'post_date', 'comment_status', 'ping_status'];
  const [row] = sql(`select ${columns.join(', ')} from wp_posts where ID=${id}`);
  const record = Object.fromEntries(columns.map((column, at) => [column, row[at]]));
  for (const [key, value] of sql(`select meta_key, meta_value from wp_postmeta where post_id=${id} order by meta_id`)) {
    if (BOOKKEEPING.has(key)) continue;
    record[key] = record[key] === undefined ? value : `${record[key]}|${value}`;
  }
  record.terms = sql(
    `select tt.taxonomy, t.slug from wp_term_relationships r join wp_term_taxonomy tt using (term_taxonomy_id) ` +
      `join wp_terms t using (term_id) where r.object_id=${id} order by 1, 2`,
  )
    .map(([taxonomy, slug]) => `${taxonomy}:${slug}`)
    .join(',');
  return record;
}
const allKeys = (before, after) => [...new Set([...Object.keys(before), ...Object.keys(after)])];
const changedKeys = (before, after) =>
  allKeys(before, after)
    .filter((key) => !sameMeaning(key, before[key], after[key]))
    .sort();
const emptyRows = (before, after) => allKeys(before, after).filter((key) => before[key] !== after[key] && sameMeaning(key, before[key], after[key]));

function cli(...argv) {
  const res = spawnSync(process.execPath, [BIN, ...argv], { env, encoding: 'utf8', maxBuffer: 64 << 20 });
  return { code: res.status, stdout: res.stdout, stderr: res.stderr };
}

/** `$venue` as the run's venue ID, `$title` as the shape's title (test/e2e/write-matrix.test.ts does the same). */
function fill(value, links, title) {
  if (value === '$title') return title;
  if (typeof value === 'string' && value.startsWith('$')) return links[value.slice(1)];
  if (Array.isArray(value)) return value.map((v) => fill(v, links, title));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fill(v, links, title)]));
  return value;
}

/** As the test says: a meta change without the cost on an event whose cost is shown re-formatted, where tec/v1 cannot take it. */
function refuses(write, event) {
  const reformatted = /\d/.test(String(event.cost ?? ''));
  return !write.post && !write.givesCost && reformatted && (args.api === 'tribe' || event.show_map === false || write.tecTakes === false);
}

const links = {
  venue: (await post('venues', { venue: `${PREFIX} Café d’Été & Co`, city: 'Paris' })).id,
  org1: (await post('organizers', { organizer: `${PREFIX} Kids' Club "Stars"` })).id,
  org2: (await post('organizers', { organizer: `${PREFIX} Second & Co` })).id,
  tag: (await post('tags', { name: `${PREFIX} outdoor` })).id,
};

// The library and the MCP server find the site as the CLI does: from the environment.
Object.assign(process.env, env);
const { Calendar } = await import(resolve(HERE, '../../dist/index.js'));
const library = FACES.includes('library') ? new Calendar({}) : undefined;
let mcp;
if (FACES.includes('mcp')) {
  const { Client } = await import('@modelcontextprotocol/sdk/client/index.js');
  const { StdioClientTransport } = await import('@modelcontextprotocol/sdk/client/stdio.js');
  mcp = new Client({ name: 'write-matrix', version: '1' });
  await mcp.connect(new StdioClientTransport({ command: process.execPath, args: [BIN, 'mcp'], env }));
}

/** One write from one face: its exit code as the CLI's (0 done, 2 refused) and its first line of error. */
async function write(face, id, flags, changes) {
  if (face === 'cli') {
    const res = cli('events', 'update', String(id), ...flags.map(String), '--no-conflict-check');
    return { code: res.code, message: res.stderr.trim().split('\n')[0] };
  }
  if (face === 'library') {
    try {
      await library.events.update(id, changes, { conflictCheck: false });
      return { code: 0, message: '' };
    } catch (err) {
      return { code: err.exitCode ?? 1, message: String(err.message).split('\n')[0] };
    }
  }
  const answer = await mcp.callTool({ name: 'events_update', arguments: { ref: id, ...changes } });
  const text = answer.content.map((part) => part.text).join(' ');
  return answer.isError ? { code: /\bcost\b/.test(text) ? 2 : 1, message: text.split('\n')[0] } : { code: 0, message: '' };
}

const results = [];
for (const face of FACES) {
  for (const change of MATRIX.cases) {
    for (const [shape, template] of Object.entries(MATRIX.shapes)) {
      const event = fill({ ...template, title: `${PREFIX} ${template.title}` }, links, '');
      const { id } = await post('events', event);
      const before = stored(id);
      const res = await write(face, id, fill(change.flags, links, event.title), fill(change.changes, links, event.title));
      const after = stored(id);
      const changed = changedKeys(before, after);
      const refused = refuses(change, event);
      const expected = refused || change.noop ? [] : change.columns;
      const ok = (refused ? res.code === 2 : res.code === 0) && JSON.stringify(changed) === JSON.stringify([...expected].sort());
      const empty = emptyRows(before, after);
      results.push({ name: `${face}: ${change.name} on ${shape}`, ok, code: res.code, changed, expected, refused, empty, message: res.message });
    }
  }
}
await mcp?.close();
await library?.close();

/** The requests one command sends, as --debug lists them. */
function requests(...argv) {
  const lines = cli(...argv, '--debug').stderr.split('\n');
  return lines.filter((line) => /^debug: > (GET|POST|PUT|PATCH|DELETE) /.test(line)).map((line) => line.replace(/^debug: > /, '').replace(/\?.*$/, ''));
}
const counted = await post('events', {
  title: `${PREFIX} counted`,
  start_date: '2027-09-01 10:00:00',
  end_date: '2027-09-01 12:00:00',
  show_map: true,
  show_map_link: true,
});
const counts = [
  ['update of a post field (title) by ID', requests('events', 'update', String(counted.id), '--title', `${PREFIX} counted again`)],
  ['update of a post field (title) by slug', requests('events', 'update', counted.slug, '--title', `${PREFIX} counted thrice`)],
  ['update that changes nothing', requests('events', 'update', String(counted.id), '--title', `${PREFIX} counted thrice`)],
  ['get by ID', requests('events', 'get', String(counted.id))],
  ['get by slug', requests('events', 'get', counted.slug)],
];

console.log(`# write matrix, run ${RUN} on ${api} (api ${args.api})\n`);
console.log(`writes that changed exactly what was asked (or nothing, refused or already true): ${results.filter((r) => r.ok).length} of ${results.length}`);
console.log(`refused before anything was sent: ${results.filter((r) => r.refused && r.ok).length} of ${results.filter((r) => r.refused).length}`);
for (const r of results) {
  const extra = r.ok ? '' : `; changed [${r.changed.join(', ')}], expected [${r.expected.join(', ')}] (${r.message})`;
  const empty = r.empty.length ? `; empty rows written: ${r.empty.join(', ')}` : '';
  console.log(`- ${r.ok ? 'ok ' : 'BAD'} ${r.name}: exit ${r.code}${r.refused ? ' (refused)' : ''}${extra}${empty}`);
}
console.log('\nrequests per command (--debug):');
for (const [name, sent] of counts) {
  const writes = sent.filter((line) => !line.startsWith('GET ')).length;
  console.log(`- ${name}: ${sent.length} request(s), ${writes} write(s): ${sent.join(', ')}`);
}
