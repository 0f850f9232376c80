/**
 * The tree as shell `case` data, shared by the bash and zsh scripts (both read POSIX
 * `case`). Each function sets the caller's variable `r`, so no subshell is needed.
 */
import { allCommands, inheritedOptions, shellQuote, type CommandSpec, type ValueSpec } from './spec.js';

const key = (path: string[]) => path.join(' ');

/** How a value spec travels in the scripts: `w:words`, `l:words` (comma list), `f`, `p`, `i:resource`, `I:resource`, `a`. */
export function marker(spec: ValueSpec): string {
  switch (spec.kind) {
    case 'words':
      return `${spec.list ? 'l' : 'w'}:${spec.words.join(' ')}`;
    case 'files':
      return 'f';
    case 'profiles':
      return 'p';
    case 'ids':
      return `${spec.list ? 'I' : 'i'}:${spec.resource}`;
    case 'any':
      return 'a';
  }
}

function caseFunction(name: string, comment: string, subject: string, arms: Array<[string[], string]>): string {
  const lines = [`# ${comment}`, `${name}() {`, `  case "${subject}" in`];
  for (const [patterns, value] of arms) lines.push(`    ${patterns.join('|')}) r=${shellQuote(value)} ;;`);
  lines.push(`    *) r='' ;;`, '  esac', '}');
  return lines.join('\n');
}

export function caseData(prefix: string, root: CommandSpec, withDescriptions: boolean): string {
  const commands = allCommands(root);
  const children: Array<[string[], string]> = [];
  const subcommands: Array<[string[], string]> = [];
  const options: Array<[string[], string]> = [];
  const values: Array<[string[], string]> = [];
  const args: Array<[string[], string]> = [];
  const described: Array<[string[], string]> = [];
  for (const c of commands) {
    const here = key(c.path);
    for (const child of c.commands) {
      children.push([[child.name, ...child.aliases].map((n) => shellQuote(`${here}/${n}`)), key(child.path)]);
    }
    if (c.commands.length) subcommands.push([[shellQuote(here)], c.commands.map((s) => s.name).join(' ')]);
    const all = [...c.options, ...inheritedOptions(root, c)];
    options.push([[shellQuote(here)], all.flatMap((o) => o.names).join(' ')]);
    for (const o of c.options.filter((o) => o.takesValue && c.path.length > 0)) values.push([o.names.map((n) => shellQuote(`${here}|${n}`)), marker(o.values)]);
    c.args.forEach((a, i) => args.push([[shellQuote(`${here}|${i}`)], marker(a)]));
    if (withDescriptions) {
      const lines = [...c.commands.map((s) => `${s.name.replace(/:/g, '\\:')}:${s.description.replace(/\s+/g, ' ')}`)];
      if (lines.length) described.push([[shellQuote(`${here}|commands`)], lines.join('\n')]);
      // Each path lists its own options; the scripts add the root's (the global ones) themselves.
      described.push([[shellQuote(`${here}|options`)], c.options.flatMap((o) => o.names.map((n) => `${n}:${o.description.replace(/\s+/g, ' ')}`)).join('\n')]);
    }
  }
  for (const o of root.options.filter((o) => o.takesValue)) values.push([o.names.map((n) => `*${shellQuote(`|${n}`)}`), marker(o.values)]);
  const parts = [
    caseFunction(`${prefix}_child`, 'the canonical path of subcommand $2 (or an alias) of path $1', '$1/$2', children),
    caseFunction(`${prefix}_subcommands`, 'the subcommands of path $1', '$1', subcommands),
    caseFunction(`${prefix}_options`, 'every option of path $1, the global ones included', '$1', options),
    caseFunction(`${prefix}_value`, 'what option $2 of path $1 takes; empty for a flag', '$1|$2', values),
    caseFunction(`${prefix}_arg`, 'what positional argument $2 (from 0) of path $1 takes', '$1|$2', args),
  ];
  if (withDescriptions) parts.push(caseFunction(`${prefix}_described`, 'name:description lines of the commands or options of a path', '$1|$2', described));
  return parts.join('\n\n');
}
