/**
 * A record's writable fields as a YAML form for an editor, and the form read back as the
 * fields that changed. Loaded only by `edit`, which is the only command to need `yaml`.
 */
import { Document, isScalar, parse } from 'yaml';
import type { Resource } from '../../spec/resources.js';
import { decodeEntities, sameValue } from './identity.js';
import { toWritable } from './writable.js';

type Json = Record<string, unknown>;

const ERROR_PREFIX = '# error: ';

/**
 * The fields as the form shows them: links by slug, the name as it reads (`it’s`, `&`, where
 * the server shows `it&#8217;s`, `&#038;`, `&amp;`), everything else as the server takes it back.
 */
export function formValues(resource: Resource, record: Json): Json {
  const values = toWritable(resource, record, { links: 'slugs' });
  const name = values[resource.nameField];
  if (typeof name === 'string') values[resource.nameField] = decodeEntities(name);
  return values;
}

export function formText(resource: Resource, record: Json, values: Json): string {
  const name = decodeEntities(String(record[resource.nameField] ?? record.title ?? record.name ?? ''));
  const header = [
    `# ${resource.singular} ${String(record.id)}${name ? ` (${name})` : ''}. Lines starting with # are ignored.`,
    '# Save and quit to send the fields you changed; quit without saving, or empty the file, to abort.',
    `# Linked records are given by slug (or ID, or name).${resource.isEvent ? " Dates are wall-clock times in the event's timezone." : ''}`,
  ];
  const doc = new Document(values);
  // A description is HTML over several lines: a block scalar keeps it readable and editable.
  const description = doc.get('description', true);
  if (isScalar(description) && typeof description.value === 'string' && description.value !== '') description.type = 'BLOCK_LITERAL';
  return `${header.join('\n')}\n${doc.toString({ lineWidth: 0 })}`;
}

/** The text with the previous error lines taken out and the new error put on top. */
export function withError(text: string, message: string): string {
  const kept = text
    .split('\n')
    .filter((line) => !line.startsWith(ERROR_PREFIX) && !line.startsWith('#        '))
    .join('\n');
  const [first, ...rest] = message.trim().split('\n');
  return `${[ERROR_PREFIX + first, ...rest.map((l) => `#        ${l}`)].join('\n')}\n${kept}`;
}

export type FormReading = { kind: 'empty' } | { kind: 'invalid'; message: string } | { kind: 'changes'; changes: Json };

/** What the saved form says: nothing (aborted), an error to show, or the fields that differ from `original`. */
export function readForm(resource: Resource, text: string, original: Json): FormReading {
  const content = text
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('#'))
    .join('\n');
  if (content.trim() === '') return { kind: 'empty' };
  let parsed: unknown;
  try {
    parsed = parse(content);
  } catch (err) {
    return { kind: 'invalid', message: (err as Error).message };
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return { kind: 'invalid', message: 'the form must be a mapping of field: value' };
  const known = new Set(resource.fields.map((f) => f.name));
  const unknown = Object.keys(parsed).filter((key) => !known.has(key));
  if (unknown.length)
    return {
      kind: 'invalid',
      message: `unknown field${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}; ${resource.singular} fields are ${[...known].join(', ')}`,
    };
  const changes: Json = {};
  for (const [field, value] of Object.entries(parsed as Json)) {
    if (!sameValue(field, value, original[field])) changes[field] = value ?? '';
  }
  return { kind: 'changes', changes };
}
