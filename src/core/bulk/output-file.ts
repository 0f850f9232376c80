/**
 * Records written to a file (or stdout) in one of the import formats, so that what is
 * written can be imported again as is: failed records of an import, and export.
 */
import { createWriteStream, openSync, type WriteStream } from 'node:fs';
import type { OutputStream } from '../context.js';
import { CalendarError, EXIT } from '../errors.js';
import { csvLine } from './csv.js';
import { textForPeople } from '../records/identity.js';
import type { InputFormat } from './input.js';

export interface RecordSink {
  write(record: Record<string, unknown>): Promise<void>;
  end(): Promise<void>;
}

async function put(stream: OutputStream, text: string): Promise<void> {
  if (!stream.write(text) && stream.once) await new Promise<void>((resolve) => stream.once!('drain', resolve));
}

/** A CSV cell: lists comma-separated (one quoted cell), booleans true/false, absent as empty. */
export function csvCellValue(value: unknown, column = ''): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.map((v) => String(v)).join(',');
  if (typeof value === 'object') return JSON.stringify(value);
  return typeof value === 'string' ? textForPeople(value, column) : String(value);
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
          await put(stream, csvLine(columns.map((c) => csvCellValue(record[c], c))));
        },
        end: async () => {
          if (count === 0) await put(stream, csvLine(columns));
        },
      };
  }
}

/** `cannot write FILE: no space left on the device (ENOSPC)`: a file the run could not write, exit 1. */
export function fileWriteError(path: string, err: unknown): CalendarError {
  const code = (err as NodeJS.ErrnoException).code;
  return new CalendarError(
    `cannot write ${path}: ${code === 'ENOSPC' ? 'no space left on the device (ENOSPC)' : (code ?? (err as Error).message)}`,
    EXIT.refused,
  );
}

/**
 * A sink on a file that is created at the first record (no failures, no file). A file that
 * cannot be opened or written (a missing directory, a full disk) is an error of the write or
 * of `end`, never an unhandled stream error nor a wait for a 'drain' that does not come.
 */
export function lazyFileSink(path: string, format: InputFormat, columns: () => string[]): RecordSink & { written: number } {
  let file: WriteStream | undefined;
  let sink: RecordSink | undefined;
  let failure: Error | undefined;
  const failed = (err: unknown) => fileWriteError(path, err);
  const check = () => {
    if (failure) throw failed(failure);
  };
  const self = {
    written: 0,
    async write(record: Record<string, unknown>) {
      check();
      if (!sink) {
        let fd: number;
        try {
          fd = openSync(path, 'w');
        } catch (err) {
          throw (failure = failed(err));
        }
        const stream = (file = createWriteStream(path, { fd }));
        stream.on('error', (err) => (failure ??= err));
        sink = recordSink(
          {
            write: (text) => (check(), stream.write(text)),
            // An error ends the wait as a drain would; the next write reports it.
            once: (_event, listener) => {
              const done = () => {
                stream.off('drain', done).off('error', done);
                listener();
              };
              return stream.once('drain', done).once('error', done);
            },
          },
          format,
          columns(),
        );
      }
      self.written++;
      await sink.write(record);
      check();
    },
    async end() {
      if (!sink || !file) return;
      await sink.end();
      await new Promise<void>((resolve) =>
        file!.end((err?: Error | null) => {
          if (err) failure ??= err;
          resolve();
        }),
      );
      check();
    },
  };
  return self;
}
