/**
 * The options commander hands each verb of a resource, typed from the resource table as the
 * flags are derived from it (flags.ts fieldOptions): a field added to the table is a flag and a
 * typed option at once, and an option name no flag has is a type error. Type-only.
 *
 * `R` narrows to one resource (`UpdateFlags<'venues'>`); left out, the options of every resource
 * (each verb's action serves all five; the table's `isEvent` and `isPost` decide at run time which flags exist).
 */
import type { Field, ResourceName, ResourceTable } from '../../../spec/resources.js';
import type { GlobalOptions } from '../../session.js';

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

/** `T` where one of the resources `R` has the trait `Trait` (events' `{ isEvent: true }`), else nothing. */
type Where<R extends ResourceName, Trait, T> = [Extract<ResourceTable[R], Trait>] extends [never] ? unknown : T;

/** `--add-tags`, `--remove-tags`: the list links of an update (fields with `many`). */
type LinkAdjustmentFlags<R extends ResourceName> = {
  [F in Extract<FieldOf<R>, { many: true }> as `${'add' | 'remove'}${Capitalize<AttributeOf<F['name']>>}`]?: string;
};

/** Options a write shares: `--data` under the flags, and a dry run. */
interface WriteFlags {
  data?: string;
  dryRun?: boolean;
  createMissing?: boolean;
  force?: boolean;
}

interface EventWriteFlags {
  conflictCheck?: boolean;
  web?: boolean;
}

/** `--series`, `--following`: how far an update or delete of an occurrence reaches. */
export interface ScopeFlags {
  series?: boolean;
  following?: boolean;
}

/** `--repeat`, `--except`, `--max` of `events create`, as typed. */
export interface RepeatFlags {
  repeat?: string;
  except?: string;
  max?: string;
}

export type ListFlags<R extends ResourceName = ResourceName> = GlobalOptions &
  FlagsOf<FilterOf<R>> & { all?: boolean; limit?: string } & Where<R, { isEvent: true }, { hidden?: boolean; on?: string; during?: string }> &
  Where<R, { isPost: true }, { rendered?: boolean }>;

export type GetFlags<R extends ResourceName = ResourceName> = GlobalOptions &
  Where<R, { isEvent: true }, { password?: string; web?: boolean }> &
  Where<R, { isPost: true }, { rendered?: boolean }>;

export type CreateFlags<R extends ResourceName = ResourceName> = GlobalOptions &
  FlagsOf<FieldOf<R>> &
  WriteFlags &
  Where<R, { isEvent: true }, EventWriteFlags & RepeatFlags>;

export type UpdateFlags<R extends ResourceName = ResourceName> = GlobalOptions &
  FlagsOf<FieldOf<R>> &
  WriteFlags &
  LinkAdjustmentFlags<R> & { replace?: boolean } & Where<R, { isEvent: true }, EventWriteFlags & ScopeFlags & { keepDuration?: boolean; password?: string }>;

export type DeleteFlags<R extends ResourceName = ResourceName> = GlobalOptions & { dryRun?: boolean } & Where<R, { isPost: true }, { permanently?: boolean }> &
  Where<R, { isEvent: true }, ScopeFlags & { password?: string }>;

export type RestoreFlags = GlobalOptions & { status?: string; dryRun?: boolean; force?: boolean };

/** `edit` takes no field flags (the editor gives the changes): `--force` for an event's cost. */
export type EditFlags = GlobalOptions & { force?: boolean };

/** The flags of the list filters named (the views take some of the events list's: VIEW_FILTER_NAMES). */
export type FilterFlags<Names extends string, R extends ResourceName = 'events'> = FlagsOf<Extract<FilterOf<R>, { name: Names }>>;

/** The list filters `export` takes (those marked `exportFilter`), of any resource: each is checked against the one exported. */
export type ExportFilterFlags = FlagsOf<Extract<FilterOf<ResourceName>, { exportFilter: true }>>;

/** `calendar export`: the filters, and `--site` with its `--resources`. */
export type ExportFlags = GlobalOptions & ExportFilterFlags & { site?: boolean; resources?: string };

/** The flags of a resource's fields alone (a create's or an update's), as guided.ts and writeBody read them. */
export type FieldFlags<R extends ResourceName = ResourceName> = FlagsOf<FieldOf<R>>;
