/**
 * `get` and `list` show titles and descriptions as typed in every output (the core route's
 * `context=edit`, a hundred records a request), and as the site renders them with --rendered.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { created, json, useSite } from './helpers.js';

type Json = Record<string, any>;

const site = useSite();
const cli = (...args: string[]) => site.cli(args);
const TITLE = 'Rock & Roll Gala "live"';
const CONTENT = '<!-- wp:paragraph -->\n<p>Bring "earplugs" & friends</p>\n<!-- /wp:paragraph -->';
let id: number;

beforeAll(async () => {
  id = await created(site.sandbox, 'events', { title: TITLE, description: CONTENT, start_date: '2027-06-05 20:00:00', end_date: '2027-06-05 23:00:00' });
  await created(site.sandbox, 'events', { title: 'Rock & Roll Gala', start_date: '2027-06-06 20:00:00', end_date: '2027-06-06 23:00:00' });
});

const list = (...args: string[]) => cli('events', 'list', '--start-date', '2027-06-01', '--end-date', '2027-06-30', ...args);

describe('text as typed', () => {
  test('get --format json gives the title and the block markup as typed', async () => {
    const r = await cli('events', 'get', String(id), '--format', 'json');
    expect(r.code, r.stderr).toBe(0);
    expect(json<Json>(r.stdout).title).toBe(TITLE);
    expect(json<Json>(r.stdout).description).toBe(CONTENT);
  });

  test('--rendered gives the site rendering, entities and rendered blocks', async () => {
    const r = await cli('events', 'get', String(id), '--format', 'json', '--rendered');
    expect(r.code, r.stderr).toBe(0);
    expect(json<Json>(r.stdout).title).toBe('Rock &#038; Roll Gala &#8220;live&#8221;');
    expect(json<Json>(r.stdout).description).not.toContain('<!-- wp:paragraph');
    expect(json<Json>(r.stdout).description).toContain('&#8220;earplugs&#8221;');
  });

  test("list --jq '.[].title' prints the titles as typed", async () => {
    const r = await list('--jq', '.[].title');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(`${TITLE}\nRock & Roll Gala\n`);
    const rendered = await list('--jq', '.[].title', '--rendered');
    expect(rendered.stdout).toBe('Rock &#038; Roll Gala &#8220;live&#8221;\nRock &#038; Roll Gala\n');
  });

  test('ndjson, csv and yaml show the text as typed; the table as the site shows it, entities decoded, with no second read', async () => {
    const ndjson = await list('--format', 'ndjson');
    expect(
      ndjson.stdout
        .trim()
        .split('\n')
        .map((line) => json<Json>(line).description)[0],
    ).toBe(CONTENT);
    expect((await list('--format', 'csv', '--fields', 'id,title')).stdout).toContain(`${id},"Rock & Roll Gala ""live"""`);
    expect((await list('--format', 'yaml', '--fields', 'title')).stdout).toContain('title: "Rock & Roll Gala \\"live\\""');
    const table = await list('--debug');
    expect(table.stdout).toContain('Rock & Roll Gala “live”');
    expect(table.stdout).not.toContain('&#');
    expect(table.stderr).not.toContain('context=edit');
  });

  test('a list reads the typed texts in one request for its page, not one per record', async () => {
    const r = await list('--format', 'json', '--debug');
    expect(r.code, r.stderr).toBe(0);
    const sent = r.stderr.split('\n').filter((line) => line.startsWith('debug: > GET'));
    expect(sent.filter((line) => line.includes('/wp/v2/tribe_events'))).toHaveLength(1);
    expect(sent.filter((line) => line.includes('context=edit'))[0]).toContain(`include=${id}`);
  });

  test('without credentials no typed text is asked for: the rendered text, and no notice', async () => {
    const anonymous = { CALENDAR_USERNAME: undefined, CALENDAR_APP_PASSWORD: undefined };
    const r = await site.cli(['events', 'get', String(id), '--format', 'json', '--debug'], { env: anonymous });
    expect(r.code, r.stderr).toBe(0);
    expect(json<Json>(r.stdout).title).toBe('Rock &#038; Roll Gala &#8220;live&#8221;');
    expect(r.stderr).not.toContain('context=edit');
    expect(r.stderr).not.toContain('no typed text');
  });
});
