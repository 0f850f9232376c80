/** WordPress's `_fields`: keeps only the named keys (dot paths reach into objects), in the record's own order. */
import { asList } from '../common/params.js';

type Json = Record<string, unknown>;

function pick(record: Json, paths: string[][]): Json {
  const out: Json = {};
  for (const [key, value] of Object.entries(record)) {
    const wanted = paths.filter((path) => path[0] === key);
    if (!wanted.length) continue;
    if (wanted.some((path) => path.length === 1) || typeof value !== 'object' || value === null || Array.isArray(value)) out[key] = value;
    else
      out[key] = pick(
        value as Json,
        wanted.map((path) => path.slice(1)),
      );
  }
  return out;
}

/** `body` trimmed to the `_fields` asked for; a list is trimmed record by record. Unchanged without `_fields`. */
export function applyFieldsParam(body: unknown, fields: unknown): unknown {
  const names = asList(fields);
  if (!names.length || typeof body !== 'object' || body === null) return body;
  const paths = names.map((name) => name.split('.'));
  if (Array.isArray(body)) return body.map((item) => (typeof item === 'object' && item !== null ? pick(item as Json, paths) : item));
  return pick(body as Json, paths);
}

/** The top-level keys `_fields` names (`title.rendered` names `title`); undefined without `_fields`. */
export function fieldsParamKeys(fields: unknown): ReadonlySet<string> | undefined {
  const names = asList(fields);
  return names.length ? new Set(names.map((name) => name.split('.')[0])) : undefined;
}
