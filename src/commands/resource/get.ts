/** `calendar <resource> get REF`. */
import type { Invocation } from '../runner.js';
import type { Resource } from '../../resources.js';
import { withSession } from '../../session.js';
import { printRecord } from '../../output/writer.js';
import { parseRef, recordPath, translateNotFound } from './refs.js';
import { passwordQuery, type Opts } from './shared.js';

export async function runGet(resource: Resource, inv: Invocation, rawRef: string): Promise<void> {
  const ctx = inv.ctx;
  const opts = inv.opts as Opts;
  const ref = parseRef(resource, rawRef);
  const query = passwordQuery(opts);
  const prepared = inv.prepare(undefined, resource.name === 'events');
  await withSession(prepared, ctx, async ({ client }) => {
    try {
      const path = await recordPath(resource, ref, client);
      const res = await client.call('GET', path, { query });
      if (prepared.output.format === 'ics') {
        const [{ icsMeta, printIcs }, { ZoneSource }] = await Promise.all([import('../../output/ics.js'), import('../../records/dates.js')]);
        return await printIcs([res.body as Record<string, unknown>], await icsMeta(client, new ZoneSource(client)), ctx);
      }
      await printRecord(res.body, resource, prepared.output, ctx);
    } catch (err) {
      throw translateNotFound(err, resource, ref, 'get');
    }
  });
}
