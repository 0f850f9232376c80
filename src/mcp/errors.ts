/**
 * The core's messages speak the CLI's words (`--venue`, `add --create-missing`, `calendar venues
 * update ID`); a tool's caller knows its arguments instead. Each CLI word is put in the tool's
 * terms here, once, from the table's naming rule (a flag is its field with dashes).
 */

/** Flags whose argument is not a field of the same name. */
const SPECIAL: Record<string, string> = {
  '--no-keep-duration': 'keep_duration: false',
  '--series': 'scope "series"',
  '--following': 'scope "following"',
  '--yes': 'confirm: true',
};

/** The message or hint in the tool's terms. */
export function inToolTerms(text: string): string {
  return (
    text
      // `calendar venues update ID ...`, `calendar events restore 12`: the tool of that verb.
      .replace(/\bcalendar (events|venues|organizers|categories|tags) (list|get|create|update|delete|restore)\b(?: (?:ID|\d+))?(?: \.\.\.)?/g, '$1_$2')
      .replace(
        /--[a-z][a-z-]*/g,
        (flag) => SPECIAL[flag] ?? (flag.startsWith('--no-') ? `${flag.slice(5).replace(/-/g, '_')}: false` : flag.slice(2).replace(/-/g, '_')),
      )
      // "add create_missing" reads as an instruction to the CLI; the argument is a boolean.
      .replace(/\badd (create_missing|force)\b/g, 'pass $1: true')
  );
}
