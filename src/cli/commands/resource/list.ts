/** `calendar <resource> list`: one page, every page, or the events no list shows. */
import type { Invocation } from '../runner.js';
import {
  type ApiClient,
  ApiError,
  type Context,
  type Query,
  typedTexts,
  UNFILTERED_KEYS,
  unlistedEventsNote,
  UsageError,
  walkEveryEvent,
  walkList,
  walkShortfall,
  windowOf,
  type ZoneSource,
} from '../../../core/index.js';
import { MAX_PER_PAGE, POST_STATUSES, type Resource } from '../../../spec/resources.js';
import { closest } from '../../../base/closest.js';
import { withSession, type Prepared } from '../../session.js';
import { listWriter, type RecordWriter } from '../../output/writer.js';
import { buildListQuery } from './query.js';
import { positive, showsTypedText } from './shared.js';
import type { ListFlags } from './options.js';
import { dayEdge } from '../../../wordpress/dates.js';

export async function runList(resource: Resource, inv: Invocation<ListFlags>): Promise<void> {
  const { ctx, opts } = inv;
  const query = buildListQuery(resource, opts);
  const limit = opts.limit === undefined ? undefined : positive(opts.limit, '--limit');
  const prepared = inv.prepare(undefined, resource.isEvent);
  if (Number(query.per_page) > MAX_PER_PAGE && !opts.all) {
    prepared.ui.warn(`the server returns at most ${MAX_PER_PAGE} records a page; add --all to get every page`);
  }
  if (opts.hidden) return listHidden(resource, query, prepared, ctx);
  await withSession(prepared, ctx, async ({ client, profile }) => {
    const ics = prepared.output.format === 'ics';
    const zones = resource.isEvent ? new (await import('../../../core/index.js')).ZoneSource(client, profile.timezone) : undefined;
    let writer: RecordWriter | undefined = ics ? undefined : listWriter(resource, prepared.output, ctx);
    // Texts as typed: a hundred records' in one request to the core route, then handed on in order.
    const typed = showsTypedText(resource, opts, prepared.output, client)
      ? typedTexts(
          client,
          resource,
          (record) => writer!.write(record),
          (line) => prepared.ui.notice(line),
          { copies: false },
        )
      : undefined;
    const write = (record: unknown) => (typed ? typed.push(record as Record<string, unknown>) : writer!.write(record));
    // A limit above one page walks on until it is reached.
    const all = opts.all === true || (limit !== undefined && query.page === undefined);
    const access = { client, timezone: profile.timezone, messages: prepared.ui };
    // The iCalendar header is written once the query is settled (its events' zones come from the site).
    const ready = async () => void (writer ??= await icsWriter(client, ctx, zones));
    // The walk sends date filters as instants (records/filter-times.ts): messages quote them as given.
    const given = { start: query.start_date, end: query.end_date };
    // The total is shown by --format count, and to a person at a terminal ("Showing 10 of 42").
    const total = prepared.output.format === 'count' || ctx.stdout.isTTY === true;
    const walk = { all, limit, raw: !typed && writer?.takesRaw, zones, ready, total };
    const result = await walkList(access, resource, query, walk, write).catch((err: unknown) => {
      throw withStatusHint(err, query);
    });
    await typed?.end();
    writer ??= await icsWriter(client, ctx, zones); // (ready ran: the walk calls it before its first page)
    const { written, restUrl, pastEnd } = result;
    // The server counts the unfiltered list when a search matches nothing.
    const shownTotal = written === 0 ? 0 : all ? written : result.total;
    if (pastEnd) {
      prepared.ui.notice(
        `page ${pastEnd.page} is past the last page${pastEnd.totalPages ? ` (${pastEnd.totalPages} page${pastEnd.totalPages === 1 ? '' : 's'})` : ''}`,
      );
      if (prepared.output.format === 'count' || prepared.output.format === 'ics') await writer.end({ total: 0 });
      return;
    }
    await writer.end({ total: shownTotal });
    // As gh does, for a person reading a page at a terminal (a script reading the output is told nothing).
    if (ctx.stdout.isTTY === true && result.total !== undefined && result.total > written) {
      prepared.ui.notice(`Showing ${written} of ${result.total} ${resource.name} (use --all or --limit N to see more)`);
    }
    const shortfall = walkShortfall(resource, result);
    if (shortfall && all) prepared.ui.warn(shortfall);
    const unused = unusedTermsNote(resource, query, written, ctx.stderr.isTTY === true);
    if (unused) prepared.ui.notice(unused);
    const apostrophes = written === 0 ? otherApostrophe(query.search) : undefined;
    if (apostrophes)
      prepared.ui.notice(`Nothing matched. Titles and names keep the apostrophes they were typed with: try --search ${JSON.stringify(apostrophes)}.`);
    if (written === 0 && resource.isEvent && query.include === undefined) {
      const { start, end } = windowOf(restUrl);
      if (!hasDateFilter(resource, query)) {
        const window = start && end ? `between ${start} and ${end}, ` : '';
        const what = query.search === undefined ? 'No events' : `No events match --search ${JSON.stringify(query.search)}`;
        prepared.ui.notice(
          `${what} ${window}the server's default window (events starting from today). Widen it with --start-date ` +
            `1900-01-01 (and --end-date), and add --all for every page.`,
        );
      } else if (start && end && start > end) {
        // One end of the window given, the server's default for the other put it before.
        const missing =
          query.end_date === undefined
            ? `--end-date (the server ends the window two years from today when it is not given)`
            : `--start-date (the server starts the window today when it is not given)`;
        const shown = (value: unknown, edge: 'start' | 'end', server: string) =>
          typeof value !== 'string' ? server : /\d{2}:\d{2}/.test(value) ? value : dayEdge(value, edge);
        prepared.ui.notice(
          `No events: the window the server searched runs from ${shown(given.start, 'start', start)} to ${shown(given.end, 'end', end)}, ` +
            `which is empty. Give ${missing}.`,
        );
      }
    }
  });
}

/** `events list --hidden`: what the events route never lists, found through the core route. */
async function listHidden(resource: Resource, query: Query, prepared: Prepared, ctx: Context): Promise<void> {
  const narrowing = Object.keys(query).filter((key) => !UNFILTERED_KEYS.has(key));
  if (narrowing.length)
    throw new UsageError(
      `--hidden takes no list filters (got ${narrowing.map((k) => `--${k.replace(/_/g, '-')}`).join(', ')})`,
      'The core route it reads cannot apply them.',
    );
  await withSession(prepared, ctx, async ({ client }) => {
    if (!client.hasCredentials) prepared.ui.warn('without credentials only published hidden events can be found');
    const writer = prepared.output.format === 'ics' ? await icsWriter(client, ctx) : listWriter(resource, prepared.output, ctx);
    const result = await walkEveryEvent(client, resource, (record) => writer.write(record), { onlyUnlisted: true });
    await writer.end({ total: result.hidden });
    prepared.ui.notice(unlistedEventsNote(result));
  });
}

export async function icsWriter(client: ApiClient, ctx: Context, zones?: ZoneSource): Promise<RecordWriter> {
  const [{ icsListWriter, icsMeta }, { ZoneSource }] = await Promise.all([import('../../output/ics.js'), import('../../../core/index.js')]);
  return icsListWriter(await icsMeta(client, zones ?? new ZoneSource(client)), ctx, client);
}

/**
 * Categories and tags no published event uses are left out by the server unless asked for:
 * said when that leaves the list empty, and to a person at a terminal.
 */
function unusedTermsNote(resource: Resource, query: Query, written: number, terminal: boolean): string | undefined {
  if (!resource.listParams.some((p) => p.name === 'hide_empty') || query.hide_empty !== undefined) return undefined;
  const Name = `${resource.name[0].toUpperCase()}${resource.name.slice(1)}`;
  const matching = query.search === undefined ? '' : ` match --search ${JSON.stringify(query.search)}`;
  if (written === 0)
    return `No ${resource.name} used by a published event${matching}. ${Name} that no published event uses are hidden: --no-hide-empty lists them.`;
  return terminal ? `${Name} that no published event uses are not listed: --no-hide-empty lists them.` : undefined;
}

function hasDateFilter(resource: Resource, query: Query): boolean {
  return resource.listParams.some((p) => p.type === 'date' && query[p.name] !== undefined);
}

/** A status the site does not know (`--status publsh`): the server's answer names the parameter, not what it takes. */
function withStatusHint(err: unknown, query: Query): unknown {
  if (!(err instanceof ApiError) || err.code !== 'rest_invalid_param' || query.status === undefined) return err;
  const params = (err.body as { data?: { params?: Record<string, unknown> } } | undefined)?.data?.params;
  if (!params || !('status' in params)) return err;
  const statuses: readonly string[] = POST_STATUSES;
  const meant = String(query.status)
    .split(',')
    .filter((status) => !statuses.includes(status) && status !== 'any')
    .map((status) => closest(status, statuses))
    .filter((status): status is string => status !== undefined);
  err.hint = `${meant.length ? `Did you mean ${meant.join(', ')}? ` : ''}Statuses: ${statuses.join(', ')}, several separated by commas, or any.`;
  return err;
}

/** A search with ' or ’ in the other form: the server matches the text as stored, and editors type either. */
function otherApostrophe(search: unknown): string | undefined {
  if (typeof search !== 'string') return undefined;
  if (search.includes("'")) return search.replace(/'/g, '\u2019');
  if (search.includes('\u2019')) return search.replace(/\u2019/g, "'");
  return undefined;
}
