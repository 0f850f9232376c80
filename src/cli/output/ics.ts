/**
 * Events as iCalendar on stdout: a list streamed (header, one VEVENT per record, footer
 * with the VTIMEZONEs), or a few records at once. The calendar's name, home URL and zone
 * come from the site's REST index, read once.
 */
import pkg from '../../../package.json' with { type: 'json' };
import type { ApiClient, Context, IcsMeta, ZoneSource } from '../../core/index.js';
import { put, type RecordWriter } from './writer.js';
import { resources } from '../../spec/resources.js';

/** The site's home: the index's `home`, else the REST root without its `/wp-json` or `?rest_route=`. */
function homeOf(client: ApiClient, index: { home?: string; url?: string }): string {
  for (const candidate of [index.home, index.url]) {
    if (typeof candidate === 'string' && /^https?:\/\//i.test(candidate)) return candidate;
  }
  const root = new URL(client.options.root.root);
  root.search = '';
  return root.toString().replace(/\/wp-json\/?$/, '/');
}

export async function icsMeta(client: ApiClient, zones: ZoneSource): Promise<IcsMeta> {
  const index = await zones.siteIndex();
  const siteUrl = homeOf(client, index);
  return {
    calendarName: typeof index.name === 'string' && index.name ? index.name : new URL(siteUrl).host,
    siteUrl,
    siteTimezone: await zones.siteZone(),
    version: pkg.version,
  };
}

/**
 * A list as one VCALENDAR, streamed: memory stays flat over any number of single events. The
 * occurrences of a series are held and written at the end as one VEVENT with its rule. Titles,
 * descriptions and excerpts go out as typed, read a hundred at a time (never as displayed:
 * curled quotes, rendered blocks); `notice` hears if the site gives none.
 */
export async function icsListWriter(meta: IcsMeta, ctx: Context, client: ApiClient, notice?: (line: string) => void): Promise<RecordWriter> {
  const [{ createIcsStream }, { SeriesIcs }, { typedTexts }] = await Promise.all([
    import('../../core/index.js'),
    import('../../core/index.js'),
    import('../../core/index.js'),
  ]);
  const stream = await createIcsStream(meta);
  const series = new SeriesIcs(client, stream, meta.siteUrl);
  await put(ctx.stdout, stream.header());
  const typed = typedTexts(
    client,
    resources.events,
    async (record) => {
      const text = series.event(record);
      if (text) await put(ctx.stdout, text);
    },
    notice,
  );
  return {
    write: (record) => typed.push(record as Record<string, unknown>),
    end: async () => {
      await typed.end();
      await put(ctx.stdout, (await series.rest()) + stream.footer());
    },
  };
}

/** A few records (`events get`) held until the end, so that their VTIMEZONEs come first; their texts as typed. */
export async function icsBatchWriter(meta: IcsMeta, ctx: Context, client: ApiClient): Promise<RecordWriter> {
  const [{ renderIcs }, { readManyRawTexts, withRawTexts }] = await Promise.all([import('../../core/index.js'), import('../../core/index.js')]);
  const records: Array<Record<string, unknown>> = [];
  return {
    write: async (record) => void records.push(record as Record<string, unknown>),
    end: async () => {
      const ids = records.map((record) => record.id).filter((id): id is number => typeof id === 'number');
      const texts = await readManyRawTexts(client, resources.events, ids);
      const typed = records.map((record) => withRawTexts(record, typeof record.id === 'number' ? texts.get(record.id) : undefined));
      await put(ctx.stdout, await renderIcs(typed, meta));
    },
  };
}
