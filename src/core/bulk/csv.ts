/**
 * CSV as RFC 4180 describes it: separated cells, double quotes around cells that hold the
 * separator, quotes or line breaks, a doubled quote for a quote inside. The separator is a
 * comma, or what the header line shows (spreadsheets in many locales write semicolons).
 * The parser is fed chunks and hands back complete rows, so a file of any size is read in
 * constant memory.
 */

export const DELIMITERS: Record<string, string> = { comma: ',', semicolon: ';', tab: '\t' };

export function delimiterName(delimiter: string): string {
  return Object.entries(DELIMITERS).find(([, d]) => d === delimiter)?.[0] ?? `"${delimiter}"`;
}

/** The separator a header line uses: the most frequent of comma, semicolon and tab outside quotes. */
export function detectDelimiter(headerLine: string): string {
  const counts = new Map<string, number>();
  let quoted = false;
  for (const ch of headerLine) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === ',' || ch === ';' || ch === '\t')) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  }
  let best = ',';
  for (const [ch, n] of counts) if (n > (counts.get(best) ?? 0)) best = ch;
  return best;
}

export interface CsvRow {
  cells: string[];
  /** The line the row starts on (1-based); a quoted cell may span several lines. */
  line: number;
}

export class CsvError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(message);
  }
}

export class CsvParser {
  constructor(private readonly delimiter = ',') {}

  private cells: string[] = [];
  private cell = '';
  private quoted = false;
  /** Inside a quoted cell. */
  private inQuotes = false;
  /** A quote was just read inside a quoted cell: either its end or the first of a pair. */
  private quotePending = false;
  private line = 1;
  private rowLine = 1;
  private pendingCr = false;
  private rowStarted = false;

  /** Parses a chunk; returns the rows it completed. */
  push(chunk: string): CsvRow[] {
    const rows: CsvRow[] = [];
    for (let i = 0; i < chunk.length; i++) {
      const ch = chunk[i];
      if (this.pendingCr) {
        this.pendingCr = false;
        if (ch === '\n') continue;
      }
      if (this.inQuotes) {
        if (this.quotePending) {
          this.quotePending = false;
          if (ch === '"') {
            this.cell += '"';
            continue;
          }
          this.inQuotes = false;
          // fall through: the character after the closing quote
        } else {
          if (ch === '"') this.quotePending = true;
          else {
            if (ch === '\n') this.line++;
            this.cell += ch;
          }
          continue;
        }
      }
      if (ch === this.delimiter) {
        this.endCell();
      } else if (ch === '\n' || ch === '\r') {
        if (ch === '\r') this.pendingCr = true;
        const row = this.endRow();
        if (row) rows.push(row);
        this.line++;
        this.rowLine = this.line;
      } else if (ch === '"') {
        if (this.cell !== '' || this.quoted) throw new CsvError('a quote inside an unquoted cell (quote the whole cell and double the quote)', this.line);
        this.quoted = true;
        this.inQuotes = true;
        this.rowStarted = true;
      } else {
        if (this.quoted) throw new CsvError('text after the closing quote of a cell', this.line);
        this.cell += ch;
        this.rowStarted = true;
      }
    }
    return rows;
  }

  /** Ends the input; returns the last row when the file did not end with a line break. */
  end(): CsvRow[] {
    if (this.inQuotes && !this.quotePending) throw new CsvError('a quoted cell is not closed', this.rowLine);
    this.inQuotes = false;
    this.quotePending = false;
    const row = this.endRow();
    return row ? [row] : [];
  }

  private endCell(): void {
    this.cells.push(this.cell);
    this.cell = '';
    this.quoted = false;
    this.rowStarted = true;
  }

  private endRow(): CsvRow | undefined {
    if (!this.rowStarted && this.cell === '' && this.cells.length === 0) return undefined; // blank line
    this.endCell();
    const row = { cells: this.cells, line: this.rowLine };
    this.cells = [];
    this.rowStarted = false;
    return row;
  }
}

/** Parses a whole text (tests and small inputs). */
export function parseCsv(text: string): CsvRow[] {
  const parser = new CsvParser();
  return [...parser.push(text), ...parser.end()];
}

/** One cell, quoted only when it must be. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) || /^\s|\s$/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export function csvLine(values: string[]): string {
  return `${values.map(csvField).join(',')}\n`;
}
