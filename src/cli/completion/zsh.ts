/** The zsh completion function (`_calendar`, for a directory in $fpath). */
import type { CommandSpec } from './spec.js';
import { caseData } from './data.js';

const MAIN = String.raw`
# Records and profile names come from the site: "calendar __complete", bounded by a short timeout.
_calendar_dynamic() {
  local -a items
  local v d
  while IFS=$'\t' read -r v d; do
    [[ -n $v ]] && items+=("\${v//:/\\:}:$d")
  done < <(\${words[1]} __complete "$@" \${profile:+--profile} \${profile:+"$profile"} 2>/dev/null </dev/null)
  _describe -t values value items
}

_calendar_reply() {
  local kind=\${1%%:*} rest=\${1#*:}
  case $kind in
    w) compadd -- \${=rest} ;;
    l) compset -P '*,'; compadd -S '' -- \${=rest} ;;
    f) _files ;;
    p) _calendar_dynamic profiles ;;
    i) _calendar_dynamic ids $rest "$PREFIX" ;;
    I) compset -P '*,'; _calendar_dynamic ids $rest "$PREFIX" ;;
    *) _message value ;;
  esac
}

_calendar() {
  local cur=\${words[CURRENT]} cpath='' npos=0 pending='' profile='' w i r=''
  local -a items
  for ((i = 2; i < CURRENT; i++)); do
    w=\${words[i]}
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
  if [[ -z $pending && $cur == --*=* ]]; then
    pending=\${cur%%=*}
    compset -P '*='
  fi
  if [[ -n $pending ]]; then
    _calendar_value "$cpath" "$pending"
    _calendar_reply "$r"
    return
  fi
  if [[ $cur == -* ]]; then
    _calendar_described "$cpath" options
    items=(\${(f)r})
    if [[ -n $cpath ]]; then
      _calendar_described '' options
      items+=(\${(f)r})
    fi
    _describe -t options option items
    return
  fi
  if ((npos == 0)); then
    _calendar_described "$cpath" commands
    if [[ -n $r ]]; then
      items=(\${(f)r})
      _describe -t commands command items
      return
    fi
  fi
  _calendar_arg "$cpath" "$npos"
  _calendar_reply "$r"
}

if [[ $zsh_eval_context[-1] == loadautofunc ]]; then
  _calendar "$@"
else
  compdef _calendar calendar
fi
`.replace(/\\\$\{/g, '${'); // written \${ above so that the template leaves it alone

export function zshScript(spec: CommandSpec): string {
  return [
    '#compdef calendar',
    '# zsh completion for calendar',
    '# Generated from the command tree by `calendar completion zsh`; do not edit.',
    '# Install it as _calendar in a directory of $fpath, or load it with: source <(calendar completion zsh)',
    '',
    caseData('_calendar', spec, true),
    MAIN,
  ].join('\n');
}
