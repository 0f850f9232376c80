/**
 * An import in two passes over the input: first every record is checked against the
 * resource table (a bad file stops here, nothing sent), then the records are sent a few
 * at a time (those of a small file as the first pass kept them, a big file read again).
 * Links are resolved once for the whole import, `--upsert-by` compares with an index of
 * the site's records fetched once, and failures go to stderr and to a file that can be
 * imported again.
 */
import { CalendarError, EXIT, NameTakenError, UsageError } from '../errors.js';
import type { ApiClient } from '../http/client.js';
import { resources, type Resource } from '../../spec/resources.js';
import { settle } from '../records/resolve.js';
import { settleEventDates, ZoneSource } from '../records/dates.js';
import { LinkCatalog } from './catalog.js';
import type { Input, InputRecord } from './input.js';
import { lazyFileSink } from './output-file.js';
import { linkFields, prepareRecord, withLinks, type LinkRelation, type PreparedRecord } from './prepare.js';
import { processed } from '../batch/counts.js';
import { Batch, type BatchFace, type RowDone } from '../batch/run.js';
import { toAsync } from '../batch/pool.js';
import { fileKey, isDraftTitleKey, nthDraftKey, UpsertIndex, type UpsertKey } from './upsert-index.js';
import { nameKey, NamesSeen, RecordIndex, slugFromName, type Candidate } from '../records/identity.js';
import { walkEveryName, walkEveryRecord } from '../records/pages.js';
import { planCreateOn } from '../write/execute.js';
import { createRecord, findExisting, pickFields, updateRecord, warnSlugNotKept, type MatchKey } from './writes.js';
import { readRawTexts, typedTexts, withRawTexts } from '../records/raw-text.js';
import { changedFields, isUnchanged } from '../records/safe-update.js';
import { reportRow } from './import-report.js';
import type { ImportOutcome } from '../batch/types.js';
import { option } from '../words.js';

export interface ImportSettings {
  resource: Resource;
  upsertBy?: UpsertKey;
  concurrency: number;
  dryRun: boolean;
  failFast: boolean;
  failedTo?: string;
  /** Create venues and organizers whose name is taken (the server overwrites the old record). */
  force?: boolean;
  /** Print the ID of every record written (or found unchanged), in input order. */
  printIds?: boolean;
  /** Print the JSON report (bulk/import-report.ts) instead of the dry run's lines. */
  report?: boolean;
  /** Create the venues, organizers, categories and tags the file names that the site lacks (names only, never IDs). */
  createMissing?: boolean;
  /** The --failed-to file as the person named it, for messages (failedTo is the resolved path). */
  failedToName?: string;
  /** How many records the checking pass keeps for the sending pass; a longer file is read twice (default KEPT_RECORDS). */
  keptRecords?: number;
}

/** What the checking pass learnt about the file. */
export interface Scan {
  count: number;
  /** Writable fields used by at least one record. */
  fields: Set<string>;
  /** Every distinct link ref, by relation, with where the file first gives it (`line 12`). */
  links: Map<LinkRelation, Map<string | number, string>>;
  /** Slugs and names of the file's own records (a category's parent may be one of them). */
  own: Set<string | number>;
  /** Some record gives a slug. */
  hasSlugs: boolean;
  /**
   * A small file's records as the checking pass read and prepared them, so that the sending
   * pass neither reads nor checks them again; undefined past KEPT_RECORDS (a big file is read
   * twice, so that memory stays flat).
   */
  kept?: Array<{ item: InputRecord; record: PreparedRecord }>;
  /** Where a draft of a title that an earlier draft of the file has is, and which of them it is (2 for the second). */
  draftOrder: Map<string, number>;
}

/** Records kept between the passes: a few megabytes at most, whatever the file's length. */
export const KEPT_RECORDS = 2_000;

const MAX_LISTED_PROBLEMS = 3;

/** The checking pass: exit 2 naming the line (or array index) and field of the first bad record. */
export async function scanInput(input: Input, settings: ImportSettings): Promise<Scan> {
  const { resource, upsertBy } = settings;
  const scan: Scan = { count: 0, fields: new Set(), links: new Map(), own: new Set(), hasSlugs: false, kept: [], draftOrder: new Map() };
  const draftsOfTitle = new Map<string, number>();
  const problems: string[] = [];
  let bad = 0;
  const seenKeys = new Map<string, string>();
  const seenNames = new NamesSeen<{ where: string; name: string }>();
  const guardNames = resource.mergesOnCreate === true && !settings.force;
  // Only a resource that links to itself (a category's parent) needs the file's own keys.
  const linksToItself = linkFields(resource).some((f) => f.relation === resource.name);
  for await (const item of input.records()) {
    scan.count++;
    const prepared = prepareRecord(resource, item.value);
    if (!prepared.ok) {
      bad++;
      if (problems.length < MAX_LISTED_PROBLEMS) {
        const [first] = prepared.problems;
        problems.push(`${item.where}: ${first.field === '(record)' ? '' : `${first.field}: `}${first.message}`);
      }
      continue;
    }
    const record = prepared.record;
    if (scan.kept && scan.count <= (settings.keptRecords ?? KEPT_RECORDS)) scan.kept.push({ item, record });
    else scan.kept = undefined;
    if (record.slug !== undefined) scan.hasSlugs = true;
    for (const field of Object.keys(record.body)) scan.fields.add(field);
    for (const link of record.links) {
      scan.fields.add(link.field);
      let refs = scan.links.get(link.relation);
      if (!refs) scan.links.set(link.relation, (refs = new Map()));
      for (const ref of link.refs) if (!refs.has(ref)) refs.set(ref, item.where);
    }
    if (linksToItself && record.slug) scan.own.add(record.slug);
    if (linksToItself && record.name) scan.own.add(record.name);
    if (guardNames && record.name !== undefined) {
      // The server keeps one per name as its database compares names (`Ensemble Eclat` is `ensemble éclat`).
      const first = seenNames.find(record.name);
      // With --upsert-by name, one name twice is a duplicate key, said below.
      if (first && !(upsertBy === 'name' && nameKey(first.name) === nameKey(record.name))) {
        bad++;
        if (problems.length < MAX_LISTED_PROBLEMS)
          problems.push(
            `${item.where}: ${resource.nameField}: "${record.name}" conflicts with ${first.name === record.name ? '' : `"${first.name}" on `}` +
              `${first.where}: one name${first.name === record.name ? '' : ' but for case, accents or spacing'} (the server keeps one ` +
              `${resource.singular} per name)`,
          );
      } else if (!first) seenNames.add(record.name, { where: item.where, name: record.name });
    }
    if (upsertBy) {
      const key = fileKey(upsertBy, record, resource);
      if (key === undefined) {
        bad++;
        if (problems.length < MAX_LISTED_PROBLEMS)
          problems.push(
            `${item.where}: ${upsertBy === 'name' ? resource.nameField : upsertBy}: is required by ${option('upsert_by', upsertBy)}` +
              (upsertBy === 'slug' && resource.isPost ? ' (a published record needs its slug; drafts are matched by their title)' : ''),
          );
      } else if (isDraftTitleKey(key)) {
        const nth = (draftsOfTitle.get(key) ?? 0) + 1;
        draftsOfTitle.set(key, nth);
        if (nth > 1) scan.draftOrder.set(item.where, nth);
      } else if (seenKeys.has(key)) {
        bad++;
        if (problems.length < MAX_LISTED_PROBLEMS) problems.push(`${item.where}: ${upsertBy} "${key}" is also on ${seenKeys.get(key)}`);
      } else seenKeys.set(key, item.where);
    }
  }
  if (bad > 0) {
    const more = bad > problems.length ? ` (${bad} records have problems)` : '';
    throw new UsageError(`${input.name} ${problems.join('; ')}${more}`, 'Nothing was sent. Fix the file and run the import again.');
  }
  return scan;
}

/**
 * Every link of the file exists on the site (or, for a category's parent, in the file). With
 * --create-missing, a name that matches nothing is created once, as `create --create-missing`
 * does, after every other link was found good: an unknown ID still stops the import with nothing written.
 */
async function checkLinks(catalog: LinkCatalog, scan: Scan, settings: ImportSettings, run: ImportRun, input: string): Promise<void> {
  const { resource } = settings;
  await catalog.load(scan.links.keys());
  const unknown: string[] = [];
  const toCreate: Array<{ relation: LinkRelation; name: string }> = [];
  for (const [relation, refs] of scan.links) {
    for (const [ref, where] of refs) {
      const match = await catalog.match(relation, ref);
      if (match && 'ambiguous' in match) settle(match, String(ref), relation);
      if (match !== undefined) continue;
      if (relation === resource.name && scan.own.has(ref)) continue;
      if (settings.createMissing && typeof ref === 'string') toCreate.push({ relation, name: ref });
      else unknown.push(`${resources[relation].singular} "${ref}" (${input} ${where})`);
    }
  }
  if (unknown.length) {
    const listed = unknown.slice(0, 5).join(', ') + (unknown.length > 5 ? ` and ${unknown.length - 5} more` : '');
    const hint = settings.createMissing
      ? `Nothing was written. ${option('create_missing', true)} creates records given by name, not by ID.`
      : 'Nothing was written. Import venues, organizers, categories and tags before the records that use them, or add ' +
        `${option('create_missing', true)} to create those given by name.`;
    throw new UsageError(`not on the site: ${listed}`, hint);
  }
  for (const { relation, name } of toCreate) {
    const linked = resources[relation];
    if (settings.dryRun) {
      if (!settings.report) run.print?.(`create ${linked.singular} ${JSON.stringify(name)}\n`);
      continue;
    }
    const { record: created } = await createRecord(run.client, linked, { [linked.nameField]: name }, { by: 'name', name });
    await catalog.remember(relation, created);
    run.messages.notice(`created ${linked.singular} "${name}" (ID ${String(created.id)})`);
  }
}

export interface ImportRun extends BatchFace {
  client: ApiClient;
  /** A dry run's plan, line by line, as the rows are planned (the CLI: stdout). */
  print?: (text: string) => void;
}

/** What an import did, as data: the face prints the IDs (--format ids) and the report (--format json). */
export type ImportResult = Omit<ImportOutcome, 'error'>;

export async function runImportPasses(input: Input, scan: Scan, settings: ImportSettings, run: ImportRun): Promise<ImportResult> {
  const { resource, upsertBy, dryRun } = settings;
  const { messages: ui, client } = run;
  const catalog = new LinkCatalog(client);
  const zones = new ZoneSource(client);
  await checkLinks(catalog, scan, settings, run, input.name);
  if (upsertBy === 'slug' && resource.derivesSlug && scan.hasSlugs) {
    ui.warn(
      `the server derives an ${resource.singular}'s slug from its name and ignores the slug sent; ${resource.name} are matched by the slug their name gives`,
    );
  }
  // One walk over the site's records fills both the upsert index and the taken names.
  const index = upsertBy ? UpsertIndex.empty(resource, upsertBy, scan.fields) : undefined;
  const names = resource.mergesOnCreate && !settings.force ? new RecordIndex() : undefined;
  const namesOnly = names && !index ? await walkEveryName(client, resource, (id, slug, name) => names.add(id, slug, name)) : false;
  if ((index || names) && !namesOnly) {
    // The file's texts are compared with the site's as typed, not as displayed.
    // Names too: the server compares them as stored, not as the list shows them (d'Été as d’Été).
    const typed = typedTexts(
      client,
      resource,
      (r) => {
        if (names && typeof r.id === 'number') names.add(r.id, r.slug, r[resource.nameField]);
        index?.add(r);
      },
      (line) => ui.warn(line),
    );
    await walkEveryRecord(client, resource, (r) => typed.push(r));
    await typed.end();
  }
  const batch = new Batch<InputRecord>({
    label: `import ${resource.name}`,
    total: scan.count,
    settings,
    face: run,
    where: (item) => `${input.name} ${item.where}`,
    keepOutcomes: settings.report === true || settings.printIds === true,
  });
  const say = batch.messages;
  const writeOptions = { force: settings.force === true, notice: (line: string) => say.warn(line) };
  // The dry run's plan, one line a row; the JSON report says the same.
  const plan = (line: string) => void (settings.report ? undefined : run.print?.(`${line}\n`));
  // A row's update, or with dryRun its plan alone: the same planner either way, so the plan is what the real run sends.
  const update = async (id: number, changes: Record<string, unknown>, current?: Record<string, unknown>) =>
    (await updateRecord(client, resource, id, changes, { ...writeOptions, dryRun, current })).plan;
  const deferred: InputRecord[] = [];
  const own = linkFields(resource).some((f) => f.relation === resource.name);

  const resolve = async (record: PreparedRecord): Promise<Record<string, unknown> | undefined> => {
    const resolved = new Map<string, number[]>();
    for (const link of record.links) {
      const ids: number[] = [];
      for (const ref of link.refs) {
        const id = await catalog.find(link.relation, ref);
        if (id === undefined) return undefined; // a parent from the same file, not created yet
        ids.push(id);
      }
      resolved.set(link.field, ids);
    }
    return withLinks(record, (link) => resolved.get(link.field)!);
  };

  const keptRecords = new Map(scan.kept?.map(({ item, record }) => [item, record]));
  const preparedRecord = (item: InputRecord): PreparedRecord => {
    const kept = keptRecords.get(item);
    if (kept) return kept;
    const prepared = prepareRecord(resource, item.value);
    if (!prepared.ok) throw new Error('record changed between the two passes');
    return prepared.record;
  };

  const process = async (item: InputRecord, lastRound: boolean): Promise<RowDone | undefined> => {
    const record = preparedRecord(item);
    let body = await resolve(record);
    if (body && resource.isEvent) body = await settleEventDates(body, zones);
    if (!body) {
      if (dryRun) {
        plan(`create ${resource.singular} ${JSON.stringify(record.name ?? record.slug ?? '')}`);
        return { result: 'created' };
      }
      if (!lastRound) return void deferred.push(item);
      throw new CalendarError(`parent not found: ${record.links.map((l) => l.refs.join(',')).join(' ')}`, EXIT.refused);
    }
    const fileOwnKey = upsertBy ? fileKey(upsertBy, record, resource) : undefined;
    const key = fileOwnKey !== undefined && isDraftTitleKey(fileOwnKey) ? nthDraftKey(fileOwnKey, scan.draftOrder.get(item.where) ?? 1) : fileOwnKey;
    const existing = key !== undefined ? index!.find(key) : undefined;
    const label = `${resource.singular} ${JSON.stringify(record.name ?? record.slug ?? '')}`;
    if (existing && key !== undefined) {
      const changed = index!.changedFields(key, body);
      if (changed.length === 0) {
        return { result: 'unchanged', id: existing.id };
      }
      if (dryRun) plan(`update ${label} (ID ${existing.id}): ${changed.join(', ')}`);
      return { result: 'updated', id: existing.id, plan: await update(existing.id, pickFields(body, changed)) };
    }
    // The walk does not see everything (hidden events, a create cut short by Ctrl-C): a slug
    // that already answers is updated, never created a second time.
    if (upsertBy === 'slug' && key !== undefined && !isDraftTitleKey(key) && resource.isPost) {
      const listed = await findExisting(client, resource, { by: 'slug', slug: key });
      if (listed && typeof listed.id === 'number') {
        const found = withRawTexts(listed, await readRawTexts(client, resource, listed.id, writeOptions.notice));
        const changes = changedFields(resource, found, body);
        if (changes.length === 0) {
          return { result: 'unchanged', id: listed.id };
        }
        if (dryRun) plan(`update ${label} (ID ${listed.id}): found by its slug`);
        return { result: 'updated', id: listed.id, plan: await update(listed.id, pickFields(body, changes), found) };
      }
    }
    const taken = names && record.name !== undefined ? names.taken(record.name) : [];
    const halfWritten =
      key !== undefined && index ? createdWithoutItsSlug(resource, index, key, body, taken.length === 1 ? names!.candidate(taken[0]) : undefined) : undefined;
    if (halfWritten) {
      // An earlier run created this row's record and stopped before it set the file's slug: finish it.
      if (dryRun) plan(`update ${label} (ID ${halfWritten.id}): slug (an earlier run created it and stopped before setting its slug)`);
      const slugPlan = await update(halfWritten.id, { slug: key });
      if (!dryRun)
        say.notice(`${input.name} ${item.where}: ${label} (ID ${halfWritten.id}) was created by an earlier run that stopped before setting its slug: slug set`);
      return { result: 'updated', id: halfWritten.id, plan: slugPlan };
    }
    // A venue keyed by slug is given the file's slug by a follow-up of its create (the create route takes the name's).
    const fileSlug = upsertBy === 'slug' && key !== undefined && !isDraftTitleKey(key) ? key : undefined;
    if (taken.length > 0 && dryRun) {
      // A plan, not a failure: the real run reports this row as failed.
      plan(`conflict ${label}: the name is taken by ID ${taken.join(', ')}`);
      return { result: 'conflict', id: taken[0] };
    }
    if (taken.length > 0) {
      const stored = names!.candidate(taken[0])?.name;
      // The same name but for case or accents: --upsert-by name matches names exactly, so say what the site has.
      const how =
        stored === undefined || stored === record.name
          ? `${option('upsert_by', 'name')} updates it`
          : `the site has it as "${stored}": that name with ${option('upsert_by', 'name')} updates it`;
      throw new NameTakenError(resource, record.name!, taken, { detail: `${how}, ${option('force', true)} lets the server overwrite it` });
    }
    if (dryRun) {
      plan(`create ${label}`);
      return { result: 'created', plan: await planCreateOn(client, resource, body, fileSlug) };
    }
    // A draft matched by its title is looked up by its title after a create whose outcome is unknown.
    const matchBy = key !== undefined && isDraftTitleKey(key) ? 'name' : upsertBy;
    const { record: created, plan: sent } = await createRecord(
      client,
      resource,
      body,
      matchBy ? { by: matchBy, slug: record.slug, name: record.name } : confirmationKey(resource, record, body),
      { slug: fileSlug },
    );
    if (fileSlug !== undefined) warnSlugNotKept(client, resource, created, fileSlug, say);
    // The site appends -2 to a slug that is taken: another run created the record since this one looked.
    if (
      upsertBy === 'slug' &&
      key !== undefined &&
      typeof created.slug === 'string' &&
      created.slug.startsWith(`${key}-`) &&
      /^\d+$/.test(created.slug.slice(key.length + 1))
    ) {
      say.warn(
        `${input.name} ${item.where}: the slug ${key} was taken when this ${resource.singular} was created (another ` +
          `import of the same site at the same time?), so the site named it ${created.slug} (ID ${String(created.id)}): ` +
          `run imports of one site one after the other`,
      );
    }
    if (own) await catalog.remember(resource.name as LinkRelation, created);
    return { result: 'created', id: typeof created.id === 'number' ? created.id : undefined, plan: sent };
  };

  await batch.start();
  try {
    const items = scan.kept ? toAsync(scan.kept.map(({ item }) => item)) : input.records();
    await batch.run(items, (item) => process(item, !own));
    // Categories whose parent is created by this same import, round after round.
    while (deferred.length > 0 && !batch.stopping) {
      const round = deferred.splice(0);
      const before = processed(batch.counts);
      await batch.run(round, (item) => process(item, false));
      if (processed(batch.counts) === before) await batch.run(deferred.splice(0), (item) => process(item, true));
    }
    for (const item of deferred.splice(0)) batch.notSent(item);
  } finally {
    batch.end();
  }
  // Failed rows are written in the order of the input, whatever order they failed in. A file
  // that cannot be written (a full disk) is reported after the summary, which says what was done.
  const failedRowsError = await writeFailedRows(
    settings.failedTo ? lazyFileSink(settings.failedTo, input.format, () => input.columns) : undefined,
    batch.undoneRows.map((row) => row.item.value),
  ).catch((err: unknown) => err ?? new Error('write failed'));
  const counts = batch.finish();
  const outcomes = batch.outcomes;
  return {
    counts,
    total: scan.count,
    ids: outcomes.flatMap((row) => (row.result !== 'conflict' && row.id !== undefined ? [row.id] : [])),
    rows: outcomes.map((row) => reportRow(row.item.where, row)),
    failedRowsError,
  };
}

/**
 * The record a create of this row made when the run stopped before its second write (the slug of
 * the file, for a venue: src/core/bulk/writes.ts withSlugOfFile): the one record of the row's name
 * (`held`), with the slug the site made of that name (`crash-hall`, `crash-hall-2`) where the file
 * gives another, and every other field as the row has it. Anything else of that name is another
 * record, refused as a taken name.
 */
function createdWithoutItsSlug(
  resource: Resource,
  index: UpsertIndex,
  fileSlug: string,
  body: Record<string, unknown>,
  held: Candidate | undefined,
): Candidate | undefined {
  if (!held || index.by !== 'slug' || !resource.mergesOnCreate || resource.derivesSlug || isDraftTitleKey(fileSlug)) return undefined;
  const name = body[resource.nameField];
  if (typeof name !== 'string' || nameKey(held.name) !== nameKey(name)) return undefined;
  const ownSlug = slugFromName(name);
  const slugOfName = held.slug === ownSlug || new RegExp(`^${ownSlug}-[0-9]+$`).test(held.slug);
  if (!slugOfName || held.slug === fileSlug) return undefined;
  const others = Object.fromEntries(Object.entries(body).filter(([field]) => field !== 'slug'));
  return index.changedFields(held.slug, others).length === 0 ? held : undefined;
}

/**
 * Without --upsert-by, how a create whose outcome is unknown is confirmed before it is reported
 * failed: a record of its name that holds everything sent. Older records of that name are no
 * proof (an event title recurs), and the POST is not sent again.
 */
function confirmationKey(resource: Resource, record: PreparedRecord, body: Record<string, unknown>): MatchKey | undefined {
  if (record.name === undefined) return undefined;
  return { by: 'name', name: record.name, accept: (found) => isUnchanged(resource, found, body), confirmOnly: true };
}

async function writeFailedRows(file: ReturnType<typeof lazyFileSink> | undefined, rows: unknown[]): Promise<undefined> {
  for (const row of rows) await file?.write(row as Record<string, unknown>);
  await file?.end();
  return undefined;
}
