/** What the verbs share: options, checks of write bodies, dry runs. */
import type { Context } from '../../../core/context.js';
import { UsageError } from '../../../core/errors.js';
import type { ApiClient } from '../../../core/http/client.js';
import { wpRoute, type Resource } from '../../../spec/resources.js';
import type { UpdatePlan } from '../../../core/records/safe-update.js';
import type { WriteMode } from '../../../core/schema.js';
import type { GlobalOptions } from '../../session.js';
import { collectFields } from './flags.js';
import { readData } from './refs.js';

export type Opts = GlobalOptions & Record<string, unknown>;

export function positive(raw: string, where: string): number {
  if (!/^[0-9]+$/.test(raw) || Number(raw) < 1) throw new UsageError(`${where}: "${raw}" is not a whole number of at least 1`);
  return Number(raw);
}

export function passwordQuery(opts: Opts): Record<string, string> | undefined {
  if (opts.password === undefined) return undefined;
  if (String(opts.password) === '') throw new UsageError('--password must not be empty');
  return { password: String(opts.password) };
}

/** Flags merged over --data, checked against the resource's schema. */
export async function writeBody(resource: Resource, opts: Opts, ctx: Context, mode: WriteMode, changesElsewhere = false): Promise<Record<string, unknown>> {
  const data = await readData(opts.data as string | undefined, ctx);
  const merged = { ...data, ...collectFields(resource.fields, opts) };
  const { checkRecord } = await import('../../../core/schema.js');
  const checked = checkRecord(resource, merged, mode);
  if (!checked.ok) {
    const [first, ...rest] = checked.problems;
    const flag = `--${first.field.replace(/_/g, '-')}`;
    const more = rest.length ? ` (and ${rest.length} more: ${rest.map((p) => p.field).join(', ')})` : '';
    throw new UsageError(`${resource.singular} ${first.field === '(record)' ? '' : `${flag}: `}${first.message}${more}`, first.hint);
  }
  if (mode === 'update' && Object.keys(checked.record).length === 0 && !changesElsewhere) {
    throw new UsageError('nothing to update', `Give at least one field, e.g. --${resource.fields[0].name.replace(/_/g, '-')} VALUE, or --data.`);
  }
  return checked.record;
}

/** Links resolved to checked IDs and event dates settled, for the body of a write. */
export async function finishBody(
  resource: Resource,
  client: ApiClient,
  profileZone: string | undefined,
  body: Record<string, unknown>,
  opts: Opts,
  current?: Record<string, unknown>,
) {
  const { Resolver, resolveLinks } = await import('../../../core/records/resolve.js');
  let out = await resolveLinks(new Resolver(client), resource, body, { createMissing: opts.createMissing === true && !opts.dryRun });
  if (resource.name === 'events') {
    const { ZoneSource, settleEventDates } = await import('../../../core/records/dates.js');
    out = await settleEventDates(out, new ZoneSource(client, profileZone), current, { keepDuration: opts.keepDuration !== false });
  }
  return out;
}

/** --dry-run: the request as it would be sent, credentials masked; nothing is sent. */
export async function dryRunInSession(
  ctx: Context,
  client: ApiClient,
  method: string,
  path: string,
  body?: unknown,
  query?: Record<string, string>,
  fromRoot = false,
) {
  const lines = [`${method} ${client.url(path, query, fromRoot)}`];
  if (client.hasCredentials) lines.push('Authorization: Basic ********');
  if (body !== undefined) lines.push('Content-Type: application/json', '', JSON.stringify(body, null, 2));
  ctx.stdout.write(`${lines.join('\n')}\n`);
}

/** --dry-run of an update: the one request its plan would send (src/records/safe-update.ts). */
export async function dryRunPlan(ctx: Context, client: ApiClient, resource: Resource, path: string, plan: UpdatePlan, query?: Record<string, string>) {
  if (plan.route === 'tec') return dryRunInSession(ctx, client, 'PATCH', `/tec/v1/${resource.path}/${plan.id}`, plan.body, { context: 'edit' }, true);
  if (plan.route === 'core') return dryRunInSession(ctx, client, 'POST', `/wp/v2/${wpRoute(resource)}/${plan.id}`, plan.body, undefined, true);
  return dryRunInSession(ctx, client, 'PUT', path, plan.body, query);
}
