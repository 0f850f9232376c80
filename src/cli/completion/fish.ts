/** The fish completion script (`calendar.fish`, for ~/.config/fish/completions). */
import { allCommands, oneLine, type CommandSpec, type OptionSpec, type ValueSpec } from './spec.js';

/** Fish single quotes: only \ and ' are escaped. */
function q(text: string): string {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

const key = (path: string[]) => path.join(' ');

const HELPERS = String.raw`
# Where the command line stands: the command path, positional count, an option awaiting its value, the profile.
function __calendar_state
    set -l line (commandline -pc)
    if test "$line" = "$__calendar_state_line"
        printf '%s\n' $__calendar_state_cache
        return
    end
    set -l tokens (commandline -opc)
    set -e tokens[1]
    set -l p ''
    set -l npos 0
    set -l pending ''
    set -l profile ''
    for w in $tokens
        if test -n "$pending"
            test "$pending" = --profile; and set profile $w
            set pending ''
            continue
        end
        switch $w
            case --
            case '-*'
                set -l takes (__calendar_value "$p" $w)
                if not string match -q -- '*=*' $w; and test -n "$takes"
                    set pending $w
                end
            case '*'
                set -l child ''
                test $npos -eq 0; and set child (__calendar_child "$p" $w)
                if test -n "$child"
                    set p $child
                else
                    set npos (math $npos + 1)
                end
        end
    end
    set -g __calendar_state_line $line
    set -g __calendar_state_cache $p $npos "$pending" "$profile"
    printf '%s\n' $__calendar_state_cache
end

# True when the command path is $argv[1].
function __calendar_in
    set -l s (__calendar_state)
    test "$s[1]" = "$argv[1]"
end

# True when the path is $argv[1], no option awaits a value, and $argv[2] positionals came before.
function __calendar_at
    set -l s (__calendar_state)
    test "$s[1]" = "$argv[1]"; and test "$s[2]" = "$argv[2]"; and test -z "$s[3]"
end

# Records and profile names come from the site: "calendar __complete", bounded by a short timeout.
function __calendar_dynamic
    set -l s (__calendar_state)
    set -l extra
    test -n "$s[4]"; and set extra --profile $s[4]
    calendar __complete $argv $extra 2>/dev/null </dev/null
end

# Values of a comma-separated list: the part before the last comma is kept.
function __calendar_list
    set -l cur (commandline -ct)
    set -l head (string replace -r '[^,]*$' '' -- $cur)
    for v in $argv
        printf '%s%s\n' $head $v
    end
end
`;

function valueFlags(spec: ValueSpec): string {
  switch (spec.kind) {
    case 'words':
      return spec.list ? `-x -a ${q(`(__calendar_list ${spec.words.join(' ')})`)}` : `-x -a ${q(spec.words.join(' '))}`;
    case 'files':
      return '-r -F';
    case 'profiles':
      return `-x -a ${q('(__calendar_dynamic profiles)')}`;
    case 'ids':
      return `-x -a ${q(`(__calendar_dynamic ids ${spec.resource} (commandline -ct))`)}`;
    case 'any':
      return '-x';
  }
}

function optionLine(option: OptionSpec, condition?: string): string {
  const parts = ['complete -c calendar'];
  if (condition) parts.push(`-n ${q(condition)}`);
  for (const name of option.names) parts.push(name.startsWith('--') ? `-l ${name.slice(2)}` : `-s ${name.slice(1)}`);
  if (option.takesValue) parts.push(valueFlags(option.values));
  parts.push(`-d ${q(oneLine(option.description))}`);
  return parts.join(' ');
}

function caseFunction(name: string, arms: Array<[string[], string]>): string {
  const lines = [`function ${name}`, '    switch "$argv[1]/$argv[2]"'];
  for (const [patterns, value] of arms) lines.push(`        case ${patterns.join(' ')}`, `            echo ${q(value)}`);
  lines.push('    end', 'end');
  return lines.join('\n');
}

export function fishScript(root: CommandSpec): string {
  const commands = allCommands(root);
  const children: Array<[string[], string]> = [];
  const values: Array<[string[], string]> = [];
  const completions: string[] = ['complete -c calendar -f'];
  for (const o of root.options) completions.push(optionLine(o));
  for (const c of commands) {
    const here = key(c.path);
    for (const child of c.commands) {
      children.push([[child.name, ...child.aliases].map((n) => q(`${here}/${n}`)), key(child.path)]);
      completions.push(`complete -c calendar -n ${q(`__calendar_at ${q(here)} 0`)} -a ${q(child.name)} -d ${q(oneLine(child.description))}`);
    }
    if (c.path.length === 0) continue;
    for (const o of c.options) {
      completions.push(optionLine(o, `__calendar_in ${q(here)}`));
      if (o.takesValue) values.push([o.names.map((n) => q(`${here}/${n}`)), 'value']);
    }
    c.args.forEach((a, i) => {
      if (a.kind === 'any') return;
      const flags = valueFlags(a).replace(/^-x |^-r /, '');
      completions.push(`complete -c calendar -n ${q(`__calendar_at ${q(here)} ${i}`)} ${flags}`);
    });
  }
  for (const o of root.options.filter((o) => o.takesValue)) values.push([o.names.map((n) => q(`*/${n}`)), 'value']);
  return [
    '# fish completion for calendar',
    '# Generated from the command tree by `calendar completion fish`; do not edit.',
    '# Install it with: calendar completion fish > ~/.config/fish/completions/calendar.fish',
    '',
    '# The canonical path of subcommand $argv[2] (or an alias) of path $argv[1].',
    caseFunction('__calendar_child', children),
    '',
    '# "value" when option $argv[2] of path $argv[1] takes a value.',
    caseFunction('__calendar_value', values),
    HELPERS,
    ...completions,
    '',
  ].join('\n');
}
