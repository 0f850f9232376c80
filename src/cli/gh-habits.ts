/**
 * Habits people bring from gh: `--json id,title` (gh's fields after --json) and `--jq EXPR`.
 * Read off the arguments before commander sees them, since --json is otherwise a flag.
 */
import { type Context, UsageError, withContext } from '../core/index.js';

/** A field list as --fields takes it, with at least two names: what `--json WORD` cannot mean otherwise. */
const FIELD_LIST = /^[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)*(,[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)*)+$/;

const FORMATS_JQ_READS = ['json', 'ndjson'];

export interface Habits {
  argv: string[];
  /** The --jq filter, taken out of argv. */
  jq?: string;
}

/**
 * `--json id,title` becomes `--format json --fields id,title`; `--jq EXPR` is taken out, and
 * JSON asked for when no format is named. Arguments after `--` are left as they are.
 */
export function readHabits(argv: string[]): Habits {
  const end = argv.indexOf('--');
  const [head, tail] = end < 0 ? [argv, []] : [argv.slice(0, end), argv.slice(end)];
  const out: string[] = [];
  let jq: string | undefined;
  for (let i = 0; i < head.length; i++) {
    const word = head[i];
    if (word === '--json' && FIELD_LIST.test(head[i + 1] ?? '')) {
      out.push('--format', 'json', '--fields', head[++i]);
    } else if (word === '--json' || word.startsWith('--json=')) {
      if (word.startsWith('--json=')) out.push('--format', 'json', '--fields', word.slice('--json='.length));
      else out.push(word);
    } else if (word === '--jq' || word.startsWith('--jq=')) {
      const filter = word === '--jq' ? head[++i] : word.slice('--jq='.length);
      if (filter === undefined || filter === '') throw new UsageError("option '--jq <expression>' argument missing", "e.g. --jq '.[].title'");
      if (jq !== undefined) throw new UsageError('--jq is given twice');
      jq = filter;
    } else out.push(word);
  }
  if (jq !== undefined) {
    const format = formatOf(out);
    if (format === undefined) out.push('--format', 'json');
    else if (!FORMATS_JQ_READS.includes(format))
      throw new UsageError(`--jq filters JSON; it does not apply to --format ${format}`, 'Leave --format out, or use --format json or ndjson.');
  }
  return { argv: [...out, ...tail], jq };
}

/** The format the arguments name, if any. */
function formatOf(argv: string[]): string | undefined {
  let format: string | undefined;
  argv.forEach((word, i) => {
    if (word === '--json') format = 'json';
    else if (word === '--format') format = argv[i + 1];
    else if (word.startsWith('--format=')) format = word.slice('--format='.length);
  });
  return format;
}

/** A context whose standard output is kept, for the filter to read once the command is over. */
export function keptOutput(ctx: Context): { ctx: Context; text(): string } {
  const chunks: string[] = [];
  const decoder = new TextDecoder();
  const stdout = {
    write: (chunk: string | Uint8Array) => (chunks.push(typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true })), true),
    isTTY: false,
  };
  return { ctx: withContext(ctx, { stdout }), text: () => chunks.join('') };
}
