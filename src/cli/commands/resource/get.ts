/** `calendar <resource> get REF...`: one record, or several (also from stdin with -). */
import type { Invocation } from '../runner.js';
import { type ApiClient, CalendarError, type Context, EXIT, getWithTexts, NotFoundError, passwordQuery } from '../../../core/index.js';
import type { Resource } from '../../../spec/resources.js';
import { withSession } from '../../session.js';
import { listWriter, printRecord, type RecordWriter } from '../../output/writer.js';
import { readRefs } from './refs.js';
import { showsTypedText } from './shared.js';
import type { GetFlags } from './options.js';

export async function runGet(resource: Resource, inv: Invocation<GetFlags>, rawRefs: string[]): Promise<void> {
  const { ctx, opts } = inv;
  const refs = await readRefs(resource, rawRefs, ctx);
  const password = opts.password;
  passwordQuery(password); // an empty one is refused before the session opens
  const prepared = inv.prepare(undefined, resource.isEvent);
  if (refs.length === 0) prepared.ui.notice('stdin held no IDs or slugs');
  await withSession(prepared, ctx, async ({ client, profile }) => {
    if (opts.web) (await import('../views/web.js')).refuseSandboxPages(profile, '--web');
    const access = { client, timezone: profile.timezone, messages: prepared.ui };
    const typed = showsTypedText(resource, opts, prepared.output, client) && !opts.web;
    const notice = (line: string) => prepared.ui.notice(line);
    // The texts as typed, from the core route (the site's rendering with --rendered): no route
    // gives the record with them (wordpress/read-routes.ts); read beside it where the reference allows.
    const read = async (ref: (typeof refs)[number]) => (await getWithTexts(access, resource, ref, { password, typed, notice })) as Record<string, unknown>;
    if (opts.web) {
      const { openRecordPage } = await import('../views/web.js');
      for (const ref of refs) await openRecordPage(await read(ref), ctx, prepared.ui, 'stdout');
      return;
    }
    const ics = prepared.output.format === 'ics';
    if (refs.length === 1 && !ics) {
      const record = await read(refs[0]);
      await printRecord(record, resource, prepared.output, ctx);
      if (resource.isEvent) await (await import('./series.js')).noteSeriesPlace(client, record, prepared);
      return;
    }
    const writer = ics ? await icsWriter(client, ctx) : listWriter(resource, prepared.output, ctx);
    let missing = 0;
    for (const ref of refs) {
      try {
        await writer.write(await read(ref));
      } catch (err) {
        if (!(err instanceof CalendarError) || err.exitCode !== EXIT.notFound || refs.length === 1) throw err;
        missing++;
        prepared.ui.error(err.message);
      }
    }
    await writer.end({ total: refs.length - missing });
    if (missing) throw new NotFoundError('');
  });
}

/** The events as one calendar, their VTIMEZONEs first. */
async function icsWriter(client: ApiClient, ctx: Context): Promise<RecordWriter> {
  const [{ icsBatchWriter, icsMeta }, { ZoneSource }] = await Promise.all([import('../../output/ics.js'), import('../../../core/index.js')]);
  return icsBatchWriter(await icsMeta(client, new ZoneSource(client)), ctx, client);
}
