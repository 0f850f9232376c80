#!/usr/bin/env node
/**
 * How a real site unlinks a category from its parent: the plugin's route and WordPress core's
 * term route sent `parent: 0` (and the neighbouring forms), with the database row of each
 * term before and after. A tool for people, not a test: it creates its own terms (names start
 * with "G27 probe"), never deletes anything, prints what it saw, and with --out writes the
 * answers the sandbox's contract test compares with (test/fixtures/term-parent).
 *
 *   node scripts/realsite/probe-term-parent.mjs --url http://127.0.0.1:8082 \
 *     --password-file /path/APP_PASSWORD --socket /path/mysqld.sock [--out test/fixtures/term-parent]
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readSiteArgs } from './site-args.mjs';

const {
  args,
  api: API,
  auth: AUTH,
} = readSiteArgs('probe-term-parent.mjs --url URL --password-file FILE --socket MYSQLD_SOCK [--out DIR]', { out: { type: 'string' } });
const RUN = Date.now().toString(36);

async function call(method, path, body, { auth = true } = {}) {
  const response = await fetch(`${API}${path}`, {
    method,
    headers: { ...(auth ? { Authorization: AUTH } : {}), 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, allow: response.headers.get('allow'), body: await response.json() };
}

/** The term's row as the database holds it (name, slug, description, parent, count). */
function termRow(id) {
  const columns = 't.name, t.slug, tt.description, tt.parent, tt.count';
  const sql = `select ${columns} from wp_terms t join wp_term_taxonomy tt using(term_id) where t.term_id=${Number(id)}`;
  const out = execFileSync('mariadb', ['--no-defaults', `--socket=${args.socket}`, '-uroot', args.database, '-N', '-B', '-e', sql], { encoding: 'utf8' });
  const [name, slug, description, parent, count] = out.replace(/\n$/, '').split('\t');
  return { name, slug, description, parent: Number(parent), count: Number(count) };
}

/** The IDs of this run's terms as `{child}` in a path or body: the contract test fills in its own. */
const placeholders = () =>
  new Map([
    [parent, '{parent}'],
    [child, '{child}'],
    [tag, '{tag}'],
  ]);
const withPlaceholders = (body) => Object.fromEntries(Object.entries(body).map(([key, value]) => [key, placeholders().get(value) ?? value]));
const pathWithPlaceholders = (path) => path.replace(/\/(\d+)$/, (whole, id) => (placeholders().has(Number(id)) ? `/${placeholders().get(Number(id))}` : whole));

const recorded = {};
const requests = {};
/** Sends one request, prints it with the rows before and after, and keeps the answer under `name`. */
async function probe(name, method, path, body, ids, options) {
  const before = ids.map(termRow);
  const answer = await call(method, path, body, options);
  const after = ids.map(termRow);
  console.log(
    `${name}: ${method} ${path} ${JSON.stringify(body)}${options?.auth === false ? ' (anonymous)' : ''} -> ` +
      `${answer.status} ${answer.status >= 400 ? JSON.stringify(answer.body) : ''}`,
  );
  ids.forEach((id, i) => {
    const changed = Object.keys(before[i]).filter((key) => before[i][key] !== after[i][key]);
    console.log(
      `  term ${id}: ` +
        (changed.length ? changed.map((key) => `${key} ${JSON.stringify(before[i][key])} -> ${JSON.stringify(after[i][key])}`).join(', ') : 'unchanged'),
    );
  });
  recorded[name] = answer;
  requests[name] = { method, path: pathWithPlaceholders(path), body: withPlaceholders(body), anonymous: options?.auth === false };
  return answer;
}

const made = async (path, body) => {
  const answer = await call('POST', path, body);
  if (answer.status !== 201) throw new Error(`POST ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.id;
};
const parentBody = { name: `G27 probe parent ${RUN}`, description: 'G27 probe parent' };
const childBody = { name: `G27 probe child & co ${RUN}`, description: 'G27 probe child & more' };
const tagBody = { name: `G27 probe tag ${RUN}`, description: 'G27 probe tag' };
const parent = await made('/tribe/events/v1/categories', parentBody);
const child = await made('/tribe/events/v1/categories', { ...childBody, parent });
const tag = await made('/tribe/events/v1/tags', tagBody);
const relink = () => call('POST', `/wp/v2/tribe_events_cat/${child}`, { parent });

await probe('tribe-category-parent-0', 'POST', `/tribe/events/v1/categories/${child}`, { parent: 0 }, [child]);
await probe('core-category-unlink', 'POST', `/wp/v2/tribe_events_cat/${child}`, { parent: 0 }, [child, parent]);
await relink();
await probe('core-category-parent-null', 'POST', `/wp/v2/tribe_events_cat/${child}`, { parent: null }, [child]);
await relink();
await probe('core-category-parent-empty', 'POST', `/wp/v2/tribe_events_cat/${child}`, { parent: '' }, [child]);
await probe('core-category-parent-missing', 'POST', `/wp/v2/tribe_events_cat/${child}`, { parent: 999999 }, [child]);
await probe('core-category-loop', 'POST', `/wp/v2/tribe_events_cat/${parent}`, { parent: child }, [parent, child]);
await probe('core-category-anonymous', 'POST', `/wp/v2/tribe_events_cat/${child}`, { parent: 0 }, [child], { auth: false });
await probe('core-category-unknown', 'POST', '/wp/v2/tribe_events_cat/999999', { parent: 0 }, []);
await probe('core-tag-parent-0', 'POST', `/wp/v2/tags/${tag}`, { parent: 0 }, [tag]);
await probe('core-tag-parent-null', 'POST', `/wp/v2/tags/${tag}`, { parent: null }, [tag]);

if (args.out) {
  mkdirSync(args.out, { recursive: true });
  const created = { parent: parentBody, child: { ...childBody, parent: '{parent}' }, tag: tagBody };
  writeFileSync(join(args.out, 'requests.json'), `${JSON.stringify({ created, requests }, null, 2)}\n`);
  for (const [name, answer] of Object.entries(recorded)) writeFileSync(join(args.out, `${name}.json`), `${JSON.stringify(answer, null, 2)}\n`);
  console.log(`answers written to ${args.out}`);
}
