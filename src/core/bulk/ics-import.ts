/**
 * `calendar import events FEED.ics`: a sync, not a copy. Every occurrence carries its
 * identity in the slug (src/core/ical/identity.ts), so a second import of the same feed updates
 * what changed, creates nothing twice, trashes what the feed cancelled and, with --prune,
 * what it no longer has. The whole feed is read and checked before anything is sent.
 */
import type { Confirm, Messages } from '../context.js';
import { type CalendarError, UsageError } from '../errors.js';
import { fileWriteError } from './output-file.js';
import type { ApiClient } from '../http/client.js';
import { reportRow } from './import-report.js';
import { resources } from '../../spec/resources.js';
import { feedTag, parseOccurrenceSlug, readIcs, toImportRow, type IcsOccurrence } from '../ical/index.js';
import { isValidTimeZone, utcMsToZoned, zonedToUtcMs, addDays } from '../../base/time.js';
import { walkEveryEvent } from '../records/pages.js';
import { typedTexts } from '../records/raw-text.js';
import { LinkCatalog } from './catalog.js';
import type { ImportResult } from './importer.js';
import { IcsLinks } from './ics-links.js';
import type { IcsSource } from './ics-source.js';
import { prepareRecord, withLinks, type LinkRelation, type PreparedRecord } from './prepare.js';
import { Batch, type BatchFace, type RowDone } from '../batch/run.js';
import { UpsertIndex } from './upsert-index.js';
import { createRecord, updateRecord } from './writes.js';
import { planTrash } from '../write/plan.js';
import { planCreateOn, sendPlan } from '../write/execute.js';
import { writeFileSync } from 'node:fs';
import { textForPeople } from '../records/identity.js';

const events = resources.events;
const MAX_LISTED_PROBLEMS = 3;

export interface IcsImportSettings {
  concurrency: number;
  dryRun: boolean;
  failFast: boolean;
  failedTo?: string;
  /** The --failed-to file as the person named it, for messages. */
  failedToName?: string;
  createMissing: boolean;
  includePrivate: boolean;
  prune: boolean;
  yes: boolean;
  /** `YYYY-MM-DD` bounds of recurrence expansion, read in the target zone (default today, a year on). */
  from?: string;
  until?: string;
  maxOccurrences: number;
  /** Zone for UTC and floating times (--timezone); else the profile's, else the site's. */
  timezone?: string;
  /** Print the JSON report (bulk/import-report.ts) instead of the dry run's lines. */
  report?: boolean;
}

export interface IcsImportRun extends BatchFace {
  /** A dry run's plan, line by line (the CLI: stdout). */
  print?: (text: string) => void;
  /** Asked before the events a feed no longer has are trashed. */
  confirm: Confirm;
  client: ApiClient;
  /** The zone of the profile, if it sets one. */
  profileZone?: string;
  /** The site's zone, read from the REST index when asked (a request). */
  siteZone: () => Promise<string>;
}

/** A row of the sync: an occurrence of the feed, or (--prune) an event of the site the feed dropped. */
type SyncRow = Planned | Existing;

interface Planned {
  occurrence: IcsOccurrence;
  action: 'import' | 'cancelled' | 'private';
  slug: string;
  record?: PreparedRecord;
}

interface Existing {
  id: number;
  title: string;
  utcStart: string;
}

/** A feed's own X-WR-TIMEZONE, which on a copy between sites is usually the target site's zone too. */
function feedZone(text: string): string | undefined {
  const zone = /^X-WR-TIMEZONE:(.+?)\r?$/im.exec(text)?.[1].trim();
  return zone && isValidTimeZone(zone) ? zone : undefined;
}

function windowOf(settings: IcsImportSettings, zone: string): { from: number; until: number } {
  const today = utcMsToZoned(Date.now(), zone).slice(0, 10);
  const from = settings.from ?? today;
  const until = settings.until ?? addDays(from, 365);
  return { from: zonedToUtcMs(`${from} 00:00:00`, zone), until: zonedToUtcMs(`${until} 00:00:00`, zone) };
}

/**
 * A row as the API keeps it, so that a re-import compares equal: an all-day event's times
 * are its whole days, and an event without a description has none (the API refuses an empty one).
 */
function asStored(row: Record<string, unknown>): Record<string, unknown> {
  const out = { ...row };
  if (out.description === '') delete out.description;
  if (out.all_day === true) Object.assign(out, { start_date: `${out.start_date} 00:00:00`, end_date: `${out.end_date} 23:59:59` });
  return out;
}

const where = (source: IcsSource, occurrence: IcsOccurrence) => `${source.name} line ${occurrence.line} (UID ${occurrence.uid})`;

/** The checking pass: every occurrence as a row the API takes, or exit 2 naming the VEVENT's line and UID. */
function plan(source: IcsSource, occurrences: IcsOccurrence[], tag: string, settings: IcsImportSettings, ui: Messages): Planned[] {
  const planned: Planned[] = [];
  const problems: string[] = [];
  let bad = 0;
  const seen = new Map<string, IcsOccurrence>();
  for (const occurrence of occurrences) {
    const earlier = seen.get(occurrence.key);
    if (earlier) {
      ui.warn(`${where(source, occurrence)}: the same event as line ${earlier.line} (same UID and RECURRENCE-ID); only the first is imported`);
      continue;
    }
    seen.set(occurrence.key, occurrence);
    const result = toImportRow(occurrence, { feedTag: tag, includePrivate: settings.includePrivate });
    if (result.action !== 'import') {
      planned.push({ occurrence, action: result.action, slug: result.slug });
      continue;
    }
    const prepared = prepareRecord(events, asStored(result.row));
    if (prepared.ok) {
      planned.push({ occurrence, action: 'import', slug: result.row.slug as string, record: prepared.record });
      continue;
    }
    bad++;
    const [first] = prepared.problems;
    if (problems.length < MAX_LISTED_PROBLEMS)
      problems.push(`${where(source, occurrence)}: ${first.field === '(record)' ? '' : `${first.field}: `}${first.message}`);
  }
  if (bad > 0) {
    const more = bad > problems.length ? ` (${bad} events have problems)` : '';
    throw new UsageError(`${problems.join('; ')}${more}`, 'Nothing was sent. Fix the feed and run the import again.');
  }
  return planned;
}

/** Reads and checks the feed: no request is made unless the site's zone is needed to read it. */
async function readFeed(text: string, source: IcsSource, tag: string, settings: IcsImportSettings, run: IcsImportRun) {
  const known = settings.timezone ?? run.profileZone;
  const read = async (zone: string) => {
    const feed = await readIcs(text, { timezone: zone, ...windowOf(settings, zone), maxOccurrences: settings.maxOccurrences, source: source.name });
    return { feed, zone, planned: plan(source, feed.occurrences, tag, settings, run.messages) };
  };
  // The site's zone costs a request, which a bad file must not make: read with the likeliest
  // zone first, and again only if the site's turns out to differ.
  const first = await read(known ?? feedZone(text) ?? 'UTC');
  if (known) return first;
  const siteZone = await run.siteZone();
  return siteZone === first.zone || !isValidTimeZone(siteZone) ? first : read(siteZone);
}

/** The events an earlier import of this feed made, by occurrence key, with a hash of each field the feed sets. */
async function feedEvents(client: ApiClient, tag: string, fields: Set<string>, notice: (line: string) => void) {
  const index = UpsertIndex.empty(events, 'slug', fields);
  const existing = new Map<string, Existing>();
  // The feed's texts are compared with the site's as typed, not as displayed.
  const typed = typedTexts(client, events, (record) => index.add(record), notice);
  await walkEveryEvent(client, events, async (record) => {
    const identity = typeof record.slug === 'string' ? parseOccurrenceSlug(record.slug) : undefined;
    if (!identity || identity.tag !== tag || typeof record.id !== 'number' || existing.has(identity.key)) return;
    existing.set(identity.key, { id: record.id, title: textForPeople(record.title), utcStart: String(record.utc_start_date ?? '') });
    await typed.push({ ...record, slug: identity.key });
  });
  await typed.end();
  return { index, existing };
}

export async function importIcs(text: string, source: IcsSource, settings: IcsImportSettings, run: IcsImportRun): Promise<ImportResult> {
  const { messages: ui, client } = run;
  const { dryRun } = settings;
  const tag = feedTag(ownFeedName(text) ?? source.feedName);
  const { feed, zone, planned } = await readFeed(text, source, tag, settings, run);
  for (const warning of feed.warnings) ui.warn(warning);

  const fields = new Set<string>();
  const relations = new Set<LinkRelation>();
  for (const item of planned) {
    for (const field of Object.keys(item.record?.body ?? {})) if (field !== 'slug') fields.add(field);
    for (const link of item.record?.links ?? []) {
      fields.add(link.field);
      relations.add(link.relation);
    }
  }
  const { index, existing } = await feedEvents(client, tag, fields, (line) => ui.warn(line));
  const catalog = new LinkCatalog(client);
  await catalog.load(relations);
  const links = new IcsLinks(client, catalog, settings.createMissing, dryRun);
  const batch = new Batch<SyncRow>({
    label: 'import events',
    total: planned.length,
    settings,
    face: run,
    where: (row) => ('occurrence' in row ? where(source, row.occurrence) : `event ID ${row.id}`),
    keepOutcomes: settings.report === true,
  });
  const say = batch.messages;
  // The dry run's plan, one line an event; the JSON report says the same.
  const plan = (line: string) => void (settings.report ? undefined : run.print?.(`${line}\n`));

  const trash = async (found: Existing, why: string): Promise<RowDone> => {
    const planned = planTrash(events, found.id);
    if (dryRun) plan(`${why} event ${JSON.stringify(found.title)} (ID ${found.id})`);
    else await sendPlan(client, planned);
    return { result: 'removed', id: found.id, plan: planned };
  };

  const sync = async (item: Planned): Promise<RowDone> => {
    const { occurrence, record } = item;
    const found = existing.get(occurrence.key);
    if (item.action === 'private' || (item.action === 'cancelled' && !found)) return { result: 'skipped' };
    if (item.action === 'cancelled') return trash(found!, 'trash (cancelled)');
    const emails = new Map(occurrence.organizers.filter((o) => o.email).map((o) => [o.name, o.email!]));
    const details = new Map<string, Record<string, string>>();
    if (occurrence.venue && occurrence.venueDetails) details.set(`venues\u0000${occurrence.venue}`, occurrence.venueDetails);
    for (const o of occurrence.organizers) if (o.details) details.set(`organizers\u0000${o.name}`, o.details);
    const ids = await links.resolve(record!.links, { emails, location: occurrence.location, details });
    const body = withLinks(record!, (link) => ids.get(link.field)!);
    const label = `event ${JSON.stringify(record!.name ?? '')} (${occurrence.start})`;
    if (!found) {
      if (dryRun) plan(`create ${label}`);
      if (dryRun) return { result: 'created', plan: await planCreateOn(client, events, body) };
      const { record: created, plan: sent } = await createRecord(client, events, body, { by: 'slug', slug: item.slug });
      return { result: 'created', id: typeof created.id === 'number' ? created.id : undefined, plan: sent };
    }
    const { slug, ...compared } = body;
    const changed = index.changedFields(occurrence.key, compared);
    if (changed.length === 0) return { result: 'unchanged', id: found.id };
    const changes: Record<string, unknown> = Object.fromEntries(changed.map((field) => [field, body[field]]));
    // A new title makes a new slug; the identity at its end stays.
    if (changed.includes('title')) changes.slug = slug;
    if (dryRun) plan(`update ${label} (ID ${found.id}): ${changed.join(', ')}`);
    const updated = await updateRecord(client, events, found.id, changes, { dryRun, notice: (line) => say.warn(line) });
    return { result: 'updated', id: found.id, plan: updated.plan };
  };

  await batch.start();
  try {
    // Ctrl-C or SIGTERM: no new request, those in flight finish, what was not sent goes to --failed-to.
    await batch.run(planned, (row) => sync(row as Planned));
  } finally {
    batch.end();
  }
  // An event the feed holds but that could not be read must not be taken for one it dropped.
  if (settings.prune && !batch.stopping && feed.skipped > 0)
    say.warn(`nothing was pruned: ${feed.skipped} event${feed.skipped === 1 ? '' : 's'} of ${source.name} could not be read`);
  else if (settings.prune && !batch.stopping) {
    const gone = dropped(planned, existing, zone, settings);
    if (gone.length > 0 && !dryRun) await run.confirm(`Trash ${gone.length} event${gone.length === 1 ? '' : 's'} that ${source.name} no longer has?`);
    await batch.run(gone, (found) => trash(found as Existing, 'prune'));
  }
  let failedRowsError: CalendarError | undefined;
  const failedUids = new Set(batch.undoneRows.flatMap((row) => ('occurrence' in row.item ? [row.item.occurrence.uid] : [])));
  try {
    if (settings.failedTo && failedUids.size) writeFileSync(settings.failedTo, onlyUids(text, failedUids, ownFeedName(text) ?? source.feedName));
  } catch (err) {
    // Said after the summary, which says what was done.
    failedRowsError = fileWriteError(settings.failedTo!, err);
  }
  const counts = batch.finish();
  const rows = batch.outcomes.map((row) =>
    'occurrence' in row.item ? reportRow(`line ${row.item.occurrence.line}`, row, row.item.occurrence) : reportRow('', row),
  );
  return { counts, total: planned.length, ids: [], rows, failedRowsError };
}

/**
 * This feed's events that it no longer has, to trash with --prune. Events that started before
 * the window stay: a past occurrence of a series is no longer expanded, yet it is still in the feed.
 */
function dropped(planned: Planned[], existing: Map<string, Existing>, zone: string, settings: IcsImportSettings): Existing[] {
  const inFeed = new Set(planned.map((item) => item.occurrence.key));
  const from = windowOf(settings, zone).from;
  return [...existing].filter(([key, found]) => !inFeed.has(key) && !(Date.parse(`${found.utcStart.replace(' ', 'T')}Z`) < from)).map(([, found]) => found);
}

/** A --failed-to file names the feed it came from, so that importing it keeps the feed's identities. */
const FEED_PROPERTY = 'X-CALENDAR-FEED';

function ownFeedName(text: string): string | undefined {
  return new RegExp(`^${FEED_PROPERTY}:(.+?)\r?$`, 'm').exec(text)?.[1];
}

/** The feed with only the VEVENTs of these UIDs (the failed ones), to import again. */
export function onlyUids(text: string, uids: Set<string>, feedName: string): string {
  const lines = text.split(/\r?\n/);
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!/^BEGIN:VEVENT\s*$/i.test(lines[i])) {
      if (!lines[i].startsWith(`${FEED_PROPERTY}:`)) out.push(lines[i]);
      if (/^BEGIN:VCALENDAR\s*$/i.test(lines[i])) out.push(`${FEED_PROPERTY}:${feedName}`);
      continue;
    }
    const start = i;
    let depth = 0;
    for (; i < lines.length; i++) {
      if (/^BEGIN:/i.test(lines[i])) depth++;
      else if (/^END:/i.test(lines[i]) && --depth === 0) break;
    }
    const block = lines.slice(start, i + 1);
    const unfolded = block.join('\r\n').replace(/\r\n[ \t]/g, '');
    const uid = /^UID:(.*)$/im.exec(unfolded)?.[1].trim();
    if (uid !== undefined && uids.has(uid)) out.push(...block);
  }
  return out.join('\r\n');
}
