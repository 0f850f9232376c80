/**
 * The tools' input schemas (JSON Schema, as the client reads them), derived from the resource
 * table: each field with its JSON type and the table's description. The values are not checked
 * here: the core checks and converts them (src/core/schema.ts), so that a bad value gets the
 * CLI's own message.
 */
import { refuseUnknownKeys } from '../core/index.js';
import { linkFields, type Field, type Resource, type ValueType } from '../spec/resources.js';
import { RELATIVE_DATES } from './dates.js';

/** A fragment of JSON Schema. */
export type JsonSchema = Record<string, unknown>;

const ID_OR_TEXT = { type: ['integer', 'string'] };
const MANY = { type: ['array', 'string'], items: ID_OR_TEXT };

const JSON_TYPES: Record<ValueType, JsonSchema> = {
  string: { type: 'string' },
  text: { type: 'string' },
  date: { type: 'string' },
  url: { type: 'string' },
  email: { type: 'string' },
  integer: { type: 'integer', minimum: 0 },
  positive: { type: 'integer', minimum: 1 },
  id: { type: 'integer', minimum: 1 },
  number: { type: 'number' },
  boolean: { type: 'boolean' },
  boolstring: { type: 'boolean' },
  ref: ID_OR_TEXT,
  refs: MANY,
  ids: MANY,
  terms: MANY,
  list: { type: ['array', 'string'], items: { type: 'string' } },
  untyped: { type: ['string', 'number'] },
};

/** Said once in the description of a tool that takes dates, rather than on each of its date fields. */
const DATE_FORMS = 'YYYY-MM-DD, "YYYY-MM-DD HH:MM[:SS]" (wall clock in the event\'s zone, else the site\'s), ISO 8601 with an offset';
export const DATES_ACCEPTED = `Dates: ${DATE_FORMS}. ${RELATIVE_DATES}`;

/** What a value of this field is, for the client: the table's words, then what is not obvious from the type. */
function describe(field: Field): string {
  const parts = [field.description];
  if (field.negated) parts.push(`(false: ${field.negated})`);
  if (field.many || field.type === 'ids' || field.type === 'terms' || field.type === 'list') parts.push('(a list, or one comma-separated string)');
  if (field.many && field.relation) parts.push('(replaces the whole list: add_… and remove_… change it in part)');
  if (field.suggestions) parts.push(`(usually one of: ${field.suggestions.join(', ')})`);
  return parts.join(' ');
}

/** The fields as tool inputs, keyed by their API names. */
export function fieldInputs(fields: readonly Field[]): Record<string, JsonSchema> {
  return Object.fromEntries(
    fields.map((field) => [field.name, { ...JSON_TYPES[field.type], ...(field.choices ? { enum: field.choices } : {}), description: describe(field) }]),
  );
}

/** Whether any of the fields is a date (the tool's description then says which forms are taken). */
export const takesDates = (fields: readonly Field[]) => fields.some((f) => f.type === 'date');

export interface ToolInput {
  type: 'object';
  properties: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties: false;
}

/** The object a tool takes. The client is told that it takes no other key; the server refuses one given anyway (unknownArgument). */
export function toolInput(properties: Record<string, JsonSchema>, required: string[] = []): ToolInput {
  return { type: 'object', properties, ...(required.length ? { required } : {}), additionalProperties: false };
}

/** `ref`: how the CLI addresses one record (venues, organizers, categories and tags also by their exact name). */
export function refInput(resource: Resource): JsonSchema {
  return { ...ID_OR_TEXT, description: `the ${resource.singular}: its ID or slug${resource.namedRefs ? ', or its exact name' : ''}` };
}

/** The list links of a resource (organizers, categories, tags): their add_… and remove_… inputs. */
export const linksOf = (resource: Resource): Field[] => linkFields(resource).filter((f) => f.many && f.relation);

/** `add_tags`, `remove_tags`...: records added to or removed from a list, the rest of it kept. */
export function listAdjustments(resource: Resource): Record<string, JsonSchema> {
  return Object.fromEntries(
    linksOf(resource).flatMap((f) => [
      [`add_${f.relation}`, { type: 'array', items: ID_OR_TEXT, description: `${f.relation} to add (IDs, slugs or names), the others kept` }],
      [`remove_${f.relation}`, { type: 'array', items: ID_OR_TEXT, description: `${f.relation} to remove (IDs, slugs or names), the others kept` }],
    ]),
  );
}

/**
 * Refuses an argument the tool does not take, rather than dropping it: a client that sent
 * `per_page` or `days` must not believe it was honoured.
 */
export function refuseUnknownArguments(tool: { name: string; input: ToolInput }, args: Record<string, unknown>): void {
  const paged = Object.hasOwn(tool.input.properties, 'cursor');
  refuseUnknownKeys(args, Object.keys(tool.input.properties), `arguments of ${tool.name}`, (key) =>
    paged && (key === 'per_page' || key === 'page') ? "Pages go by `limit` and the answer's `next` cursor." : undefined,
  );
}
