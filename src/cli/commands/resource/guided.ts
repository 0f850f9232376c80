/**
 * Guided create: at a terminal, a create missing required fields asks for them (and, for
 * events, offers venue, organizers, categories and tags with Tab completion from the site's
 * names), shows the record and asks to confirm. Off a terminal nothing is asked: the missing
 * flags are named and the command exits 2, before any request.
 */
import { createInterface, type Interface } from 'node:readline/promises';
import { type ApiClient, CalendarError, coerceValue, type Context, EXIT, textForPeople, UsageError, walkEveryRecord } from '../../../core/index.js';
import { flagName, linkFields, resources, type Field, type LinkRelation, type Resource } from '../../../spec/resources.js';
import { collectFields } from './flags.js';
import type { FieldFlags } from './options.js';
import { visible } from '../../output/visible.js';

type Json = Record<string, unknown>;

/** The required fields neither the flags nor --data give. */
export function missingRequired(resource: Resource, opts: FieldFlags, data: Json): Field[] {
  const given = { ...data, ...collectFields(resource.fields, opts) };
  return resource.fields.filter((f) => f.required && (given[f.name] === undefined || given[f.name] === ''));
}

export function atTerminal(ctx: Context): boolean {
  return ctx.stdin.isTTY === true && ctx.stderr.isTTY === true;
}

/** Off a terminal: one line naming every missing flag. */
export function refuseMissing(resource: Resource, missing: Field[]): never {
  throw new UsageError(
    `${resources[resource.name].singular} create needs ${missing.map((f) => `--${flagName(f.name)}`).join(', ')}`,
    'Give them as flags or in --data; at a terminal, calendar asks for them.',
  );
}

/** Asks for the missing fields, then the optional links; returns the answers as flag values. */
export async function askForFields(ctx: Context, resource: Resource, missing: Field[], client: ApiClient): Promise<Json> {
  const names = new Map<LinkRelation, string[]>();
  const rl = createInterface({
    input: ctx.stdin,
    output: ctx.stderr as NodeJS.WritableStream,
    terminal: true,
    completer: (line: string): [string[], string] => {
      // In a list, a name that holds a comma goes in with it escaped, so that it stays one item.
      const choices = (names.get(completing!) ?? []).map((name) => (completingList ? name.replace(/,/g, '\\,') : name));
      const last = line
        .split(/(?<!\\),/)
        .pop()!
        .trimStart();
      const hits = choices.filter((c) => c.toLowerCase().startsWith(last.toLowerCase()));
      return [hits, last];
    },
  });
  let completing: LinkRelation | undefined;
  let completingList = false;
  const answers: Json = {};
  try {
    for (const field of missing) answers[field.name] = await askRequired(rl, field, ctx.stderr);
    // Links to records of other kinds (an event's venue, organizers, terms); a category's parent is not asked.
    for (const link of linkFields(resource).filter((f) => f.relation !== resource.name)) {
      const relation = link.relation as LinkRelation;
      if (!names.has(relation)) names.set(relation, await siteNames(client, relation));
      completing = relation;
      completingList = link.many === true;
      const answer = (await rl.question(`${link.name}${link.many ? ' (comma-separated)' : ''}, Tab completes, Enter skips: `)).trim();
      if (answer) answers[link.name] = answer;
    }
    ctx.stderr.write(`\n${JSON.stringify(answers, null, 2)}\n`);
    const ok = (await rl.question(`Create this ${resource.singular}? [y/N] `)).trim().toLowerCase();
    if (ok !== 'y' && ok !== 'yes') throw new CalendarError('cancelled', EXIT.refused);
  } finally {
    rl.close();
  }
  return answers;
}

/** Asks until the answer is one the create takes: a date that does not parse is said at once and asked again. */
async function askRequired(rl: Interface, field: Field, stderr: Context['stderr']): Promise<string> {
  const hint = field.type === 'date' ? ' (YYYY-MM-DD HH:MM, today, tomorrow, +7d)' : '';
  for (;;) {
    const answer = (await rl.question(`${field.description}${hint}: `)).trim();
    if (!answer) continue;
    try {
      coerceValue(field, answer, `--${flagName(field.name)}`);
      return answer;
    } catch (err) {
      if (!(err instanceof UsageError)) throw err;
      stderr.write(visible(`${err.message}${err.hint ? `. ${err.hint}` : ''}\n`));
    }
  }
}

async function siteNames(client: ApiClient, relation: LinkRelation): Promise<string[]> {
  const resource = resources[relation];
  const found: string[] = [];
  await walkEveryRecord(client, resource, (record) => {
    if (typeof record[resource.nameField] === 'string') found.push(textForPeople(record[resource.nameField]));
  });
  return found;
}
