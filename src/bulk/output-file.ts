/**
 * Records written to a file (or stdout) in one of the import formats, so that what is
 * written can be imported again as is: failed records of an import, and export.
 */
import { createWriteStream, type WriteStream } from 'node:fs';
import type { OutputStream } from '../context.js';
import { csvLine } from './csv.js';
import type { InputFormat } from './input.js';

export interface RecordSink {
  write(record: Record<string, unknown>): Promise<void>;
  end(): Promise<void>;
}

async function put(stream: OutputStream, text: string): Promise<void> {
  if (!stream.write(text) && stream.once) await new Promise<void>((resolve) => stream.once!('drain', resolve));
}

/** A CSV cell: lists comma-separated (one quoted cell), booleans true/false, absent as empty. */
export function csvCellValue(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.map((v) => String(v)).join(',');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

export function recordSink(stream: OutputStream, format: InputFormat, columns: string[]): RecordSink {
  let count = 0;
  switch (format) {
    case 'ndjson':
      return {
        write: (record) => put(stream, `${JSON.stringify(record)}\n`),
        end: async () => undefined,
      };
    case 'json':
      return {
        write: (record) => put(stream, `${count++ === 0 ? '[\n' : ',\n'}  ${JSON.stringify(record)}`),
        end: () => put(stream, count === 0 ? '[]\n' : '\n]\n'),
      };
    case 'csv':
      return {
        async write(record) {
          if (count++ === 0) await put(stream, csvLine(columns));
          await put(stream, csvLine(columns.map((c) => csvCellValue(record[c]))));
        },
        end: async () => {
          if (count === 0) await put(stream, csvLine(columns));
        },
      };
  }
}

/** A sink on a file that is created at the first record (no failures, no file). */
export function lazyFileSink(path: string, format: InputFormat, columns: () => string[]): RecordSink & { written: number } {
  let file: WriteStream | undefined;
  let sink: RecordSink | undefined;
  const self = {
    written: 0,
    async write(record: Record<string, unknown>) {
      if (!sink) {
        file = createWriteStream(path);
        sink = recordSink(file, format, columns());
      }
      self.written++;
      await sink.write(record);
    },
    async end() {
      if (!sink || !file) return;
      await sink.end();
      await new Promise<void>((resolve, reject) => file!.end((err?: Error | null) => (err ? reject(err) : resolve())));
    },
  };
  return self;
}
