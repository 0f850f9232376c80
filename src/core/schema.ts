/**
 * zod schemas of the writable records, derived from the resource table. They check
 * flags merged with --data, and every record of an import file, before anything is sent.
 */
import { z } from 'zod';
import { UsageError } from './errors.js';
import { coerceValue } from './values.js';
import type { Field, Resource } from '../spec/resources.js';

export type WriteMode = 'create' | 'update';

function fieldSchema(field: Field, required = false) {
  return z.unknown().transform((raw, ctx) => {
    if (required && (raw === undefined || raw === null)) {
      ctx.addIssue({ code: 'custom', message: 'is required' });
      return z.NEVER;
    }
    try {
      return coerceValue(field, raw, field.name);
    } catch (err) {
      const message = err instanceof UsageError ? err.message.replace(`${field.name}: `, '') : String(err);
      const hint = err instanceof UsageError ? err.hint : undefined;
      ctx.addIssue({ code: 'custom', message, ...(hint ? { params: { hint } } : {}) });
      return z.NEVER;
    }
  });
}

const cache = new Map<string, z.ZodType<Record<string, unknown>>>();
/** Schemas of key sets kept at most; past it, records of other key sets take the whole schema. */
const MAX_KEY_SETS = 64;

/**
 * The schema of a record with these keys: the fields it gives and those a create needs, strict,
 * so that a key which is not a field is refused. The rows of a file share a few key sets, and a
 * schema of their three fields checks a row in half the time one of all twenty takes. A record
 * with an unknown key gets the whole schema, whose message names every writable field.
 */
export function writeSchema(resource: Resource, mode: WriteMode, keys: readonly string[]): z.ZodType<Record<string, unknown>> {
  const given = new Set(keys);
  const fields = resource.fields.filter((f) => given.has(f.name) || (mode === 'create' && f.required));
  const known = fields.filter((f) => given.has(f.name)).length === given.size;
  let key = `${resource.name}:${mode}:${known ? fields.map((f) => f.name).join(',') : '*'}`;
  if (known && !cache.has(key) && cache.size >= MAX_KEY_SETS) key = `${resource.name}:${mode}:*`;
  let schema = cache.get(key);
  if (!schema) {
    const shape: Record<string, z.ZodType> = {};
    for (const field of key.endsWith(':*') ? resource.fields : fields) {
      shape[field.name] = mode === 'create' && field.required ? fieldSchema(field, true) : fieldSchema(field).optional();
    }
    schema = z.strictObject(shape) as unknown as z.ZodType<Record<string, unknown>>;
    cache.set(key, schema);
  }
  return schema;
}

export interface RecordProblem {
  field: string;
  message: string;
  /** What to do about it (the accepted date forms, the zone that was probably meant). */
  hint?: string;
}

/** Checks one record; returns the wire-ready record or the list of problems. */
export function checkRecord(
  resource: Resource,
  input: unknown,
  mode: WriteMode,
): { ok: true; record: Record<string, unknown> } | { ok: false; problems: RecordProblem[] } {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    return { ok: false, problems: [{ field: '(record)', message: 'expected a JSON object' }] };
  }
  const defined = Object.fromEntries(Object.entries(input as Record<string, unknown>).filter(([, v]) => v !== undefined));
  const result = writeSchema(resource, mode, Object.keys(defined)).safeParse(defined);
  if (result.success) return { ok: true, record: result.data };
  const writable = resource.fields.map((f) => f.name).join(', ');
  const problems = result.error.issues.flatMap((issue): RecordProblem[] => {
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((k) => ({ field: k, message: `not a writable ${resource.singular} field (writable: ${writable})` }));
    }
    const field = String(issue.path[0] ?? '(record)');
    const hint = issue.code === 'custom' ? (issue.params?.hint as string | undefined) : undefined;
    return [{ field, message: issue.message, ...(hint ? { hint } : {}) }];
  });
  return { ok: false, problems };
}
