/** `calendar api` paths as gh and WP-CLI read them: from the REST root when they start with a namespace. */
import { describe, expect, test } from 'vitest';
import { splitPath } from '../../src/cli/commands/api/actions.js';
import { api, json, useSite } from './helpers.js';

const site = useSite();

describe('calendar api PATH', () => {
  test.each([
    ['/wp/v2/tribe_events', '/wp/v2/tribe_events'],
    ['wp/v2/types?context=view', '/wp/v2/types'],
    ['/tec/v1/events', '/tec/v1/events'],
    ['/tribe/events/v1/venues/12', '/tribe/events/v1/venues/12'],
  ])('%s starts with a namespace: from the REST root', (raw, path) => {
    expect(splitPath(raw)).toMatchObject({ path, fromRoot: true });
  });

  test.each([['/venues'], ['events/12'], ['/events/v1-launch']])('%s is under the profile namespace', (raw) => {
    expect(splitPath(raw)).toMatchObject({ path: raw, fromRoot: false });
  });

  test('GET /wp/v2/tribe_events reads the core route, GET /tribe/events/v1/venues what /venues reads', async () => {
    await api(site.sandbox, 'POST', 'venues', { venue: 'Root Hall' });
    await api(site.sandbox, 'POST', 'events', { title: 'Root Talk', start_date: '2031-03-01 10:00:00', end_date: '2031-03-01 11:00:00' });
    const core = await site.cli(['--debug', 'api', 'GET', '/wp/v2/tribe_events']);
    expect(core.code, core.stderr).toBe(0);
    expect(core.stderr).toMatch(/debug: > GET http:\/\/127\.0\.0\.1:\d+\/wp-json\/wp\/v2\/tribe_events\n/);
    expect(json<Array<{ title: { rendered: string } }>>(core.stdout).map((e) => e.title.rendered)).toContain('Root Talk');
    const [full, relative] = await Promise.all([site.cli(['api', 'GET', '/tribe/events/v1/venues']), site.cli(['api', 'GET', '/venues'])]);
    expect(full.code, full.stderr).toBe(0);
    expect(json(full.stdout)).toEqual(json(relative.stdout));
  });
});
