import { describe, expect, test } from 'vitest';
import { resources } from '../../src/spec/resources.js';
import { costRefusal } from '../../src/core/write/plan.js';
import { writeHint } from '../../src/cli/output/write-hints.js';
import { errorIn } from '../../src/core/errors.js';

// An event as the tribe route shows it: a cost with amounts, which no API gives as typed.
const event = { id: 7, title: 'x', cost: '$10 &ndash; $30', cost_details: { currency_symbol: '$', values: ['10', '30'] } };

describe('an update that cannot keep the cost says which field and what to give', () => {
  test('the map settings that kept it off tec/v1 are named, each with its flag', () => {
    const refusal = costRefusal(resources.events, event, { title: 'y' }, false, ['show_map_link'])!;
    expect(refusal.message).toMatch(/^show_map_link: /);
    expect(refusal.message).not.toContain('--');
    expect(refusal).toMatchObject({ code: 'setting_forced', field: 'cost', values: { shown: '$10 – $30' } });
    const hint = writeHint(refusal)!;
    expect(hint).toContain('--show-map-link');
    expect(hint).not.toMatch(/--show-map(?!-link)/);
    expect(refusal.message).toContain('"$10 – $30"');
    expect(refusal.hint).toBe('Give the cost as it should be stored (cost), or show_map_link: true to let it be on, or force: true (it turns on).');
  });

  test('on the tribe route alone the cost itself is named', () => {
    const refusal = costRefusal(resources.events, event, { title: 'y' }, false)!;
    expect(refusal.message).toMatch(/^cost: /);
    expect(refusal).toMatchObject({ code: 'cost_reformatted', field: 'cost' });
    expect(writeHint(refusal)).toMatch(/--cost TEXT.*--force/);
    // The library and a tool read the core's own hint, with their options.
    expect(refusal.hint).toBe('Give the cost as it should be stored (cost), or force: true to store "$10 - $30".');
    expect(errorIn(refusal, 'tool').hint).toBe(refusal.hint);
    expect(refusal.options).toEqual(['cost', 'force']);
  });

  test('a given cost, --force, or no cost is no refusal', () => {
    expect(costRefusal(resources.events, event, { title: 'y', cost: '€10' }, false, ['show_map'])).toBeUndefined();
    expect(costRefusal(resources.events, event, { title: 'y' }, true, ['show_map'])).toBeUndefined();
    expect(costRefusal(resources.events, { ...event, cost: '' }, { title: 'y' }, false)).toBeUndefined();
  });
});
