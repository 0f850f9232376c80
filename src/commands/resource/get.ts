/** `calendar <resource> get REF...`: one record, or several (also from stdin with -). */
import type { Invocation } from '../runner.js';
import { CliError, EXIT } from '../../errors.js';
import type { Resource } from '../../resources.js';
import { withSession } from '../../session.js';
import { listWriter, printRecord } from '../../output/writer.js';
import { readRefs, recordPath, translateNotFound } from './refs.js';
import { passwordQuery, type Opts } from './shared.js';

export async function runGet(resource: Resource, inv: Invocation, rawRefs: string[]): Promise<void> {
  const ctx = inv.ctx;
  const opts = inv.opts as Opts;
  const refs = await readRefs(resource, rawRefs, ctx);
  const query = passwordQuery(opts);
  const prepared = inv.prepare();
  await withSession(prepared, ctx, async ({ client }) => {
    const read = async (ref: (typeof refs)[number]) => {
      try {
        return (await client.call('GET', await recordPath(resource, ref, client), { query })).body;
      } catch (err) {
        throw translateNotFound(err, resource, ref, 'get');
      }
    };
    if (opts.web) {
      const { openRecordPage } = await import('../web.js');
      for (const ref of refs) await openRecordPage(await read(ref), ctx, prepared.ui, 'stdout');
      return;
    }
    if (refs.length === 1) return printRecord(await read(refs[0]), resource, prepared.output, ctx);
    const writer = listWriter(resource, prepared.output, ctx);
    let missing = 0;
    for (const ref of refs) {
      try {
        await writer.write(await read(ref));
      } catch (err) {
        if (!(err instanceof CliError) || err.exitCode !== EXIT.notFound) throw err;
        missing++;
        prepared.ui.error(err.message);
      }
    }
    await writer.end({ total: refs.length - missing });
    if (missing) throw new CliError('', EXIT.notFound);
  });
}
