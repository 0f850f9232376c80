/**
 * The library's batch calls (`cal.import`, `cal.export`, `cal.site.diff`, `cal.site.apply`) over
 * the same core calls the CLI makes: typed options in, results as data out. No terminal: no
 * prompt (an option that asks for a change is the caller's consent), no progress, no Ctrl-C.
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { Readable } from 'node:stream';
import type { Context, Messages } from './context.js';
import { fileProblem, UsageError } from './errors.js';
import type { ApiClient } from './http/client.js';
import { resources, type ResourceName } from '../spec/resources.js';
import type { Notice } from './site/document.js';
import type { FetchSettings } from './bulk/ics-fetch.js';
import type { IcsSource } from './bulk/ics-source.js';
import type { ImportSession } from './bulk/run-import.js';
import type { InputFormat } from './bulk/input.js';
import type { SitePlan } from './site/sync.js';
import type { ImportOptions, ImportOutcome, ImportSource, SiteApplied, SiteApplyOptions, SiteDiff, SiteFileSource } from './batch/types.js';
import { option } from './words.js';

/** An open site, as the library's Calendar holds it. */
export interface OpenSite {
  client: ApiClient;
  timezone?: string;
  fetch: FetchSettings;
  messages: Messages;
  cwd: string;
}

type Json = Record<string, unknown>;

export async function importInto(site: OpenSite, resourceName: ResourceName, source: ImportSource, options: ImportOptions = {}): Promise<ImportOutcome> {
  const [{ arrayInput, openInput, parseDelimiter, textInput }, { importSettingsOf, icsSettingsOf }, { importFeed, importRecords }] = await Promise.all([
    import('./bulk/input.js'),
    import('./bulk/options.js'),
    import('./bulk/run-import.js'),
  ]);
  const resource = resources[resourceName];
  if (!resource) throw new UsageError(`"${String(resourceName)}" is not a resource`);
  const session: ImportSession = {
    messages: site.messages,
    // The caller's options are its consent: upsertBy to update, prune to trash.
    confirm: async () => undefined,
    withSite: (work) => work({ client: site.client, timezone: site.timezone, fetch: site.fetch }),
  };
  const feed = await icsSourceOf(source, site.cwd);
  if (feed) {
    if (!resource.isEvent) throw new UsageError(`${feed.name} is iCalendar, which holds events: import it into events`);
    const file = !isRecords(source) && 'file' in source ? source.file : undefined;
    return importFeed(feed, { ...icsSettingsOf(options, site.cwd, file, true), report: true }, session);
  }
  if (!isRecords(source) && 'url' in source) throw new UsageError(`${source.url}: only an iCalendar feed is imported from a URL`);
  const settings = importSettingsOf(resource, options, site.cwd, !isRecords(source) && 'file' in source ? source.file : undefined);
  if (options.from !== undefined || options.until !== undefined || options.prune !== undefined || options.maxOccurrences !== undefined)
    throw new UsageError(`${option('from')}, ${option('until')}, ${option('max_occurrences')} and ${option('prune')} go with an iCalendar import`);
  const input = isRecords(source)
    ? arrayInput(source)
    : 'file' in source
      ? await openInput(source.file, source.format, { stdin: Readable.from([]), cwd: site.cwd }, parseDelimiter(source.delimiter))
      : await textInput(source.text, source.format as InputFormat | undefined, source.name, parseDelimiter(source.delimiter));
  try {
    return await importRecords(input, { ...settings, report: true }, session);
  } finally {
    input.close();
  }
}

const isRecords = (source: ImportSource): source is readonly Json[] => Array.isArray(source);

/** The iCalendar source `source` is, if it is one. */
async function icsSourceOf(source: ImportSource, cwd: string): Promise<IcsSource | undefined> {
  if (isRecords(source)) return undefined;
  if ('text' in source) {
    const { isIcalendar } = await import('./ical/detect.js');
    if (source.format !== 'ics' && (source.format !== undefined || !isIcalendar({ head: source.text.slice(0, 512) }))) return undefined;
    const name = source.name ?? 'text';
    return { name, feedName: name, text: async () => source.text };
  }
  const { detectIcsSource } = await import('./bulk/ics-source.js');
  // No stdin: a program names a file or a URL.
  const ctx = { stdin: Readable.from([]), cwd } as unknown as Context;
  if ('url' in source) return (await detectIcsSource(source.url, 'ics', ctx)).source;
  return (await detectIcsSource(source.file, source.format, ctx)).source;
}

/** Every record of a resource (or those `filters` select, as list filters), in the shape `import` takes back. */
export async function exportFrom(site: OpenSite, resourceName: ResourceName, filters?: Json): Promise<Json[]> {
  const [{ exportRecords }, { listQueryOf }] = await Promise.all([import('./bulk/export.js'), import('./records/list.js')]);
  const resource = resources[resourceName];
  if (!resource) throw new UsageError(`"${String(resourceName)}" is not a resource`);
  const query = filters && Object.keys(filters).length ? listQueryOf(resource, filters) : undefined;
  const records: Json[] = [];
  await exportRecords(site.client, resource, query, (record) => void records.push(record), noticeOf(site.messages));
  return records;
}

async function siteFileOf(source: SiteFileSource, cwd: string) {
  const { readSiteFile } = await import('./site/file.js');
  if (typeof source === 'string') return readSiteFile('site file', source);
  if (typeof source.file === 'string' && Object.keys(source).length === 1) {
    const path = source.file;
    let text: string;
    try {
      text = await readFile(resolve(cwd, path), 'utf8');
    } catch (err) {
      throw new UsageError(`cannot read ${path}: ${fileProblem(err)}`);
    }
    return readSiteFile(path, text);
  }
  return readSiteFile('site file', JSON.stringify(source));
}

export async function diffSiteFile(site: OpenSite, source: SiteFileSource, options: { prune?: boolean } = {}): Promise<SiteDiff> {
  const [{ diffSite }, file] = await Promise.all([import('./site/sync.js'), siteFileOf(source, site.cwd)]);
  return asDiff(await diffSite(file, site.client, { prune: options.prune === true }, noticeOf(site.messages).notice));
}

/**
 * Applies the plan of a file only if it is still the plan of `digest`: else a CalendarError
 * (exit 2) and nothing is sent. A run that did not do everything throws its CalendarError
 * (exit 5, 6) once it is over.
 */
export async function applySiteFile(site: OpenSite, source: SiteFileSource, options: SiteApplyOptions): Promise<SiteApplied> {
  if (typeof options?.digest !== 'string') throw new UsageError('site.apply needs the digest of the plan site.diff gave');
  const concurrency = options.concurrency ?? 4;
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 16)
    throw new UsageError(`concurrency: "${concurrency}" is not a whole number from 1 to 16`);
  const [{ applySite }, file] = await Promise.all([import('./site/sync.js'), siteFileOf(source, site.cwd)]);
  const applied = await applySite(file, site.client, {
    prune: options.prune === true,
    digest: options.digest.toLowerCase(),
    concurrency,
    messages: site.messages,
    notice: noticeOf(site.messages).notice,
    confirm: async () => undefined,
  });
  if (applied.error) throw applied.error;
  return { ...(await asDiff(applied)), counts: applied.outcome?.counts };
}

async function asDiff(planned: SitePlan): Promise<SiteDiff> {
  const { planData } = await import('./site/plan.js');
  return { plan: planData(planned.plan), summary: planned.summary, digest: planned.digest };
}

function noticeOf(messages: Messages): { notice: Notice; warn(line: string): void } {
  return { notice: (line) => messages.notice(line), warn: (line) => messages.warn(line) };
}
