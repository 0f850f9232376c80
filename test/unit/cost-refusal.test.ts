import { describe, expect, test } from 'vitest';
import { resources } from '../../src/spec/resources.js';
import { costRefusal } from '../../src/core/records/safe-update.js';

// An event as the tribe route shows it: a cost with amounts, which no API gives as typed.
const event = { id: 7, title: 'x', cost: '$10 &ndash; $30', cost_details: { currency_symbol: '$', values: ['10', '30'] } };

describe('an update that cannot keep the cost says which field and what to give', () => {
  test('the map settings that kept it off tec/v1 are named, each with its flag', () => {
    const line = costRefusal(resources.events, event, { title: 'y' }, false, ['show_map_link'])!;
    expect(line).toMatch(/^show_map_link: /);
    expect(line).toContain('--show-map-link');
    expect(line).not.toMatch(/--show-map(?!-link)/);
    expect(line).toContain('"$10 – $30"');
  });

  test('on the tribe route alone the cost itself is named', () => {
    expect(costRefusal(resources.events, event, { title: 'y' }, false)).toMatch(/^cost: .*--cost TEXT.*--force/);
  });

  test('a given cost, --force, or no cost is no refusal', () => {
    expect(costRefusal(resources.events, event, { title: 'y', cost: '€10' }, false, ['show_map'])).toBeUndefined();
    expect(costRefusal(resources.events, event, { title: 'y' }, true, ['show_map'])).toBeUndefined();
    expect(costRefusal(resources.events, { ...event, cost: '' }, { title: 'y' }, false)).toBeUndefined();
  });
});
