/**
 * Costs in a site file: a zero cost is stored (the tribe route's create drops "0", an update
 * stores it: measured on 6.17.1), a second apply sends nothing, and the warning that costs are
 * read as their amounts is said once a run.
 */
import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { api, runCli, siteEnv, startTestSandbox, tempHome, type Sandbox } from './helpers.js';

type Json = Record<string, any>;
let sandbox: Sandbox;
let home: ReturnType<typeof tempHome>;
let env: Record<string, string>;
const cli = (args: string[]) => runCli(args, { env });
const COST_WARNING = 'the site shows costs with amounts in its own format';
const count = (text: string, part: string) => text.split(part).length - 1;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  home = tempHome();
  env = siteEnv(sandbox, home.env);
  // An event whose cost the site shows re-formatted: the reads of the run warn of it.
  await api(sandbox, 'POST', 'events', { title: 'Paid', start_date: '2030-01-01 10:00:00', end_date: '2030-01-01 11:00:00', cost: '€10 – €30' });
});

afterAll(async () => {
  await sandbox?.close();
  home?.cleanup();
});

const eventBySlug = async (slug: string) => (await api<Json>(sandbox, 'GET', `events/by-slug/${slug}`)).body;

test('cost 0 is stored as the site keeps a zero cost (shown Free); the second apply sends nothing; the warning comes once', async () => {
  const file = `${home.home}/zero.yaml`;
  writeFileSync(
    file,
    [
      'venues:',
      '  zero-hall:',
      '    venue: Zero Hall',
      'events:',
      '  zero-cost:',
      '    title: Zero cost',
      '    start_date: 2030-02-01 10:00:00',
      '    end_date: 2030-02-01 11:00:00',
      '    cost: 0',
      '    venue: zero-hall',
      '  zero-cost-two:',
      '    title: Zero cost two',
      '    start_date: 2030-02-02 10:00:00',
      '    end_date: 2030-02-02 11:00:00',
      '    cost: "0"',
      '',
    ].join('\n'),
  );
  const first = await cli(['apply', file, '--yes']);
  expect(first.code, first.stderr).toBe(0);
  expect(count(first.stderr, COST_WARNING)).toBe(1);
  for (const slug of ['zero-cost', 'zero-cost-two']) {
    const event = await eventBySlug(slug);
    expect([event.cost, event.cost_details.values]).toEqual(['Free', ['0']]);
  }
  const writes = sandbox.stats.writes;
  const second = await cli(['apply', file, '--yes']);
  expect(second.code, second.stderr).toBe(0);
  expect(second.stdout).toContain('no changes');
  expect(count(second.stderr, COST_WARNING)).toBe(1);
  expect(sandbox.stats.writes).toBe(writes);
});

test('an event a zero cost was lost on (an apply before this) is planned a change, and gets it', async () => {
  await api(sandbox, 'POST', 'events', {
    title: 'Lost zero',
    slug: 'lost-zero',
    start_date: '2030-03-01 10:00:00',
    end_date: '2030-03-01 11:00:00',
    cost: '0',
  });
  expect((await eventBySlug('lost-zero')).cost).toBe('');
  const file = `${home.home}/lost.yaml`;
  writeFileSync(file, 'events:\n  lost-zero:\n    title: Lost zero\n    start_date: 2030-03-01 10:00:00\n    end_date: 2030-03-01 11:00:00\n    cost: 0\n');
  const diff = await cli(['diff', file]);
  expect(diff.stdout).toContain('1 to change');
  expect((await cli(['apply', file, '--yes'])).code).toBe(0);
  expect((await eventBySlug('lost-zero')).cost).toBe('Free');
  expect((await cli(['diff', file])).stdout).toContain('no changes');
});
