/**
 * A venue's combined `stateprovince`, which the plugin writes on every save from the fields that
 * save sends (not from those stored): `stateprovince` itself; else `state`, but only for no country,
 * `US` or `United States`; else `province`; else nothing. A save that sends none of them clears it.
 */
import type { Params } from '../common/params.js';

const STATE_COUNTRIES = new Set(['', 'US', 'United States']);

export function stateProvince(sent: Params): string {
  const text = (key: string) => (typeof sent[key] === 'string' || typeof sent[key] === 'number' ? String(sent[key]) : '');
  if (text('stateprovince')) return text('stateprovince');
  if (text('state') && STATE_COUNTRIES.has(text('country'))) return text('state');
  return text('province');
}
