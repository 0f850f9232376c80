import { describe, expect, test } from 'vitest';
import { translationPluginIn, translationsIn } from '../../src/cli/commands/profile/discover.js';

// The namespaces of a real site with The Events Calendar 6.17.1 and no translation plugin.
const REAL_SITE = [
  'oembed/1.0',
  'tribe/event-aggregator/v1',
  'tribe/events/v1',
  'tribe/views/v2',
  'tec/v2/onboarding',
  'tec/v1',
  'wp/v2',
  'wp-site-health/v1',
  'wp-block-editor/v1',
  'wp-abilities/v1',
];

describe('a translation plugin in the REST index', () => {
  test('WPML and Polylang namespaces count, nothing else does', () => {
    expect(translationPluginIn(REAL_SITE)).toBe(false);
    expect(translationPluginIn([...REAL_SITE, 'wpml/v1'])).toBe(true);
    expect(translationPluginIn([...REAL_SITE, 'wpml/tm/v1'])).toBe(true);
    expect(translationPluginIn([...REAL_SITE, 'pll/v1'])).toBe(true);
    expect(translationPluginIn([...REAL_SITE, 'pllx/v1', 'my-wpml/v1'])).toBe(false);
  });
});

describe('a site that says it honours i18n_language', () => {
  test('calendar serve states its languages; an empty or missing statement is none', () => {
    expect(translationsIn({ calendar_sandbox: { i18n_languages: ['fr', 'it', 'es'] } }, REAL_SITE)).toBe(true);
    expect(translationsIn({ calendar_sandbox: { i18n_languages: [] } }, REAL_SITE)).toBe(false);
    expect(translationsIn({ calendar_sandbox: 'yes' }, REAL_SITE)).toBe(false);
    expect(translationsIn({}, REAL_SITE)).toBe(false);
    expect(translationsIn({}, [...REAL_SITE, 'pll/v1'])).toBe(true);
  });
});
