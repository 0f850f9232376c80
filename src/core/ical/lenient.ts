/**
 * What the big producers write that RFC 5545 does not allow, read as their other consumers
 * (Google, Apple, Outlook, Thunderbird) read it, before anything else looks at the text.
 * Each rewrite keeps the line where it is, so that messages still name the file's lines.
 *
 * - A date with a `Z` (`RDATE:20131210Z`, in Google's birthday feeds): the date.
 * - Lower-case letters in date-times and recurrence rules (`20270101t100000z`,
 *   `RRULE:freq=weekly;byday=mo`): the upper-case value (ical.js reads only that).
 */

/** Properties whose value is a date, a date-time or a list or period of them. */
const DATE_PROPERTIES = new Set(['DTSTART', 'DTEND', 'DUE', 'RECURRENCE-ID', 'EXDATE', 'RDATE']);
const RULE_PROPERTIES = new Set(['RRULE', 'EXRULE']);
/** NAME, then parameters (quoted values may hold `:`), then the value. */
const PROPERTY = /^([A-Za-z0-9-]+)((?:;[^:"]*(?:"[^"]*"[^:"]*)*)*):(.*)$/;

export function readAsProducersMeant(text: string): string {
  if (!/^(?:DTSTART|DTEND|DUE|RECURRENCE-ID|EXDATE|RDATE|RRULE|EXRULE)[;:]/im.test(text)) return text;
  return text.replace(/^[^\r\n]+/gm, (line) => {
    const match = PROPERTY.exec(line);
    if (!match) return line;
    const name = match[1].toUpperCase();
    if (RULE_PROPERTIES.has(name)) return `${match[1]}${match[2]}:${match[3].toUpperCase()}`;
    if (!DATE_PROPERTIES.has(name)) return line;
    const value = match[3]
      .toUpperCase()
      .split(',')
      .map((item) => item.replace(/^(\s*\d{8})Z(\s*)$/, '$1$2'))
      .join(',');
    return `${match[1]}${match[2]}:${value}`;
  });
}
