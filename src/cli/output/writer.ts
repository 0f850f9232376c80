/**
 * Every way a record reaches stdout. Lists are streamed record by record (tables on a
 * terminal are the one exception: they need every row to size the columns).
 * Nothing but data is written here; messages go to stderr through ui.ts.
 */
import { type Context, markedTitle, type OutputStream, RawRecord, recordsYaml, textForPeople } from '../../core/index.js';
import type { Column, Format, Resource } from '../../spec/resources.js';
import { checkFields } from './fields.js';
import { layoutTable, terminalWidth, truncate } from './table.js';
import { cellText, csvCell, dateCell, dateLabel, getPath, pickFields } from './values.js';
import { visible, visibleOn } from './visible.js';

/** Fields that hold a date-time: `start_date`, `utc_end_date`, `date`, `modified_utc`... */
const isDatePath = (path: string) => /(?:^|\.|_)(?:date|modified)(?:_utc)?$/.test(path);

export interface OutputSettings {
  format: Format;
  fields?: string[];
  color: boolean;
}

export interface RecordWriter {
  /** A promise only when the caller must wait (the output asked to drain): lists write thousands. */
  write(record: unknown): Promise<void> | void;
  end(summary?: { total?: number }): Promise<void>;
  /** Writes a RawRecord as it stands (NDJSON of whole records); any other writer decodes it. */
  takesRaw?: boolean;
}

/** Writes to the stream, waiting for it to drain when it asks to. */
export async function put(stream: OutputStream, text: string): Promise<void> {
  if (!stream.write(text) && stream.once) await new Promise<void>((resolve) => stream.once!('drain', resolve));
}

function columnsFor(resource: Resource | undefined, settings: OutputSettings, sample: unknown): readonly Column[] {
  if (settings.fields?.length) return settings.fields.map((path) => ({ path, header: path.toUpperCase(), kind: isDatePath(path) ? 'date' : undefined }));
  if (resource) return resource.columns;
  if (sample && typeof sample === 'object') {
    // Keys of an unknown record give way from the right on a narrow terminal.
    const keys = Object.keys(sample);
    return keys.map((k, i) => ({ path: k, header: k.toUpperCase(), dropOrder: i === 0 ? undefined : keys.length - i }));
  }
  return [{ path: 'value', header: 'VALUE' }];
}

function cell(record: unknown, column: Column): string {
  const value = getPath(record, column.path);
  if (column.kind === 'date') return dateCell(value, dateLabel(record, column.path));
  return cellText(value);
}

/** A cell as a person reads it at a terminal: an occurrence of a series marked (piped rows stay as they are). */
function markedCell(record: unknown, column: Column): string {
  const text = cell(record, column);
  return column.marksSeries ? markedTitle(text, getPath(record, 'slug')) : text;
}

const shape = (record: unknown, settings: OutputSettings) => (settings.fields?.length ? pickFields(record, settings.fields) : record);

/** About 64 KB: large enough that writing costs little per record, small enough to stream. */
const CHUNK_SIZE = 64 * 1024;

type Chunk = string | Buffer;

/**
 * Gathers a list's small writes into chunks: one write and one await per record cost more CPU
 * than the record itself. What is gathered is also written as soon as the list waits for the
 * network (setImmediate), so records reach the reader page by page, and before any error.
 */
function batched(stream: OutputStream): { put(chunk: Chunk): Promise<void> | void; flush(): Promise<void> } {
  let parts: Chunk[] = [];
  let pendingSize = 0;
  let scheduled = false;
  const writeNow = (): boolean => {
    scheduled = false;
    if (pendingSize === 0) return true;
    const chunks = joined(parts);
    parts = [];
    pendingSize = 0;
    let ok = true;
    for (const chunk of chunks) ok = stream.write(chunk) && ok;
    return ok;
  };
  const drained = (ok: boolean) => (ok || !stream.once ? undefined : new Promise<void>((resolve) => stream.once!('drain', resolve)));
  return {
    put(chunk) {
      parts.push(chunk);
      pendingSize += chunk.length;
      if (pendingSize >= CHUNK_SIZE) return drained(writeNow());
      if (!scheduled) {
        scheduled = true;
        setImmediate(writeNow);
      }
    },
    async flush() {
      return drained(writeNow());
    },
  };
}

/**
 * The parts as few chunks as they allow: text joined, and the records cut from one page, which
 * lie side by side in one buffer, as one view of it rather than a copy.
 */
function joined(parts: Chunk[]): Chunk[] {
  if (parts.length === 1) return parts;
  if (parts.every((part) => typeof part === 'string')) return [parts.join('')];
  const views: Buffer[] = [];
  for (const part of parts) {
    const view = typeof part === 'string' ? Buffer.from(part) : part;
    const last = views.at(-1);
    if (last && last.buffer === view.buffer && last.byteOffset + last.length === view.byteOffset) {
      views[views.length - 1] = Buffer.from(last.buffer, last.byteOffset, last.length + view.length);
    } else views.push(view);
  }
  return views;
}

/** A writer in the chosen format; the first record decides whether `--fields` names real fields. */
export function listWriter(resource: Resource | undefined, settings: OutputSettings, ctx: Context): RecordWriter {
  const output = batched(ctx.stdout);
  const writer = unbatchedListWriter(resource, settings, ctx, output.put);
  let checked = false;
  const takesRaw = settings.format === 'ndjson' && !settings.fields?.length;
  return {
    takesRaw,
    write(record) {
      if (record instanceof RawRecord) {
        if (takesRaw) return output.put(record.line);
        record = JSON.parse(record.json) as unknown;
      }
      if (!checked) checkFields(resource, settings.fields, record);
      checked = true;
      return writer.write(record);
    },
    async end(summary) {
      await writer.end(summary);
      await output.flush();
    },
  };
}

function unbatchedListWriter(
  resource: Resource | undefined,
  settings: OutputSettings,
  ctx: Context,
  put: (chunk: Chunk) => Promise<void> | void,
): RecordWriter {
  let count = 0;
  // Rows for people (CSV, IDs, plain rows) keep their bytes through a pipe, not at a terminal.
  const onScreen = (text: string) => visibleOn(ctx.stdout, text);
  switch (settings.format) {
    case 'json':
      return {
        write(record) {
          return put(`${count++ === 0 ? '[\n' : ',\n'}${indent(JSON.stringify(shape(record, settings), null, 2))}`);
        },
        async end() {
          await put(count === 0 ? '[]\n' : '\n]\n');
        },
      };
    case 'ndjson':
      return {
        write(record) {
          return put(`${JSON.stringify(shape(record, settings))}\n`);
        },
        async end() {},
      };
    case 'yaml':
      return {
        async write(record) {
          count++;
          await put(await recordsYaml([shape(record, settings)]));
        },
        async end() {
          if (count === 0) await put('[]\n');
        },
      };
    case 'ids':
      return {
        async write(record) {
          await put(onScreen(`${cellText(getPath(record, 'id'))}\n`));
        },
        async end() {},
      };
    case 'count':
      return {
        async write() {
          count++;
        },
        async end(summary) {
          await put(`${summary?.total ?? count}\n`);
        },
      };
    case 'csv': {
      let columns: readonly Column[] | undefined;
      return {
        async write(record) {
          if (!columns) {
            columns = columnsFor(resource, settings, record);
            await put(onScreen(`${columns.map((c) => csvCell(c.path)).join(',')}\n`));
          }
          await put(onScreen(`${columns.map((c) => csvCell(csvValue(record, c))).join(',')}\n`));
        },
        async end() {
          if (!columns)
            await put(
              `${columnsFor(resource, settings, undefined)
                .map((c) => csvCell(c.path))
                .join(',')}\n`,
            );
        },
      };
    }
    case 'table':
      // Colour asked for through a pipe (FORCE_COLOR, for `| less -R`) wants the table a terminal shows.
      return ctx.stdout.isTTY || settings.color ? terminalTable(resource, settings, ctx) : plainTable(resource, settings, put);
    case 'ics':
      throw new Error('iCalendar is written by output/ics.ts'); // prepare() lets ics through only where it is
  }
}

function csvValue(record: unknown, column: Column): string {
  const value = getPath(record, column.path);
  if (value !== null && typeof value === 'object') return cellText(value);
  return value === undefined || value === null ? '' : textForPeople(value, column.path);
}

function indent(json: string): string {
  return json.replace(/^/gm, '  ');
}

/** Off a terminal: tab-separated rows, no header, no colour, so `cut` and `awk` work. */
function plainTable(resource: Resource | undefined, settings: OutputSettings, put: (text: string) => Promise<void> | void): RecordWriter {
  let columns: readonly Column[] | undefined;
  return {
    async write(record) {
      columns ??= columnsFor(resource, settings, record);
      await put(`${columns.map((c) => cell(record, c).replace(/[\t\r\n]+/g, ' ')).join('\t')}\n`);
    },
    async end() {},
  };
}

function terminalTable(resource: Resource | undefined, settings: OutputSettings, ctx: Context): RecordWriter {
  const rows: unknown[] = [];
  return {
    async write(record) {
      rows.push(record);
    },
    async end() {
      if (rows.length === 0) return;
      const all = columnsFor(resource, settings, rows[0]);
      const allCells = rows.map((record) => all.map((c) => visible(markedCell(record, c).replace(/\s+/g, ' '))));
      const { shown, widths } = layoutTable(all, allCells, terminalWidth(ctx));
      const columns = shown.map((i) => all[i]);
      const [{ default: Table }, paint] = await Promise.all([import('cli-table3'), painter(settings.color)]);
      const table = new Table({
        head: columns.map((c, k) => paint.header(truncate(c.header, widths[k]))),
        colWidths: widths.map((w) => w + 2),
        style: { head: [], border: settings.color ? ['grey'] : [] },
        chars: { mid: '', 'left-mid': '', 'mid-mid': '', 'right-mid': '' },
        wordWrap: false,
      });
      for (const row of allCells) {
        table.push(shown.map((i, k) => (all[i].kind === 'status' ? paint.status(truncate(row[i], widths[k])) : truncate(row[i], widths[k]))));
      }
      await put(ctx.stdout, `${table.toString()}\n`);
    },
  };
}

interface Paint {
  header(text: string): string;
  status(text: string): string;
}

async function painter(color: boolean): Promise<Paint> {
  if (!color) return { header: (t) => t, status: (t) => t };
  const { Chalk } = await import('chalk');
  const chalk = new Chalk({ level: 1 });
  return {
    header: (t) => chalk.bold(t),
    status: (t) => (t === 'publish' ? t : t === 'trash' ? chalk.red(t) : chalk.yellow(t)),
  };
}

/** One record: lists formats print it alone; the table shows it as field/value pairs. */
export async function printRecord(record: unknown, resource: Resource | undefined, settings: OutputSettings, ctx: Context): Promise<void> {
  checkFields(resource, settings.fields, record);
  switch (settings.format) {
    case 'json':
      return put(ctx.stdout, `${JSON.stringify(shape(record, settings), null, 2)}\n`);
    case 'yaml':
      return put(ctx.stdout, await recordsYaml(shape(record, settings)));
    case 'table': {
      const entries = detailEntries(record, resource, settings);
      if (!ctx.stdout.isTTY && !settings.color) return put(ctx.stdout, entries.map(([k, v]) => `${k}\t${v.replace(/[\t\r\n]+/g, ' ')}\n`).join(''));
      const paint = await painter(settings.color);
      const keyWidth = Math.max(...entries.map(([k]) => visible(k).length));
      return put(ctx.stdout, entries.map(([k, v]) => `${paint.header(visible(k).padEnd(keyWidth))}  ${visible(v)}\n`).join(''));
    }
    default: {
      const writer = listWriter(resource, settings, ctx);
      await writer.write(record);
      return writer.end({ total: 1 });
    }
  }
}

const DETAIL_SKIP = new Set(['json_ld', 'global_id', 'global_id_lineage', '_links', 'meta', 'urls', 'custom_fields']);

function detailEntries(record: unknown, _resource: Resource | undefined, settings: OutputSettings): Array<[string, string]> {
  if (settings.fields?.length)
    return settings.fields.map((f) => [f, isDatePath(f) ? dateCell(getPath(record, f), dateLabel(record, f)) : cellText(getPath(record, f))]);
  if (!record || typeof record !== 'object') return [['value', cellText(record)]];
  const obj = record as Record<string, unknown>;
  const entries: Array<[string, string]> = [];
  for (const [key, value] of Object.entries(obj)) {
    if (DETAIL_SKIP.has(key) || key.endsWith('_details')) continue;
    const text = isDatePath(key) && typeof value === 'string' ? dateCell(value, dateLabel(record, key)) : cellText(value);
    if (text !== '') entries.push([key, text]);
  }
  return entries;
}
