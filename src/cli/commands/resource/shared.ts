/** What the verbs share on the command line: options read into the core's typed inputs, and dry runs printed. */
import {
  adjustableLinks,
  type ApiClient,
  type Context,
  type LinkAdjustments,
  type PlannedRequest,
  showsRawText,
  UsageError,
  type WriteMode,
  type WritePlan,
} from '../../../core/index.js';
import { flagName, type Resource } from '../../../spec/resources.js';
import type { GlobalOptions } from '../../session.js';
import { collectFields, flagValue, givenFlag } from './flags.js';
import type { FieldFlags, UpdateFlags } from './options.js';
import { readData } from './refs.js';

export function positive(raw: string, where: string): number {
  if (!/^[0-9]+$/.test(raw) || Number(raw) < 1) throw new UsageError(`${where}: "${raw}" is not a whole number of at least 1`);
  return Number(raw);
}

/**
 * The formats that carry data to a program or a file, whose texts must be the typed ones to go
 * back without loss. A table is read by a person: it shows the texts as the site shows them to
 * its visitors (entities decoded), which needs no second request.
 */
const DATA_FORMATS = new Set(['json', 'ndjson', 'csv', 'yaml']);

/**
 * Whether the records go out with their texts as typed (titles, descriptions, excerpts as the
 * editor wrote them, read from the core route): every data format that shows text, unless
 * `--rendered` asks for the site's rendering. IDs and counts show none, nor `--fields` that name no text;
 * iCalendar reads its own (output/ics.ts).
 * A language asked for (`--lang`) reads the texts in that language, which only the plugin's
 * routes give: the core route's typed text is the default language's. Without credentials the
 * site gives no typed text (`context=edit` needs a user who may edit): nothing is asked.
 */
export function showsTypedText(resource: Resource, opts: { rendered?: boolean }, output: { format: string; fields?: string[] }, client: ApiClient): boolean {
  if (opts.rendered === true || client.language !== undefined || !client.hasCredentials) return false;
  const { format, fields } = output;
  return DATA_FORMATS.has(format) && showsRawText(resource, fields);
}

/** --add-x and --remove-x of the list links, as the core takes them. */
export function linkAdjustmentsOf(resource: Resource, opts: UpdateFlags): LinkAdjustments {
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  return Object.fromEntries(
    adjustableLinks(resource).map((field) => [
      field.name,
      { add: text(flagValue(opts, `add-${flagName(field.name)}`)), remove: text(flagValue(opts, `remove-${flagName(field.name)}`)) },
    ]),
  );
}

/**
 * Flags merged over --data (and the answers of a guided create over both), checked against the
 * resource's schema (problems named by their flags): the fields by their API names.
 */
export async function writeBody(
  resource: Resource,
  opts: FieldFlags & { data?: string },
  ctx: Context,
  mode: WriteMode,
  { changesElsewhere = false, answers = {} }: { changesElsewhere?: boolean; answers?: Record<string, unknown> } = {},
): Promise<Record<string, unknown>> {
  const data = await readData(opts.data, ctx);
  const merged = { ...data, ...collectFields(resource.fields, opts), ...answers };
  const { checkWrite } = await import('../../../core/index.js');
  const record = await checkWrite(resource, merged, mode, (field) => givenFlag(resource.fields, field, opts));
  if (mode === 'update' && Object.keys(record).length === 0 && !changesElsewhere) {
    throw new UsageError('nothing to update', `Give at least one field, e.g. --${resource.fields[0].name.replace(/_/g, '-')} VALUE, or --data.`);
  }
  return record;
}

/** A dry run's plan: each request as it would be sent, or with --format json the plan itself, for scripts. */
export function printPlanned(ctx: Context, client: ApiClient, planned: PlannedRequest | WritePlan, opts: GlobalOptions = {}): void {
  if (!('requests' in planned)) printRequest(ctx, client, planned);
  else if (opts.format === 'json' || opts.json === true) ctx.stdout.write(`${JSON.stringify(planned, null, 2)}\n`);
  else if (planned.requests.length === 0) {
    const which = planned.unchanged.length ? ` (${planned.unchanged.join(', ')} already as asked)` : '';
    ctx.stderr.write(`Nothing to change${which}: no request would be sent.\n`);
  } else
    planned.requests.forEach((request, at) => {
      if (at > 0) ctx.stdout.write('\n');
      printRequest(ctx, client, request);
    });
}

/** --dry-run: the request as it would be sent, credentials masked; nothing is sent. */
function printRequest(ctx: Context, client: ApiClient, planned: PlannedRequest): void {
  const lines: string[] = [];
  // A follow-up of a create: {id} is the ID the create answers.
  if (planned.path.includes('{id}')) {
    const when = planned.when ? `, only if the site gives it another ${planned.when.field} than ${JSON.stringify(planned.when.isNot)}` : '';
    lines.push(`# then, to the record created ({id}: its ID)${when}:`);
  }
  lines.push(`${planned.method} ${client.url(planned.path, planned.query, planned.fromRoot).replace('%7Bid%7D', '{id}')}`);
  if (client.hasCredentials) lines.push('Authorization: Basic ********');
  if (planned.body !== undefined) lines.push('Content-Type: application/json', '', JSON.stringify(planned.body, null, 2));
  ctx.stdout.write(`${lines.join('\n')}\n`);
}
