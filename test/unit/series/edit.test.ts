/** The series operations of the core against a sandbox: create, then each edit and delete form. */
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { ApiClient } from '../../../src/core/http/client.js';
import { resources } from '../../../src/spec/resources.js';
import type { Sandbox } from '../../../src/sandbox/index.js';
import { clientOf, startSeriesSandbox } from './sandbox-client.js';
import { createSeries, planSeries } from '../../../src/core/series/create.js';
import { deleteSeries, updateSeries } from '../../../src/core/series/edit.js';
import { findMembers, readSeries } from '../../../src/core/series/store.js';

type Json = Record<string, any>;
let sandbox: Sandbox;
let client: ApiClient;

beforeEach(async () => {
  sandbox = await startSeriesSandbox();
  client = clientOf(sandbox);
});
afterEach(async () => {
  await client.close();
  await sandbox.close();
});

const first = { title: 'Weekly yoga', start_date: '2027-03-02 19:00:00', end_date: '2027-03-02 20:00:00', timezone: 'Europe/Paris', status: 'publish' };
const events = async () =>
  ((await client.call<Json>('GET', 'events', { query: { per_page: 50, starts_after: '2027-01-01' } })).body.events as Json[]).map((e) => [
    e.slug,
    e.title,
    e.start_date,
  ]);

async function made(rule = 'FREQ=WEEKLY;COUNT=4', except: string[] = []) {
  const plan = await planSeries(first, { rule, except }, 'America/New_York', 'abc123');
  const report = await createSeries(client, plan);
  expect(report.failed).toEqual([]);
  return report.created;
}

describe('a series on the site', () => {
  test('create: one event per occurrence, slugs naming the series and the day, the rule in the tag, one publication date', async () => {
    const created = await made('FREQ=WEEKLY;COUNT=4', ['2027-03-16']);
    expect(new Set(created.map((e) => e.date)).size).toBe(1);
    expect(await events()).toEqual([
      ['weekly-yoga-series-abc123-20270302', 'Weekly yoga', '2027-03-02 19:00:00'],
      ['weekly-yoga-series-abc123-20270309', 'Weekly yoga', '2027-03-09 19:00:00'],
      ['weekly-yoga-series-abc123-20270323', 'Weekly yoga', '2027-03-23 19:00:00'],
    ]);
    const series = await readSeries(client, 'abc123');
    expect(series).toMatchObject({
      stem: 'weekly-yoga-series-abc123',
      rule: 'FREQ=WEEKLY;COUNT=4',
      anchor: { start: '2027-03-02 19:00:00', timezone: 'Europe/Paris' },
    });
    expect((await findMembers(client, series!)).map((m) => m.position)).toEqual([1, 2, 4]);
  });

  test('one occurrence moved stays in the series; --series changes the title and time of all, the moved one by as much', async () => {
    const created = await made();
    await client.call('POST', `events/${created[1].id}`, { body: { start_date: '2027-03-10 19:00:00', end_date: '2027-03-10 20:00:00' } });
    const target = (await client.call<Json>('GET', `events/${created[0].id}`)).body;
    const report = await updateSeries(client, target, { title: 'Yoga', start_date: '2027-03-02 18:00:00', end_date: '2027-03-02 19:00:00' }, 'series');
    expect(report.failed).toEqual([]);
    expect(await events()).toEqual([
      ['weekly-yoga-series-abc123-20270302', 'Yoga', '2027-03-02 18:00:00'],
      ['weekly-yoga-series-abc123-20270309', 'Yoga', '2027-03-10 18:00:00'],
      ['weekly-yoga-series-abc123-20270316', 'Yoga', '2027-03-16 18:00:00'],
      ['weekly-yoga-series-abc123-20270323', 'Yoga', '2027-03-23 18:00:00'],
    ]);
    expect((await readSeries(client, 'abc123'))?.anchor.start).toBe('2027-03-02 18:00:00');
  });

  test('--following: this and the later ones form a new series; the earlier part keeps the old one, its rule ending before', async () => {
    const created = await made();
    const target = (await client.call<Json>('GET', `events/${created[2].id}`)).body;
    const report = await updateSeries(client, target, { title: 'Evening yoga' }, 'following');
    const id = report.series.id;
    expect(id).not.toBe('abc123');
    expect(await events()).toEqual([
      ['weekly-yoga-series-abc123-20270302', 'Weekly yoga', '2027-03-02 19:00:00'],
      ['weekly-yoga-series-abc123-20270309', 'Weekly yoga', '2027-03-09 19:00:00'],
      [`evening-yoga-series-${id}-20270316`, 'Evening yoga', '2027-03-16 19:00:00'],
      [`evening-yoga-series-${id}-20270323`, 'Evening yoga', '2027-03-23 19:00:00'],
    ]);
    expect((await readSeries(client, 'abc123'))?.rule).toBe('FREQ=WEEKLY;UNTIL=20270316T175959Z');
    expect(await readSeries(client, id)).toMatchObject({ rule: 'FREQ=WEEKLY;COUNT=2', anchor: { start: '2027-03-16 19:00:00', end: '2027-03-16 20:00:00' } });
  });

  test('--series into another zone: the occurrences keep their wall-clock time there, and so does the rule', async () => {
    const created = await made('FREQ=WEEKLY;COUNT=2');
    const target = (await client.call<Json>('GET', `events/${created[0].id}`)).body;
    await updateSeries(client, target, { timezone: 'America/New_York' }, 'series');
    expect((await readSeries(client, 'abc123'))?.anchor).toMatchObject({ start: '2027-03-02 19:00:00', timezone: 'America/New_York' });
    expect((await events()).map((row) => row[2])).toEqual(['2027-03-02 19:00:00', '2027-03-09 19:00:00']);
  });

  test('--series cannot move occurrences to another day', async () => {
    const created = await made();
    const target = (await client.call<Json>('GET', `events/${created[0].id}`)).body;
    await expect(updateSeries(client, target, { start_date: '2027-03-03 19:00:00' }, 'series')).rejects.toThrow('not their day');
  });

  test('delete --following trashes this and the later ones and ends the rule before; --series trashes all and the tag', async () => {
    const created = await made();
    await deleteSeries(client, created[2], 'following');
    expect((await events()).map((row) => row[0])).toEqual(['weekly-yoga-series-abc123-20270302', 'weekly-yoga-series-abc123-20270309']);
    expect((await readSeries(client, 'abc123'))?.rule).toBe('FREQ=WEEKLY;UNTIL=20270316T175959Z');
    const report = await deleteSeries(client, created[0], 'series');
    expect([report.trashed.length, report.seriesRemoved]).toEqual([2, true]);
    expect(await events()).toEqual([]);
    expect(await readSeries(client, 'abc123')).toBeUndefined();
  });

  test('an event that is not an occurrence is refused before anything is sent', async () => {
    const single = (await client.call<Json>('POST', resources.events.path, { body: { ...first, slug: 'single' } })).body;
    await expect(updateSeries(client, single, { title: 'x' }, 'series')).rejects.toThrow('is not an occurrence of a series');
  });
});
