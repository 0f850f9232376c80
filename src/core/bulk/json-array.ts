/**
 * Splits a JSON array into the text of its elements as chunks arrive, so that a large
 * array file is parsed one record at a time. Only the nesting and strings are tracked;
 * each element is then parsed with JSON.parse.
 */

export class JsonArrayError extends Error {
  constructor(
    message: string,
    /** 0-based index of the element being read when the problem was found. */
    readonly index: number,
  ) {
    super(message);
  }
}

export interface ArrayElement {
  text: string;
  index: number;
}

export class JsonArraySplitter {
  private started = false;
  private finished = false;
  private depth = 0;
  private inString = false;
  private escaped = false;
  private current = '';
  private index = 0;

  push(chunk: string): ArrayElement[] {
    const out: ArrayElement[] = [];
    let from = 0;
    const take = (to: number) => {
      this.current += chunk.slice(from, to);
      from = to;
    };
    for (let i = 0; i < chunk.length; i++) {
      const ch = chunk[i];
      if (this.finished) {
        if (!/\s/.test(ch)) throw new JsonArrayError('text after the end of the array', this.index);
        from = i + 1;
        continue;
      }
      if (!this.started) {
        if (/\s/.test(ch) || ch === '\uFEFF') {
          from = i + 1;
          continue;
        }
        if (ch !== '[') throw new JsonArrayError('expected a JSON array ("[" first)', 0);
        this.started = true;
        from = i + 1;
        continue;
      }
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (ch === '\\') this.escaped = true;
        else if (ch === '"') this.inString = false;
        continue;
      }
      if (ch === '"') this.inString = true;
      else if (ch === '{' || ch === '[') this.depth++;
      else if (ch === '}' || ch === ']') {
        if (this.depth === 0 && ch === ']') {
          take(i);
          from = i + 1;
          this.flush(out, true);
          this.finished = true;
          continue;
        }
        this.depth--;
        if (this.depth < 0) throw new JsonArrayError('unbalanced brackets', this.index);
      } else if (ch === ',' && this.depth === 0) {
        take(i);
        from = i + 1;
        this.flush(out, false);
      }
    }
    if (!this.finished) take(chunk.length);
    return out;
  }

  end(): void {
    if (!this.started) throw new JsonArrayError('the input is empty, expected a JSON array', 0);
    if (!this.finished) throw new JsonArrayError('the array is not closed ("]" missing)', this.index);
  }

  private flush(out: ArrayElement[], last: boolean): void {
    const text = this.current.trim();
    this.current = '';
    if (text === '') {
      if (last && this.index === 0) return; // []
      throw new JsonArrayError(last ? 'a trailing comma before "]"' : 'an empty element (two commas in a row)', this.index);
    }
    out.push({ text, index: this.index++ });
  }
}
