/**
 * The CLI's hint for a write the core refused (src/core/write/plan.ts WriteRefusal): the core
 * names the field by its API name and gives the values; the flags to use are said here.
 */
import { flagName } from '../../spec/resources.js';

interface Refusal {
  code: string;
  field: string;
  values: Record<string, unknown>;
}

const isRefusal = (err: unknown): err is Refusal =>
  err !== null && typeof err === 'object' && 'values' in err && 'field' in err && typeof (err as Refusal).code === 'string';

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
