/**
 * The CLI's hints: the core names the field by its API name and gives the values; the flags and the
 * command lines to use are said here. A write the core refused (src/core/write/plan.ts WriteRefusal)
 * gets the flags that get past it; a few core errors get the command that helps (by their code).
 */
import { flagName } from '../../spec/resources.js';

interface Refusal {
  code: string;
  field: string;
  values: Record<string, unknown>;
}

const isRefusal = (err: unknown): err is Refusal =>
  err !== null && typeof err === 'object' && 'values' in err && 'field' in err && typeof (err as Refusal).code === 'string';

/** The hint the CLI prints under a core error: the core's own, with the CLI's command where one helps. */
export function hintOf(err: { code: string; hint?: string; values?: Record<string, unknown> }): string | undefined {
  const values = err.values ?? {};
  if (err.code === 'not_a_ref' && values.resource === 'events')
    return `${err.hint} Find them with: calendar events list --search ${JSON.stringify(String(values.text))}`;
  if (err.code === 'unknown_profile' && (values.stored as unknown[] | undefined)?.length === 0)
    return `${err.hint} Add one with: calendar profile add NAME --url https://example.org`;
  if (err.code === 'project_site_untrusted') return `Add it as your own profile with: calendar profile add NAME --url ${String(values.origin)}`;
  if (err.code === 'redirected') return `${err.hint} E.g. calendar profile add NAME --url ${String(values.url)}`;
  return writeHint(err) ?? err.hint;
}

/** The flags that get past a refusal of the planner; undefined for any other error. */
export function writeHint(err: unknown): string | undefined {
  if (!isRefusal(err)) return undefined;
  if (err.code === 'cost_reformatted')
    return `Give the cost as it should be stored (--cost TEXT, or a cost column), or --force to store "${String(err.values.stored)}".`;
  if (err.code === 'setting_forced') {
    const flags = ((err.values.settings as string[] | undefined) ?? []).map((field) => `--${flagName(field)}`).join(' ');
    return `Give the cost as it should be stored (--cost TEXT, or a cost column), or ${flags} to let it be on, or --force (it turns on).`;
  }
  return undefined;
}
