/** A series in the site file: one entry out of `export --site`, occurrences created, changed and removed by `apply`, a second apply sending nothing. */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Sandbox } from '../../src/sandbox/index.js';
import { cliEnv, clientOf, startSeriesSandbox } from '../unit/series/sandbox-client.js';
import { createSeries, planSeries } from '../../src/core/series/create.js';
import { safeUpdate } from '../../src/core/write/execute.js';
import { resources } from '../../src/spec/resources.js';
import { runCli, tempHome } from './helpers.js';

type Json = Record<string, any>;
let one: Sandbox;
let two: Sandbox;
let dir: string;
const home = tempHome();
const cli = (sandbox: Sandbox, args: string[]) => runCli(args, { env: { ...home.env, ...cliEnv(sandbox) } });

beforeAll(async () => {
  one = await startSeriesSandbox();
  two = await startSeriesSandbox();
  dir = mkdtempSync(join(tmpdir(), 'series-site-'));
});
afterAll(async () => {
  await one.close();
  await two.close();
  rmSync(dir, { recursive: true, force: true });
  home.cleanup();
});

describe('a series in the site file', () => {
  test('export --site writes one entry; apply elsewhere creates the occurrences and the rule; again, nothing; a new except removes one', async () => {
    const client = clientOf(one);
    const first = { title: 'Drawing class', start_date: '2027-05-04 18:00:00', end_date: '2027-05-04 20:00:00', timezone: 'Europe/Paris', status: 'publish' };
    const { created } = await createSeries(
      client,
      await planSeries(first, { rule: 'FREQ=WEEKLY;BYDAY=TU;COUNT=4', except: ['2027-05-11'] }, 'America/New_York', 'site01'),
    );
    await safeUpdate(client, resources.events, `events/${created[1].id}`, { title: 'Drawing class (outdoors)' });
    await client.close();
    const exported = await cli(one, ['export', '--site']);
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stdout).toContain(
      [
        'series:',
        '  drawing-class-series-site01:',
        '    rule: FREQ=WEEKLY;BYDAY=TU;COUNT=4',
        '    start_date: 2027-05-04 18:00:00',
        '    end_date: 2027-05-04 20:00:00',
        '    timezone: Europe/Paris',
        '    except:',
        '      - 2027-05-11',
        '    event:',
      ].join('\n'),
    );
    expect(exported.stdout).toMatch(/occurrences:\n\s+"?20270518"?:\n\s+title: Drawing class \(outdoors\)/);
    expect(exported.stdout).not.toMatch(/^ {2}drawing-class-series-site01-2027|^ {2}series-site01:/m);
    const file = join(dir, 'site.yaml');
    writeFileSync(file, exported.stdout);
    const applied = await cli(two, ['apply', file, '--yes']);
    expect(applied.code, applied.stderr).toBe(0);
    const events = async () =>
      ((await (await fetch(`${two.restRoot}/tribe/events/v1/events?per_page=50&starts_after=2027-01-01`)).json()) as Json).events.map((e: Json) => [
        e.slug,
        e.title,
        e.start_date,
      ]);
    expect(await events()).toEqual([
      ['drawing-class-series-site01-20270504', 'Drawing class', '2027-05-04 18:00:00'],
      ['drawing-class-series-site01-20270518', 'Drawing class (outdoors)', '2027-05-18 18:00:00'],
      ['drawing-class-series-site01-20270525', 'Drawing class', '2027-05-25 18:00:00'],
    ]);
    const again = await cli(two, ['diff', file]);
    expect(again.stdout, again.stderr).toContain('no changes');
    writeFileSync(file, exported.stdout.replace('      - 2027-05-11', '      - 2027-05-11\n      - 2027-05-25'));
    const removed = await cli(two, ['apply', file, '--yes']);
    expect(removed.code, removed.stderr).toBe(0);
    expect((await events()).map((row: string[]) => row[0])).toEqual(['drawing-class-series-site01-20270504', 'drawing-class-series-site01-20270518']);
    expect((await cli(two, ['diff', file])).stdout).toContain('no changes');
  });
});
