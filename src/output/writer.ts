/**
 * Every way a record reaches stdout. Lists are streamed record by record (tables on a
 * terminal are the one exception: they need every row to size the columns).
 * Nothing but data is written here; messages go to stderr through ui.ts.
 */
import type { Context, OutputStream } from '../context.js';
import type { Column, Format, Resource } from '../resources.js';
import { cellText, csvCell, dateCell, getPath, pickFields, toYaml } from './values.js';

export interface OutputSettings {
  format: Format;
  fields?: string[];
  color: boolean;
}

export interface RecordWriter {
  write(record: unknown): Promise<void>;
  end(summary?: { total?: number }): Promise<void>;
}

async function put(stream: OutputStream, text: string): Promise<void> {
  if (!stream.write(text) && stream.once) await new Promise<void>((resolve) => stream.once!('drain', resolve));
}

function columnsFor(resource: Resource | undefined, settings: OutputSettings, sample: unknown): Column[] {
  if (settings.fields?.length) return settings.fields.map((path) => ({ path, header: path.toUpperCase(), kind: /date$/.test(path) ? 'date' : undefined }));
  if (resource) return resource.columns;
  if (sample && typeof sample === 'object') return Object.keys(sample).map((k) => ({ path: k, header: k.toUpperCase() }));
  return [{ path: 'value', header: 'VALUE' }];
}

function cell(record: unknown, column: Column): string {
  const value = getPath(record, column.path);
  if (column.kind === 'date') return dateCell(value, getPath(record, 'timezone_abbr'));
  return cellText(value);
}

const shape = (record: unknown, settings: OutputSettings) => (settings.fields?.length ? pickFields(record, settings.fields) : record);

/** About 64 KB: large enough that writing costs little per record, small enough to stream. */
const CHUNK_CHARS = 64 * 1024;

/**
 * Gathers a list's small writes into chunks: one write and one await per record cost more CPU
 * than the record itself. What is gathered is also written as soon as the list waits for the
 * network (setImmediate), so records reach the reader page by page, and before any error.
 */
function batched(stream: OutputStream): { put(text: string): Promise<void>; flush(): Promise<void> } {
  let pending = '';
  let scheduled = false;
  const writeNow = (): boolean => {
    scheduled = false;
    if (pending === '') return true;
    const text = pending;
    pending = '';
    return stream.write(text);
  };
  const drained = (ok: boolean) => (ok || !stream.once ? undefined : new Promise<void>((resolve) => stream.once!('drain', resolve)));
  return {
    async put(text) {
      pending += text;
      if (pending.length >= CHUNK_CHARS) return drained(writeNow());
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

export function listWriter(resource: Resource | undefined, settings: OutputSettings, ctx: Context): RecordWriter {
  const output = batched(ctx.stdout);
  const writer = unbatchedListWriter(resource, settings, ctx, output.put);
  return {
    write: (record) => writer.write(record),
    async end(summary) {
      await writer.end(summary);
      await output.flush();
    },
  };
}

function unbatchedListWriter(resource: Resource | undefined, settings: OutputSettings, ctx: Context, put: (text: string) => Promise<void>): RecordWriter {
  let count = 0;
  switch (settings.format) {
    case 'json':
      return {
        async write(record) {
          await put(`${count++ === 0 ? '[\n' : ',\n'}${indent(JSON.stringify(shape(record, settings), null, 2))}`);
        },
        async end() {
          await put(count === 0 ? '[]\n' : '\n]\n');
        },
      };
    case 'ndjson':
      return {
        async write(record) {
          await put(`${JSON.stringify(shape(record, settings))}\n`);
        },
        async end() {},
      };
    case 'yaml':
      return {
        async write(record) {
          count++;
          await put(`${toYaml([shape(record, settings)]).replace(/^\n/, '')}\n`);
        },
        async end() {
          if (count === 0) await put('[]\n');
        },
      };
    case 'ids':
      return {
        async write(record) {
          await put(`${cellText(getPath(record, 'id'))}\n`);
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
      let columns: Column[] | undefined;
      return {
        async write(record) {
          if (!columns) {
            columns = columnsFor(resource, settings, record);
            await put(`${columns.map((c) => csvCell(settings.fields?.length ? c.path : c.path)).join(',')}\n`);
          }
          await put(`${columns.map((c) => csvCell(csvValue(record, c))).join(',')}\n`);
        },
        async end() {
          if (!columns) await put(`${columnsFor(resource, settings, undefined).map((c) => csvCell(c.path)).join(',')}\n`);
        },
      };
    }
    case 'table':
      return ctx.stdout.isTTY ? terminalTable(resource, settings, ctx) : plainTable(resource, settings, put);
  }
}

function csvValue(record: unknown, column: Column): string {
  const value = getPath(record, column.path);
  if (value !== null && typeof value === 'object') return cellText(value);
  return value === undefined || value === null ? '' : String(value);
}

function indent(json: string): string {
  return json.replace(/^/gm, '  ');
}

/** Off a terminal: tab-separated rows, no header, no colour, so `cut` and `awk` work. */
function plainTable(resource: Resource | undefined, settings: OutputSettings, put: (text: string) => Promise<void>): RecordWriter {
  let columns: Column[] | undefined;
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
      const columns = columnsFor(resource, settings, rows[0]);
      const cells = rows.map((record) => columns.map((c) => cell(record, c)));
      const widths = fitWidths(columns, cells, ctx.stdout.columns ?? 100);
      const [{ default: Table }, paint] = await Promise.all([import('cli-table3'), painter(settings.color)]);
      const table = new Table({
        head: columns.map((c, i) => paint.header(truncate(c.header, widths[i]))),
        colWidths: widths.map((w) => w + 2),
        style: { head: [], border: settings.color ? ['grey'] : [] },
        chars: { mid: '', 'left-mid': '', 'mid-mid': '', 'right-mid': '' },
        wordWrap: false,
      });
      for (const row of cells) table.push(row.map((text, i) => (columns[i].kind === 'status' ? paint.status(truncate(text, widths[i])) : truncate(text, widths[i]))));
      await put(ctx.stdout, `${table.toString()}\n`);
    },
  };
}

/** Column widths that fit the terminal: the widest text columns give way first. */
export function fitWidths(columns: Column[], cells: string[][], terminalWidth: number): number[] {
  const widths = columns.map((c, i) => Math.max(c.header.length, ...cells.map((row) => row[i].length)));
  const available = terminalWidth - 3 * columns.length - 1;
  const shrinkable = columns.map((c) => c.kind === 'text' || c.kind === undefined);
  let excess = widths.reduce((a, b) => a + b, 0) - available;
  while (excess > 0) {
    let widest = -1;
    widths.forEach((w, i) => {
      if (shrinkable[i] && w > 8 && (widest < 0 || w > widths[widest])) widest = i;
    });
    if (widest < 0) break;
    widths[widest]--;
    excess--;
  }
  return widths;
}

function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, Math.max(1, max - 1))}…` : text;
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
  switch (settings.format) {
    case 'json':
      return put(ctx.stdout, `${JSON.stringify(shape(record, settings), null, 2)}\n`);
    case 'yaml':
      return put(ctx.stdout, `${toYaml(shape(record, settings)).replace(/^\n/, '')}\n`);
    case 'table': {
      const entries = detailEntries(record, resource, settings);
      if (!ctx.stdout.isTTY) return put(ctx.stdout, entries.map(([k, v]) => `${k}\t${v.replace(/[\t\r\n]+/g, ' ')}\n`).join(''));
      const paint = await painter(settings.color);
      const keyWidth = Math.max(...entries.map(([k]) => k.length));
      return put(ctx.stdout, entries.map(([k, v]) => `${paint.header(k.padEnd(keyWidth))}  ${v}\n`).join(''));
    }
    default: {
      const writer = listWriter(resource, settings, ctx);
      await writer.write(record);
      return writer.end({ total: 1 });
    }
  }
}

const DETAIL_SKIP = new Set(['json_ld', 'global_id', 'global_id_lineage', '_links', 'meta', 'urls', 'custom_fields']);

function detailEntries(record: unknown, resource: Resource | undefined, settings: OutputSettings): Array<[string, string]> {
  if (settings.fields?.length) return settings.fields.map((f) => [f, cellText(getPath(record, f))]);
  if (!record || typeof record !== 'object') return [['value', cellText(record)]];
  const obj = record as Record<string, unknown>;
  const entries: Array<[string, string]> = [];
  for (const [key, value] of Object.entries(obj)) {
    if (DETAIL_SKIP.has(key) || key.endsWith('_details')) continue;
    const text = (key === 'start_date' || key === 'end_date') && resource?.name === 'events' ? dateCell(value, obj.timezone_abbr) : cellText(value);
    if (text !== '') entries.push([key, text]);
  }
  return entries;
}
