/**
 * `--jq EXPR`, as gh has it: a jq filter over the JSON a command prints, strings printed raw.
 * The filter runs in jq itself (1.7.1), compiled to WebAssembly (the jq-wasm package, bundled apart as
 * dist/jq.cjs): the language as jq defines it, with no binary to download and none to install.
 * It costs a megabyte and some 100 ms to load, so it is loaded only by a run that asks for it.
 */
import { createRequire } from 'node:module';
import { CalendarError, EXIT, UsageError } from '../../core/index.js';

interface JqWasm {
  raw(data: string, filter: string, flags?: string[]): Promise<string>;
}

let loaded: JqWasm | undefined;

/** dist/jq.cjs, beside the bundle this code runs in (dist/cli.cjs). */
function jq(): JqWasm {
  loaded ??= createRequire(__filename)('./jq.cjs') as JqWasm;
  return loaded;
}

/** jq's message without its `jq: error...:` prefix and the count line. */
const message = (err: unknown) =>
  String((err as Error)?.message ?? err)
    .replace(/^Failed to execute raw query: /, '')
    .replace(/\njq: \d+ compile errors?$/, '')
    .replace(/^jq: error(?: \(at [^)]*\))?: /, '')
    .replace(/\s+/g, ' ')
    .trim();

/** A usage error (exit 2, before any request) when the filter does not compile. */
export async function checkJqFilter(filter: string): Promise<void> {
  try {
    await jq().raw('null', filter);
  } catch (err) {
    // Run on null, a filter that compiles may still fail (`.[]`): only a compile error counts here.
    if (/compile error/.test(String((err as Error)?.message)))
      throw new UsageError(`--jq: ${message(err)}`, "The filter is jq's language: https://jqlang.org/manual/");
  }
}

/** The filter's output for `json` (one document, or NDJSON: each line an input), each result on a line. */
export async function runJq(json: string, filter: string): Promise<string> {
  if (json.trim() === '') return '';
  try {
    const out = await jq().raw(json, filter, ['-r']);
    return out === '' ? '' : `${out}\n`;
  } catch (err) {
    throw new CalendarError(`--jq: ${message(err)}`, EXIT.refused);
  }
}
