/** The bash completion script (bash 3.2 and later; no bash-completion package needed). */
import type { CommandSpec } from './spec.js';
import { caseData } from './data.js';

const MAIN = String.raw`
# Records and profile names come from the site: "calendar __complete", bounded by a short timeout.
_calendar_dynamic() {
  local v d
  "\${COMP_WORDS[0]}" __complete "$@" \${profile:+--profile "$profile"} 2>/dev/null </dev/null |
    while IFS=$'\t' read -r v d; do printf '%s\n' "$v"; done
}

# Fills COMPREPLY from a marker (see _calendar_value); $2 is put before each reply.
_calendar_reply() {
  local kind=\${1%%:*} words=\${1#*:} head='' last=$cur
  case $kind in
    p) words=$(_calendar_dynamic profiles) ;;
    i | I) words=$(_calendar_dynamic ids "$words" "\${cur##*,}") ;;
  esac
  case $kind in
    w | p | i) COMPREPLY=($(compgen -W "$words" -- "$cur")) ;;
    l | I)
      if [[ $cur == *,* ]]; then head=\${cur%,*},; last=\${cur##*,}; fi
      COMPREPLY=($(compgen -P "$head" -W "$words" -- "$last"))
      compopt -o nospace 2>/dev/null
      ;;
    f)
      compopt -o filenames 2>/dev/null
      COMPREPLY=($(compgen -f -- "$cur"))
      ;;
    *) COMPREPLY=() ;;
  esac
  if [[ -n $2 && \${#COMPREPLY[@]} -gt 0 ]]; then COMPREPLY=("\${COMPREPLY[@]/#/$2}"); fi
}

_calendar() {
  local cur=\${COMP_WORDS[COMP_CWORD]} cpath='' npos=0 pending='' profile='' prefix='' w i r=''
  for ((i = 1; i < COMP_CWORD; i++)); do
    w=\${COMP_WORDS[i]}
    [[ $w == '=' ]] && continue
    if [[ -n $pending ]]; then
      [[ $pending == --profile ]] && profile=$w
      pending=''
      continue
    fi
    case $w in
      --) ;;
      -*)
        _calendar_value "$cpath" "$w"
        [[ -n $r ]] && pending=$w
        ;;
      *)
        r=''
        ((npos == 0)) && _calendar_child "$cpath" "$w"
        if [[ -n $r ]]; then cpath=$r; else npos=$((npos + 1)); fi
        ;;
    esac
  done
  [[ $cur == '=' ]] && cur=''
  if [[ -z $pending && $cur == --*=* ]]; then
    pending=\${cur%%=*}
    prefix="$pending="
    cur=\${cur#*=}
  fi
  if [[ -n $pending ]]; then
    _calendar_value "$cpath" "$pending"
    _calendar_reply "$r" "$prefix"
    return 0
  fi
  if [[ $cur == -* ]]; then
    _calendar_options "$cpath"
    COMPREPLY=($(compgen -W "$r" -- "$cur"))
    return 0
  fi
  if ((npos == 0)); then
    _calendar_subcommands "$cpath"
    if [[ -n $r ]]; then
      COMPREPLY=($(compgen -W "$r" -- "$cur"))
      return 0
    fi
  fi
  _calendar_arg "$cpath" "$npos"
  _calendar_reply "$r" ''
  return 0
}

complete -F _calendar calendar
`.replace(/\\\$\{/g, '${'); // written \${ above so that the template leaves it alone

export function bashScript(spec: CommandSpec): string {
  return [
    '# bash completion for calendar',
    '# Generated from the command tree by `calendar completion bash`; do not edit.',
    '# Load it with: source <(calendar completion bash)',
    '',
    caseData('_calendar', spec, false),
    MAIN,
  ].join('\n');
}
