/** What the verbs read from the command line besides their flags: --data, and references from stdin (parsed by the core). */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { type Context, fileProblem, parseRef, type RecordRef, UsageError } from '../../../core/index.js';
import type { Resource } from '../../../spec/resources.js';

/** `--data '{"title":...}'`, `--data @file.json` or `--data -` (stdin). */
export async function readData(option: string | undefined, ctx: Context): Promise<Record<string, unknown>> {
  if (option === undefined) return {};
  let text: string;
  let source: string;
  if (option === '-') {
    source = 'stdin';
    text = await readAll(ctx.stdin);
  } else if (option.startsWith('@')) {
    const file = resolve(ctx.cwd, option.slice(1));
    source = option.slice(1);
    try {
      text = readFileSync(file, 'utf8');
    } catch (err) {
      throw new UsageError(`--data: cannot read ${source}: ${fileProblem(err)}`);
    }
  } else {
    source = 'the --data value';
    text = option;
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new UsageError(`--data: ${source} is not valid JSON (${(err as Error).message.split('\n')[0]})`);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new UsageError(`--data: ${source} must hold one JSON object`);
  }
  return value as Record<string, unknown>;
}

export async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The refs of a verb that takes several: as given, or whitespace- or comma-separated on stdin
 * for `-`. An empty stdin (a list that matched nothing, piped in) gives none: nothing to do.
 */
export async function readRefs(resource: Resource, raw: string[], ctx: Context): Promise<RecordRef[]> {
  let texts = raw;
  if (raw.length === 1 && raw[0] === '-') {
    if (ctx.stdin.isTTY)
      throw new UsageError(
        '- reads IDs or slugs from stdin, which is a terminal here',
        `Pipe them in, e.g. calendar ${resource.name} list --format ids | calendar ${resource.name} get -`,
      );
    texts = (await readAll(ctx.stdin)).split(/[\s,]+/).filter(Boolean);
  }
  return texts.map((text) => parseRef(resource, text));
}
