/** Help text shared by the commands: examples that work on the built-in sandbox, and the environment. */
import type { Command } from 'commander';
import { DEFAULT_NAMESPACE, type Resource, type ResourceName } from '../../../spec/resources.js';

export type EnvironmentList = ReadonlyArray<readonly [string, string]>;

export const ENVIRONMENT: EnvironmentList = [
  ['CALENDAR_PROFILE', 'profile to use (like --profile)'],
  ['CALENDAR_BASE_URL', "the site's REST root (https://example.org/wp-json) or address (like --base-url)"],
  ['CALENDAR_NAMESPACE', `API namespace (default ${DEFAULT_NAMESPACE})`],
  ['CALENDAR_LANG', 'language sent as i18n_language: fr, it or es (like --lang)'],
  ['CALENDAR_API', 'tec or tribe: the API updates go through (the profile keeps what profile add found)'],
  ['CALENDAR_USERNAME', 'WordPress user name for writes'],
  ['CALENDAR_APP_PASSWORD', 'application password of that user (never printed)'],
  ['NO_COLOR, FORCE_COLOR', 'turn colour off or on'],
];

/** What the profile commands read: where the config lives, and the overrides. */
export const PROFILE_ENVIRONMENT: EnvironmentList = [
  ['XDG_CONFIG_HOME', 'the user config file is $XDG_CONFIG_HOME/calendar/config.json (default ~/.config)'],
  ['CALENDAR_PROFILE', 'profile to use (like --profile)'],
  ['CALENDAR_APP_PASSWORD', 'application password; profile add stores it when --username is given'],
  ['NO_COLOR, FORCE_COLOR', 'turn colour off or on'],
];

/** Where `calendar trust` keeps its list. */
export const TRUST_ENVIRONMENT: EnvironmentList = [
  ['XDG_CONFIG_HOME', 'the list is $XDG_CONFIG_HOME/calendar/trust.json (default ~/.config)'],
  ['NO_COLOR, FORCE_COLOR', 'turn colour off or on'],
];

/** The completion scripts call `calendar __complete`, which reads the usual settings. */
export const COMPLETION_ENVIRONMENT: EnvironmentList = [
  ['CALENDAR_PROFILE', 'profile whose records and names are offered (like --profile)'],
  ['XDG_CONFIG_HOME', 'where the profiles are read from'],
];

/** Help pages fit a terminal of this many columns. */
export const HELP_WIDTH = 80;

/** Words filled into lines of `width` characters at most; a word longer than that stands alone. */
function fill(words: string[], width: number): string[] {
  const lines: string[] = [];
  for (const word of words) {
    const last = lines.length - 1;
    if (last >= 0 && lines[last].length + 1 + word.length <= width) lines[last] += ` ${word}`;
    else lines.push(word);
  }
  return lines;
}

export function environmentHelp(list: EnvironmentList = ENVIRONMENT): string {
  const width = Math.max(...list.map(([name]) => name.length));
  const indent = ' '.repeat(2 + width + 2);
  const rows = list.map(([name, what]) => {
    const [first, ...rest] = fill(what.split(' '), HELP_WIDTH - indent.length);
    return [`  ${name.padEnd(width)}  ${first}`, ...rest.map((l) => indent + l)].join('\n');
  });
  return `\nEnvironment:\n${rows.join('\n')}\n`;
}

/**
 * The words of a command line as written (quoted strings and $(...) whole, quotes kept),
 * an option or a redirection held together with the value after it where both fit in `width`.
 */
function shellTokens(line: string, width: number): string[] {
  const words = line.match(/(?:'[^']*'|"(?:[^"\\]|\\.)*"|\$\([^()]*\)|\S)+/g) ?? [];
  const units: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const next = words[i + 1];
    const takesValue = /^(-|>)/.test(words[i]) && next !== undefined && !/^(-|\|)/.test(next) && words[i].length + 1 + next.length <= width;
    units.push(takesValue ? `${words[i]} ${words[++i]}` : words[i]);
  }
  return units;
}

/**
 * Each example after `$ `; one too wide goes on over lines ending in ` \`, as a shell reads
 * it when pasted (so an example that is too wide takes no `# comment`).
 */
export function examplesHelp(lines: string[]): string {
  const shown = lines.flatMap((line) => {
    if (4 + line.length <= HELP_WIDTH) return [`  $ ${line}`];
    const [first, ...rest] = fill(shellTokens(line, HELP_WIDTH - 6 - 2), HELP_WIDTH - 6 - 2);
    return [`  $ ${first}`, ...rest.map((l) => `      ${l}`)].map((l, i, all) => (i < all.length - 1 ? `${l} \\` : l));
  });
  return `\nExamples:\n${shown.join('\n')}\n`;
}

/** The command lines of an Examples section as examplesHelp writes it, each whole again. */
export function examplesIn(helpText: string): string[] {
  const start = helpText.indexOf('\nExamples:\n');
  if (start < 0) return [];
  const examples: string[] = [];
  let goesOn = false;
  for (const line of helpText.slice(start + '\nExamples:\n'.length).split('\n')) {
    if (!line.startsWith('  ')) break;
    const text = line.trim().replace(/^\$ /, '');
    const whole: string = goesOn ? `${examples.pop()} ${text}` : text;
    goesOn = whole.endsWith(' \\');
    examples.push(goesOn ? whole.slice(0, -2) : whole);
  }
  return examples;
}

/** What a command's help prints after its options (examples, environment), as commander writes it. */
export function helpAfterText(command: Command): string {
  let text = '';
  // addHelpText() listens for this event; commander's types leave its EventEmitter side out.
  (command as unknown as NodeJS.EventEmitter).emit('afterHelp', { error: false, command, write: (s: string) => (text += s) });
  return text;
}

/** A record of each kind in the built-in sandbox's demo calendar, so that the examples run there. */
export const DEMO_RECORD: Record<ResourceName, string> = {
  events: 'jazz-on-the-river',
  venues: 'riverside-hall',
  organizers: 'hudson-jazz-society',
  categories: 'music',
  tags: 'outdoors',
};

type Verb = 'list' | 'get' | 'create' | 'update' | 'delete' | 'restore';

/** What a create of each kind looks like: each has fields of its own to show. */
const CREATE_EXAMPLES: Record<ResourceName, string[]> = {
  events: [
    'calendar events create --title "Jazz Night" --start-date "2027-01-10 20:00" --end-date "2027-01-10 23:00"',
    'calendar events create --title "Fair" --start-date tomorrow --end-date tomorrow --all-day --featured --format ids',
    'calendar events create --data \'{"title":"Talk","start_date":"2027-02-01 18:00"}\' --end-date "2027-02-01 19:00"',
    'calendar events create --data @event.json --title "Title from the flag wins"',
  ],
  venues: ['calendar venues create --name "Blue Note Hall" --city "New York" --format ids', 'calendar venues create --data @venue.json --json'],
  organizers: ['calendar organizers create --name "Jazz Society" --email info@jazz.example.com --format ids'],
  categories: ['calendar categories create --name Theatre', `calendar categories create --name Opera --parent ${DEMO_RECORD.categories}`],
  tags: ['calendar tags create --name Accessible --format ids'],
};

const firstId = (r: Resource) =>
  !r.isPost ? `$(calendar ${r.name} list --no-hide-empty --format ids --per-page 1)` : `$(calendar ${r.name} list --format ids --per-page 1)`;

export function verbExamples(resource: Resource, verb: Verb): string[] {
  const n = resource.name;
  switch (verb) {
    case 'list':
      if (resource.isEvent) {
        return [
          'calendar events list',
          'calendar events list --starts-after today --ends-before +30d',
          'calendar events list --search jazz --format json',
          "calendar events list --jq '.[] | {id, title}'",
          'calendar events list --all --format ndjson > events.ndjson',
          'calendar events list --start-date 2025-01-01 --fields id,title,start_date --format csv',
        ];
      }
      if (!resource.isPost) return [`calendar ${n} list --no-hide-empty`, `calendar ${n} list --search mus --orderby count --order desc`];
      return [`calendar ${n} list`, `calendar ${n} list --search hall --format json`, `calendar ${n} list --has-events --format ids`];
    case 'get':
      return resource.isPost
        ? [
            `calendar ${n} get ${firstId(resource)}`,
            `calendar ${n} get ${DEMO_RECORD[n]} --json`,
            `calendar ${n} get ${firstId(resource)} --fields id,${resource.nameField}`,
          ]
        : [`calendar ${n} get ${firstId(resource)}`, `calendar ${n} get ${firstId(resource)} --json`];
    case 'create':
      return CREATE_EXAMPLES[n];
    case 'update':
      if (resource.isEvent)
        return [`calendar events update ${firstId(resource)} --title "New title"`, `calendar events update ${firstId(resource)} --featured --dry-run`];
      return [`calendar ${n} update ${firstId(resource)} --description "Updated from the shell"`];
    case 'delete':
      return [`calendar ${n} delete ${firstId(resource)} --yes`, `calendar ${n} delete ${firstId(resource)} --dry-run`];
    case 'restore':
      // A record put in the trash first, then taken out by the ID the trash lists.
      return [
        `calendar ${n} delete ${DEMO_RECORD[n]} --yes`,
        `calendar ${n} restore $(calendar ${n} list --status trash --format ids --per-page 1) --status draft`,
      ];
  }
}

export const OVERVIEW = `calendar manages an events calendar (The Events Calendar for WordPress) through its REST API.

First commands to try (they run on a built-in sandbox calendar until you add a site):
  $ calendar events list                     upcoming events
  $ calendar events list --format json       the same, as JSON
  $ calendar venues list                     venues
  $ calendar events get SLUG-OR-ID           one event
  $ calendar profile add mysite --url https://example.org   use a real site
  $ calendar serve --seed demo               run the sandbox as a server
  $ calendar help COMMAND                    help on a command
`;

/** The sandbox server's own settings. */
export const SERVE_ENVIRONMENT: EnvironmentList = [
  ['CALENDAR_SANDBOX_USER', 'user name writes need (like --user; default admin)'],
  ['CALENDAR_SANDBOX_PASSWORD', 'application password writes need (like --password)'],
];

/** An event's --force where the tribe route would lose its cost text (src/core/write/plan.ts). */
export const EVENT_COST_FORCE =
  'where the site has no tec/v1 (or it cannot take the change), store the cost as the site shows it rather than ' +
  'refuse: tribe/events/v1 clears a cost it is not sent';
