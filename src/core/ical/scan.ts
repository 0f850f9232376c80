/**
 * A first pass over iCalendar text that ical.js does not make: it knows line numbers.
 * It checks the structure (folds, BEGIN/END nesting: a file that fails there is refused)
 * and notes in each VEVENT the first date value ical.js would otherwise accept and roll over
 * (`20261301` silently becomes January 2027), and records where each VEVENT starts and ends
 * and its UID, so every later message can name both.
 */
import { UsageError } from '../errors.js';

export class IcsSyntaxError extends UsageError {
  constructor(
    readonly line: number,
    readonly problem: string,
    readonly uid?: string,
    source = 'input',
  ) {
    super(`${source} line ${line}: ${problem}${uid ? ` (VEVENT ${uid})` : ''}`, 'Fix the file or ask its publisher; nothing was imported.');
    this.name = 'IcsSyntaxError';
  }
}

export interface ScannedEvent {
  /** Line of its BEGIN:VEVENT. */
  line: number;
  /** Line of its END:VEVENT. */
  endLine?: number;
  uid?: string;
  /** The first bad value: the reader skips the event and says so, naming the UID (which may come after it). */
  problem?: { line: number; text: string };
}

const DATE_PROPERTIES = new Set(['DTSTART', 'DTEND', 'DUE', 'RECURRENCE-ID', 'EXDATE', 'RDATE']);
const PROPERTY_LINE = /^([A-Za-z0-9-]+)((?:;[A-Za-z0-9-]+=(?:"[^"]*"|[^";:,]*)(?:,(?:"[^"]*"|[^";:,]*))*)*):([\s\S]*)$/;
const DURATION = /^[+-]?P(\d+W|(\d+D)?(T(\d+H)?(\d+M)?(\d+S)?)?)$/;

function dateProblem(value: string): string | undefined {
  const match = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})Z?)?$/.exec(value);
  if (!match) return `"${value}" is not a date (YYYYMMDD) or date-time (YYYYMMDDTHHMMSS[Z])`;
  const [year, month, day, hour, minute, second] = match.slice(1).map((p) => (p === undefined ? 0 : Number(p)));
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day || hour > 23 || minute > 59 || second > 60) {
    return `"${value}" is not a real date or time`;
  }
  return undefined;
}

function checkDateValue(name: string, params: string, value: string): string | undefined {
  const isPeriod = /;VALUE=PERIOD/i.test(params);
  const wantsDate = /;VALUE=DATE(?!-)/i.test(params);
  for (const item of value.split(',')) {
    const [start, end] = item.trim().split('/');
    const problem = dateProblem(start);
    if (problem) return `${name} ${problem}`;
    if (wantsDate && start.length !== 8) return `${name} "${start}" has a time but is marked VALUE=DATE`;
    if (end !== undefined && (isPeriod || name === 'RDATE') && dateProblem(end) && !DURATION.test(end)) return `${name} period "${item}" has no valid end`;
  }
  return undefined;
}

/** Called with each property line (unfolded) inside a VEVENT; may throw a message for that line. */
export type PropertyCheck = (unfolded: string) => void;

/** Checks the text and lists its VEVENTs (direct children of a VCALENDAR) in document order. */
export function scanIcs(text: string, source = 'input', checkProperty?: PropertyCheck): ScannedEvent[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  const events: ScannedEvent[] = [];
  const stack: Array<{ name: string; line: number }> = [];
  let current: ScannedEvent | undefined;
  let logical: { text: string; line: number } | undefined;
  const fail = (line: number, problem: string): never => {
    throw new IcsSyntaxError(line, problem, current?.uid, source);
  };

  const handle = (entry: { text: string; line: number }) => {
    const match = PROPERTY_LINE.exec(entry.text);
    if (!match) {
      const shown = entry.text.length > 40 ? `${entry.text.slice(0, 40)}…` : entry.text;
      fail(entry.line, `"${shown}" is not a property line (NAME:value); a folded line must start with a space`);
    }
    const name = match![1].toUpperCase();
    const params = match![2];
    const value = match![3];
    if (name === 'BEGIN') {
      const component = value.trim().toUpperCase();
      if (stack.length === 0 && component !== 'VCALENDAR') fail(entry.line, `expected BEGIN:VCALENDAR, found BEGIN:${component}`);
      stack.push({ name: component, line: entry.line });
      if (component === 'VEVENT' && stack.length === 2) events.push((current = { line: entry.line }));
      return;
    }
    if (name === 'END') {
      const component = value.trim().toUpperCase();
      const open = stack.pop();
      if (!open) fail(entry.line, `END:${component} without a matching BEGIN`);
      if (open!.name !== component) fail(entry.line, `END:${component} where BEGIN:${open!.name} (line ${open!.line}) is still open`);
      if (component === 'VEVENT' && stack.length === 1 && current) {
        current.endLine = entry.line;
        current = undefined;
      }
      return;
    }
    if (stack.length === 0) fail(entry.line, `${name} outside BEGIN:VCALENDAR … END:VCALENDAR`);
    if (current && stack.length === 2) {
      if (name === 'UID') current.uid = value.trim();
      if (checkProperty) {
        try {
          checkProperty(entry.text);
        } catch (err) {
          current.problem ??= { line: entry.line, text: `${name}: ${(err as Error).message}` };
        }
      }
      if (DATE_PROPERTIES.has(name)) {
        const problem = checkDateValue(name, params, value.trim());
        if (problem) current.problem ??= { line: entry.line, text: problem };
      }
      if (name === 'DURATION' && !DURATION.test(value.trim())) {
        current.problem ??= { line: entry.line, text: `DURATION "${value.trim()}" is not a duration such as PT1H30M or P1D` };
      }
    }
  };

  lines.forEach((raw, index) => {
    const lineNumber = index + 1;
    if (raw.startsWith(' ') || raw.startsWith('\t')) {
      if (!logical) fail(lineNumber, 'a folded continuation line with nothing before it');
      logical!.text += raw.slice(1);
      return;
    }
    if (logical) handle(logical);
    logical = raw.trim() === '' ? undefined : { text: raw, line: lineNumber };
  });
  if (logical) handle(logical);
  if (stack.length === 0 && events.length === 0 && !/BEGIN:VCALENDAR/i.test(text)) fail(1, 'not an iCalendar file (no BEGIN:VCALENDAR)');
  const open = stack.pop();
  if (open) fail(open.line, `BEGIN:${open.name} is never closed (no END:${open.name})`);
  return events;
}
