/**
 * Real responses recorded from a WordPress + The Events Calendar 6.17.1 site, replayed
 * through the CLI's response handling: error decoding, "not found" translation, exit
 * codes, and turning records back into writable fields for a safe update.
 */
import { describe, expect, test } from 'vitest';
import { errorFromResponse, type ApiResponse } from '../../src/core/http/client.js';
import { translateNotFound, parseRef } from '../../src/core/records/refs.js';
import { resources, type ResourceName } from '../../src/spec/resources.js';
import { type CalendarError, EXIT } from '../../src/core/errors.js';
import { costText, toWritable } from '../../src/core/records/writable.js';
import { differences, mergeForUpdate } from '../../src/core/records/safe-update.js';
import { readResponse } from '../sandbox/recordings.js';

function recorded(name: string): ApiResponse {
  const { status, headers, body, text } = readResponse(name);
  const json = typeof body === 'string' ? undefined : body;
  return {
    status,
    headers,
    body: json,
    text: json === undefined ? text : undefined,
    raw: text,
    url: 'http://127.0.0.1:8080/wp-json/tribe/events/v1/x',
    method: 'GET',
  };
}

function outcome(name: string, resource: ResourceName, ref: string, verb: 'get' | 'update' | 'delete' = 'get') {
  const err = translateNotFound(errorFromResponse(recorded(name)), resources[resource], parseRef(resources[resource], ref), verb) as CalendarError;
  return { code: err.exitCode, message: err.message };
}

describe('not found, however the server says it', () => {
  test.each([
    ['event_get_nonexistent', 'events', '999999'],
    ['event_get_by_slug_nonexistent', 'events', 'no-such-event'],
    ['event_get_not_an_event', 'events', '4'],
    ['event_delete_nonexistent', 'events', '999999'],
    ['event_update_nonexistent', 'events', '999999'],
    ['venue_get_nonexistent', 'venues', '999999'],
    ['venue_get_by_slug_nonexistent', 'venues', 'no-such-venue'],
    ['organizer_get_nonexistent', 'organizers', '999999'],
    ['organizer_delete_nonexistent', 'organizers', '999999'],
    ['organizer_delete_by_slug_nonexistent', 'organizers', 'no-such-org'],
    ['category_get_nonexistent', 'categories', '999999'],
    ['category_delete_nonexistent', 'categories', '999999'],
    ['tag_get_nonexistent', 'tags', '999999'],
    ['tag_delete_again', 'tags', '6'],
    ['id_not_numeric', 'events', 'abc'],
  ] as Array<[string, ResourceName, string]>)('%s -> exit 3', (name, resource, ref) => {
    const { code, message } = outcome(name, resource, ref);
    expect(code).toBe(EXIT.notFound);
    expect(message).toBe(`${resources[resource].singular} ${ref} not found`);
  });

  test.each([
    ['event_delete_again', 'events', '23'],
    ['venue_delete_again', 'venues', '5'],
  ] as Array<[string, ResourceName, string]>)('%s -> already in the trash, exit 3', (name, resource, ref) => {
    const { code, message } = outcome(name, resource, ref, 'delete');
    expect(code).toBe(EXIT.notFound);
    expect(message).toBe(`${resources[resource].singular} ${ref} is already in the trash`);
  });
});

describe('other errors keep their meaning', () => {
  test.each([
    ['events_list_bad_date', EXIT.refused, /start_date/],
    ['events_list_per_page_0', EXIT.refused, /per_page/],
    ['events_list_categories_unknown', EXIT.refused, /categories/],
    ['event_create_missing_dates', EXIT.refused, /rest_missing_callback_param, HTTP 400/],
    ['venue_create_boolean_show_map', EXIT.refused, /show_map/],
    ['event_create_invalid_json', EXIT.refused, /rest_invalid_json/],
    ['category_create_duplicate', EXIT.refused, /term_exists/],
    ['event_create_unauthenticated', EXIT.auth, /rest_forbidden, HTTP 401/],
    ['event_create_wrong_password', EXIT.auth, /incorrect_password/],
    ['event_create_unknown_user', EXIT.auth, /Unknown username/],
    ['get_wrong_password', EXIT.auth, /HTTP 401/],
    ['event_get_draft_unauthenticated', EXIT.auth, /event-not-accessible, HTTP 403/],
    ['event_get_trashed', EXIT.auth, /HTTP 403/],
    ['events_list_page_out_of_range', EXIT.notFound, /event-archive-page-not-found/],
  ])('%s', (name, code, message) => {
    const err = errorFromResponse(recorded(name));
    expect(err.exitCode).toBe(code);
    expect(err.message).toMatch(message);
    expect(err.message).not.toMatch(/<strong>|&#/);
  });

  test('a 400 about another parameter is not turned into "not found"', () => {
    const { code } = outcome('events_list_categories_unknown', 'events', '12');
    expect(code).toBe(EXIT.refused);
  });

  test('401 without credentials says how to give them', () => {
    expect(errorFromResponse(recorded('event_create_unauthenticated')).hint).toMatch(/CALENDAR_APP_PASSWORD/);
  });
});

describe('records back to writable fields', () => {
  test('a full event keeps its links as IDs, its cost as text and its booleans', () => {
    const event = recorded('event_create_full').body as Record<string, unknown>;
    expect(toWritable(resources.events, event)).toMatchObject({
      title: 'Winter Jazz Night',
      start_date: '2026-12-05 19:00:00',
      end_date: '2026-12-05 22:30:00',
      timezone: 'America/New_York',
      venue: 4,
      organizer: [8],
      categories: [3, 2],
      tags: [6],
      cost: '15',
      website: 'https://jazz.example.com/winter',
      featured: true,
      show_map: true,
      show_map_link: false,
      sticky: false,
      all_day: false,
      author: 1,
      status: 'publish',
    });
  });

  test('a minimal event: no venue, and the permalink shown as website is not sent back', () => {
    const event = recorded('event_create_minimal').body as Record<string, unknown>;
    const writable = toWritable(resources.events, event);
    expect(writable).not.toHaveProperty('venue');
    expect(writable.organizer).toEqual([]);
    expect(writable).not.toHaveProperty('website');
    expect(writable).not.toHaveProperty('image');
    expect(writable).not.toHaveProperty('description');
  });

  test('export form uses slugs for links', () => {
    const event = recorded('event_create_full').body as Record<string, unknown>;
    expect(toWritable(resources.events, event, { links: 'slugs' })).toMatchObject({
      venue: 'blue-note-hall',
      organizer: ['jazz-society'],
      categories: ['jazz', 'music'],
      tags: ['family-friendly'],
    });
  });

  test('cost text from the recorded cost details', () => {
    expect(costText(recorded('event_create_terms_by_name').body as Record<string, unknown>)).toBe('5 - 10');
    expect(costText(recorded('event_create_all_day').body as Record<string, unknown>)).toBe('Free');
    expect(costText(recorded('event_create_inline_venue_organizer').body as Record<string, unknown>)).toBe('$12');
    // A word keeps the casing the event shows, not the lower case of cost_details.
    expect(costText({ cost: 'Donation', cost_details: { currency_symbol: '', currency_position: '', values: ['donation'] } })).toBe('Donation');
    expect(costText({ cost: 'Pay What You Can', cost_details: { currency_symbol: '', currency_position: '', values: ['pay what you can'] } })).toBe(
      'Pay What You Can',
    );
  });

  test('a venue keeps show_map as strings and its state', () => {
    const venue = recorded('venue_create').body as Record<string, unknown>;
    expect(toWritable(resources.venues, venue)).toMatchObject({
      venue: 'Blue Note Hall',
      show_map: 'true',
      show_map_link: 'false',
      stateprovince: 'NY',
      zip: '10012',
    });
  });

  test('the recorded update that lost fields is detected by the safe update check', () => {
    const before = recorded('event_create_full').body as Record<string, unknown>;
    const after = recorded('event_update_omitted_fields').body as Record<string, unknown>;
    // The cost is never taken from the record (it shows otherwise than it is stored): the caller gives it or the update is refused.
    const sent = { ...mergeForUpdate(resources.events, before, { title: 'Winter Jazz Night (updated)' }), cost: '15' };
    expect(sent).toMatchObject({ title: 'Winter Jazz Night (updated)', featured: true, organizer: [8], cost: '15' });
    expect(mergeForUpdate(resources.events, before, { title: 'x' }).cost).toBeUndefined();
    const lost = differences(resources.events, after, sent).map((d) => d.field);
    expect(lost).toEqual(expect.arrayContaining(['featured', 'organizer', 'cost', 'website']));
    expect(lost).not.toContain('title');
  });

  test('a cost the server shows as sent, give or take spaces, is kept whatever its parsed values say', () => {
    const shown = { cost: '15,50€', cost_details: { currency_symbol: '€', currency_code: '', currency_position: 'postfix', values: ['15.50'] } };
    expect(differences(resources.events, shown, { cost: '15,50 €' })).toEqual([]);
    expect(differences(resources.events, shown, { cost: '15.50€' })).toEqual([]);
    expect(differences(resources.events, shown, { cost: '16,50 €' }).map((d) => d.field)).toEqual(['cost']);
  });
});
