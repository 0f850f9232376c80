/** What diff and apply share: the file read, the plan printed. */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { type Context, fileProblem, formatPlan, type Plan, planData, readSiteFile, type SiteFile, UsageError } from '../../../core/index.js';
import type { Prepared } from '../../session.js';
import { colorEnabled } from '../../output/ui.js';
import { visible } from '../../output/visible.js';

export async function readSource(source: string, ctx: Context): Promise<SiteFile> {
  let text: string;
  if (source === '-') {
    const chunks: Buffer[] = [];
    for await (const chunk of ctx.stdin) chunks.push(Buffer.from(chunk as Buffer));
    text = Buffer.concat(chunks).toString('utf8');
  } else {
    try {
      text = await readFile(resolve(ctx.cwd, source), 'utf8');
    } catch (err) {
      throw new UsageError(`cannot read ${source}: ${fileProblem(err)}`);
    }
  }
  return readSiteFile(source === '-' ? '<stdin>' : source, text);
}

/** The plan on stdout: lines for people (coloured on a terminal) or `--format json`, with a file's plan digest. */
export function printPlan(plan: Plan, prepared: Prepared, ctx: Context, digest?: string): void {
  if (prepared.output.format === 'json') {
    const data = planData(plan) as Record<string, unknown>;
    if (digest !== undefined) data.digest = digest;
    ctx.stdout.write(`${JSON.stringify(data, null, 2)}\n`);
    return;
  }
  const color = colorEnabled(ctx.stdout, ctx.env, { noColor: prepared.globals.color === false });
  ctx.stdout.write(formatPlan(plan, color, visible));
}

/** diff and apply print a plan, as lines (default) or JSON. */
export function checkPlanFormat(prepared: Prepared): void {
  const format = prepared.output.format;
  if (format !== 'table' && format !== 'json') throw new UsageError(`--format: a plan is printed as lines (the default) or json, not ${format}`);
  if (prepared.output.fields) throw new UsageError('--fields does not apply to a plan');
}
