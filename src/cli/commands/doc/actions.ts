/** `calendar doc` and `calendar info`: what the site says about its own API. */
import type { Invocation } from '../runner.js';
import { UsageError } from '../../../core/index.js';
import { printRecord } from '../../output/writer.js';
import { withSession, type GlobalOptions } from '../../session.js';

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

export async function runDoc(inv: Invocation): Promise<void> {
  const ctx = inv.ctx;
  const prepared = inv.prepare();
  await withSession(prepared, ctx, async ({ client }) => {
    const res = await client.call<{
      info?: { title?: string; version?: string };
      paths?: Record<string, Record<string, { summary?: string; description?: string }>>;
    }>('GET', 'doc');
    if (prepared.output.format !== 'table') return printRecord(res.body, undefined, prepared.output, ctx);
    const doc = res.body;
    const lines = [`${doc.info?.title ?? 'API'}${doc.info?.version ? ` ${doc.info.version}` : ''}`, ''];
    for (const [path, operations] of Object.entries(doc.paths ?? {})) {
      for (const method of METHODS) {
        const op = operations?.[method];
        if (!op) continue;
        const what = (op.summary ?? op.description ?? '').split('\n')[0];
        lines.push(`${method.toUpperCase().padEnd(7)}${path.padEnd(32)}${what}`);
      }
    }
    ctx.stdout.write(`${lines.join('\n')}\n`);
  });
}

export async function runInfo(inv: Invocation): Promise<void> {
  const ctx = inv.ctx;
  const opts = inv.opts as GlobalOptions & { context?: string };
  if (opts.context !== undefined && opts.context !== 'view' && opts.context !== 'edit') {
    throw new UsageError(`--context: "${opts.context}" is not view or edit`);
  }
  const prepared = inv.prepare();
  await withSession(prepared, ctx, async ({ client }) => {
    const res = await client.call<{ namespace?: string; routes?: Record<string, { methods?: string[] }> }>('GET', '', {
      query: opts.context ? { context: opts.context } : undefined,
    });
    if (prepared.output.format !== 'table') return printRecord(res.body, undefined, prepared.output, ctx);
    const lines = [`namespace ${res.body.namespace ?? ''}`, ''];
    for (const [route, info] of Object.entries(res.body.routes ?? {})) lines.push(`${(info.methods ?? []).join(',').padEnd(30)}${route}`);
    ctx.stdout.write(`${lines.join('\n')}\n`);
  });
}
