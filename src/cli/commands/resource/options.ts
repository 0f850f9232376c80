/**
 * The options commander hands each verb of a resource, typed from what its flags are made of:
 * the resource table's fields and filters (flags.ts fieldOptions) and the verb's own options
 * (verb-options.ts). A field added to the table is a flag and a typed option at once, and an
 * option name no flag has is a type error. Type-only.
 *
 * `R` narrows to one resource (`UpdateFlags<'venues'>`); left out, the options of every resource
 * (each verb's action serves all five; the table's traits decide at run time which flags exist).
 */
import type { Field, Resource, ResourceName, ResourceTable } from '../../../spec/resources.js';
import type { GlobalOptions } from '../../session.js';
import type { Verb, VERB_OPTIONS } from './verb-options.js';

/** `start_date` or `start-date` -> `startDate`: the attribute commander gives the flag (flags.ts attributeName). */
export type AttributeOf<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<AttributeOf<Tail>>}`
  : S extends `${infer Head}-${infer Tail}`
    ? `${Head}${Capitalize<AttributeOf<Tail>>}`
    : S;

/** What commander gives for a field's flag: `--x`/`--no-x` a boolean, a choice one of its choices, any other the text typed. */
type FlagValue<F extends Field> = F extends { type: 'boolean' | 'boolstring' }
  ? boolean
  : F extends { type: 'list' }
    ? string
    : F extends { choices: readonly (infer C extends string)[] }
      ? C
      : string;

type AliasesOf<F extends Field> = F extends { aliases: readonly (infer A extends string)[] } ? A : never;

/** One option per flag of the given fields: the field's own (`--start-date`) and its aliases (a venue's `--name`). */
type FlagsOf<Fs extends Field> = { [F in Fs as AttributeOf<F['name']> | AttributeOf<AliasesOf<F>>]?: FlagValue<F> };

type FieldOf<R extends ResourceName> = ResourceTable[R]['fields'][number];
type FilterOf<R extends ResourceName> = ResourceTable[R]['listParams'][number];

/** Whether one of the resources `R` has the trait (`isEvent`...) a verb option goes with (verb-options.ts). */
type HasTrait<R extends ResourceName, W> = W extends 'hasLinks'
  ? [Extract<FieldOf<R>, { type: 'ref' | 'refs' }>] extends [never]
    ? false
    : true
  : W extends keyof Resource
    ? [Extract<ResourceTable[R], { [K in W]: true }>] extends [never]
      ? false
      : true
    : false;

type Applies<R extends ResourceName, O> = O extends { when: infer W } ? HasTrait<R, W> : true;

/** `--dry-run`, `--no-conflict-check` -> `dryRun`, `conflictCheck`: the attribute commander gives the flag. */
type FlagAttribute<F extends string> = F extends `--no-${infer N}`
  ? AttributeOf<N>
  : F extends `--${infer N} ${string}`
    ? AttributeOf<N>
    : F extends `--${infer N}`
      ? AttributeOf<N>
      : never;

/** A flag that takes a value (`--limit <n>`) gives its text; one without (`--web`, `--no-x`) a boolean. */
type FlagType<F extends string> = F extends `${string} <${string}>` ? string : boolean;

/** The options of a verb's own flags (verb-options.ts) that go with one of the resources `R`. */
type VerbFlags<R extends ResourceName, V extends Verb> = {
  [O in Extract<(typeof VERB_OPTIONS)[V][number], { flag: string }> as Applies<R, O> extends true ? FlagAttribute<O['flag']> : never]?: FlagType<O['flag']>;
};

/** `--add-tags`, `--remove-tags`: the list links of an update (fields with `many`). */
type LinkAdjustmentFlags<R extends ResourceName> = {
  [F in Extract<FieldOf<R>, { many: true }> as `${'add' | 'remove'}${Capitalize<AttributeOf<F['name']>>}`]?: string;
};

export type ListFlags<R extends ResourceName = ResourceName> = GlobalOptions & FlagsOf<FilterOf<R>> & VerbFlags<R, 'list'>;
export type GetFlags<R extends ResourceName = ResourceName> = GlobalOptions & VerbFlags<R, 'get'>;
export type CreateFlags<R extends ResourceName = ResourceName> = GlobalOptions & FlagsOf<FieldOf<R>> & VerbFlags<R, 'create'>;
export type UpdateFlags<R extends ResourceName = ResourceName> = GlobalOptions & FlagsOf<FieldOf<R>> & LinkAdjustmentFlags<R> & VerbFlags<R, 'update'>;
export type DeleteFlags<R extends ResourceName = ResourceName> = GlobalOptions & VerbFlags<R, 'delete'>;
export type RestoreFlags<R extends ResourceName = ResourceName> = GlobalOptions & VerbFlags<R, 'restore'>;

/** `--repeat`, `--except`, `--max` of `events create`, as typed. */
export type RepeatFlags = Pick<CreateFlags<'events'>, 'repeat' | 'except' | 'max'>;

/** `--series`, `--following`: how far an update or delete of an occurrence reaches. */
export type ScopeFlags = Pick<UpdateFlags<'events'>, 'series' | 'following'>;

/** `edit` takes no field flags (the editor gives the changes): `--force` for an event's cost, `--dry-run` for the plan. */
export type EditFlags = GlobalOptions & { force?: boolean; dryRun?: boolean };

/** The flags of the list filters named (the views take some of the events list's: VIEW_FILTER_NAMES). */
export type FilterFlags<Names extends string, R extends ResourceName = 'events'> = FlagsOf<Extract<FilterOf<R>, { name: Names }>>;

/** The list filters `export` takes (those marked `exportFilter`), of any resource: each is checked against the one exported. */
export type ExportFilterFlags = FlagsOf<Extract<FilterOf<ResourceName>, { exportFilter: true }>>;

/** `calendar export`: the filters, and `--site` with its `--resources`. */
export type ExportFlags = GlobalOptions & ExportFilterFlags & { site?: boolean; resources?: string };

/** The flags of a resource's fields alone (a create's or an update's), as guided.ts and writeBody read them. */
export type FieldFlags<R extends ResourceName = ResourceName> = FlagsOf<FieldOf<R>>;
