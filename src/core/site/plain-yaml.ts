/**
 * A quick reader for the plain YAML that `export --site` writes, and that people keep when
 * they edit it: block mappings, lists of single values, plain, quoted and literal block
 * values, `[]`, `{}`, `[a, b]`, whole-line comments. Anything else (anchors, tags, folded or
 * multi-line plain values, numbers, flow mappings, JSON, a syntax error) returns undefined
 * and the file is read by the yaml package instead, so both always give the same tree
 * (test/unit/plain-yaml.test.ts holds them to it). The yaml package takes ten times as long.
 */
import type { Tree, TreeEntry, TreeMap, TreeScalar, TreeSeq } from './tree.js';

class NotPlain extends Error {}
const notPlain = (): never => {
  throw new NotPlain();
};

/** Characters that make the yaml package take a different path, or that it refuses. */
const UNUSUAL = /[\r\x00-\x08\x0b\x0c\x0e-\x1f\x7f\u0085\u2028\u2029\ufeff]/;
/** A plain value may not start with an indicator. */
const INDICATOR = /^[-?:,[\]{}#&*!|>'"%@`]/;
/** Plain values the core schema reads as something other than text: numbers, infinities, NaN. */
const NUMBER = /^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?|0o[0-7]+|0x[0-9a-fA-F]+|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$/;
const NULL = /^(?:~|[Nn]ull|NULL)$/;
const TRUE = /^(?:[Tt]rue|TRUE)$/;
const FALSE = /^(?:[Ff]alse|FALSE)$/;
const KEY = /^[A-Za-z0-9_%][A-Za-z0-9_%.-]*$/;
const BLOCK_HEADER = /^\|(?:([1-9])([-+])?|([-+])([1-9])?)?$/;

export function readPlainYaml(text: string): TreeMap | undefined {
  if (!text.endsWith('\n') || UNUSUAL.test(text)) return undefined;
  try {
    return new Reader(text).document();
  } catch (err) {
    if (err instanceof NotPlain) return undefined;
    throw err;
  }
}

const spacesBefore = (line: string) => {
  let n = 0;
  while (line.charCodeAt(n) === 32) n++;
  return n;
};
const isSeqItem = (line: string, indent: number) => line[indent] === '-' && (line.length === indent + 1 || line[indent + 1] === ' ');

function plainValue(text: string): unknown {
  if (INDICATOR.test(text) || text.includes(': ') || text.includes(' #') || text.endsWith(':')) notPlain();
  if (NULL.test(text)) return null;
  if (TRUE.test(text)) return true;
  if (FALSE.test(text)) return false;
  if (NUMBER.test(text)) notPlain();
  return text;
}

class Reader {
  private readonly lines: string[];
  private readonly starts: number[];
  private at = 0;

  constructor(text: string) {
    this.lines = text.slice(0, -1).split('\n');
    this.starts = new Array<number>(this.lines.length);
    let offset = 0;
    for (let i = 0; i < this.lines.length; i++) {
      this.starts[i] = offset;
      offset += this.lines[i].length + 1;
    }
  }

  document(): TreeMap {
    this.skipBlank();
    if (this.at >= this.lines.length || spacesBefore(this.lines[this.at]) !== 0) notPlain();
    const root = this.mapping(0);
    if (this.at < this.lines.length) notPlain();
    return root;
  }

  /** Past blank lines and whole-line comments. */
  private skipBlank(): void {
    while (this.at < this.lines.length) {
      const line = this.lines[this.at];
      const indent = spacesBefore(line);
      if (indent !== line.length && line[indent] !== '#') return;
      this.at++;
    }
  }

  private mapping(indent: number): TreeMap {
    const entries: TreeEntry[] = [];
    const keys = new Set<string>();
    for (this.skipBlank(); this.at < this.lines.length; this.skipBlank()) {
      const line = this.lines[this.at];
      const lineIndent = spacesBefore(line);
      if (lineIndent < indent) break;
      if (lineIndent > indent || line.includes('\t')) notPlain();
      const colon = line.indexOf(':', indent);
      const name = colon === -1 ? '' : line.slice(indent, colon);
      if (!KEY.test(name) || name.length > 1000 || keys.has(name) || plainValue(name) !== name) notPlain();
      if (colon + 1 < line.length && line[colon + 1] !== ' ') notPlain();
      keys.add(name);
      const key: TreeScalar = { kind: 'scalar', value: name, at: this.starts[this.at] + indent };
      entries.push({ key, value: this.valueAfterKey(line, colon + 1, indent) });
    }
    return { kind: 'map', entries, at: entries[0]?.key.at ?? 0 };
  }

  /** The value of the key on the current line, from `column` on; reads on past the lines it takes. */
  private valueAfterKey(line: string, column: number, indent: number): Tree {
    const lineStart = this.starts[this.at];
    const lead = spacesBefore(line.slice(column));
    const body = line.slice(column + lead).replace(/ +$/, '');
    const at = lineStart + column + lead;
    if (body === '') {
      this.at++;
      this.skipBlank();
      if (this.at < this.lines.length) {
        const next = this.lines[this.at];
        const nextIndent = spacesBefore(next);
        if (nextIndent > indent) return isSeqItem(next, nextIndent) ? this.sequence(nextIndent, false) : this.mapping(nextIndent);
        if (nextIndent === indent && isSeqItem(next, nextIndent)) return this.sequence(nextIndent, true);
      }
      return { kind: 'scalar', value: null, at: lineStart + line.length };
    }
    if (body[0] === '|') return this.literal(body, at, indent);
    this.at++;
    if (body === '{}') return { kind: 'map', entries: [], at };
    if (body[0] === '[') return flowList(body, at);
    return { kind: 'scalar', value: inlineValue(body), at };
  }

  /** A list of single values, `- value` a line; `compact` when it sits at its key's own indent. */
  private sequence(indent: number, compact: boolean): TreeSeq {
    const items: Tree[] = [];
    const at = this.starts[this.at] + indent;
    for (this.skipBlank(); this.at < this.lines.length; this.skipBlank()) {
      const line = this.lines[this.at];
      const lineIndent = spacesBefore(line);
      if (lineIndent < indent) break;
      if (lineIndent > indent || line.includes('\t')) notPlain();
      if (!isSeqItem(line, indent)) {
        if (compact) break;
        notPlain();
      }
      const lead = spacesBefore(line.slice(indent + 1));
      const body = line.slice(indent + 1 + lead).replace(/ +$/, '');
      if (body === '' || body[0] === '|' || body[0] === '[' || body[0] === '{') notPlain();
      items.push({ kind: 'scalar', value: inlineValue(body), at: this.starts[this.at] + indent + 1 + lead });
      this.at++;
    }
    return { kind: 'seq', items, at };
  }

  /** A literal block (`|`, `|-`, `|+`, with or without an indentation digit): the lines below, as written. */
  private literal(header: string, at: number, indent: number): TreeScalar {
    const match = BLOCK_HEADER.exec(header) ?? notPlain();
    const digit = match[1] ?? match[4];
    const chomp = match[2] ?? match[3];
    let contentIndent = digit ? indent + Number(digit) : 0;
    let widestBlank = 0;
    const content: string[] = [];
    let i = this.at + 1;
    for (; i < this.lines.length; i++) {
      const line = this.lines[i];
      const lineIndent = spacesBefore(line);
      if (lineIndent === line.length) {
        if (contentIndent === 0) widestBlank = Math.max(widestBlank, lineIndent);
        else if (lineIndent > contentIndent) notPlain();
        content.push('');
        continue;
      }
      if (contentIndent === 0) {
        if (lineIndent <= indent || widestBlank > lineIndent) notPlain();
        contentIndent = lineIndent;
      }
      if (lineIndent < contentIndent) break;
      content.push(line.slice(contentIndent));
    }
    let trailing = 0;
    while (trailing < content.length && content[content.length - 1 - trailing] === '') trailing++;
    if (trailing === content.length || widestBlank > contentIndent) notPlain();
    const text = content.slice(0, content.length - trailing).join('\n');
    this.at = i;
    const value = chomp === '-' ? text : chomp === '+' ? `${text}\n${'\n'.repeat(trailing)}` : `${text}\n`;
    return { kind: 'scalar', value, at };
  }
}

/** A value on one line: double-quoted (JSON's escapes), single-quoted or plain. */
function inlineValue(body: string): unknown {
  if (body[0] === '"') {
    let end = 1;
    while (end < body.length && body[end] !== '"') end += body[end] === '\\' ? 2 : 1;
    if (end !== body.length - 1) notPlain();
    try {
      return JSON.parse(body) as string;
    } catch {
      return notPlain();
    }
  }
  if (body[0] === "'") {
    let end = 1;
    while (end < body.length) {
      if (body[end] === "'") {
        if (body[end + 1] !== "'") break;
        end++;
      }
      end++;
    }
    if (end !== body.length - 1) notPlain();
    return body.slice(1, -1).replace(/''/g, "'");
  }
  return plainValue(body);
}

/** `[]` or `[a, b]` of plain values. */
function flowList(body: string, at: number): TreeSeq {
  if (!body.endsWith(']')) notPlain();
  const inner = body.slice(1, -1);
  if (inner.trim() === '') {
    if (inner !== '') notPlain();
    return { kind: 'seq', items: [], at };
  }
  const items: Tree[] = [];
  let offset = 1;
  for (const part of inner.split(',')) {
    const lead = spacesBefore(part);
    const text = part.slice(lead).replace(/ +$/, '');
    if (text === '' || /["'[\]{}#:]/.test(text)) notPlain();
    items.push({ kind: 'scalar', value: plainValue(text), at: at + offset + lead });
    offset += part.length + 1;
  }
  return { kind: 'seq', items, at };
}
