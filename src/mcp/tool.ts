/**
 * What a tool is to the server: its schema, its hints and one call of the core, which answers
 * the site's data apart from the server's own words (totals, cursors, what changed, digests).
 */
import type { Calendar } from '../core/index.js';
import type { ToolInput } from './schemas.js';
import { mayBeRelative, resolveRelativeDate } from './dates.js';

export interface ToolAnnotations {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  /** The tools reach one calendar site, not the open world. */
  openWorldHint: false;
}

/** What a call may ask of the server around it. */
export interface ToolContext {
  /** A notice of the server's own, added to the answer. */
  note(text: string): void;
  /** The site's zone (one request the first time). */
  siteZone(): Promise<string>;
  /** The directories files may be read from: the client's roots, else the working directory. */
  fileRoots(): Promise<string[]>;
}

/** A call's result: the site's records or values (`data`), and the server's words about them. */
export interface ToolAnswer {
  data: unknown;
  about?: Record<string, unknown>;
}

export interface Tool {
  name: string;
  title: string;
  description: string;
  input: ToolInput;
  annotations: ToolAnnotations;
  /** The core call; what it returns is the answer, what it throws a tool error. */
  call(cal: Calendar, args: Record<string, unknown>, context: ToolContext): Promise<ToolAnswer>;
}

export type Args = Record<string, unknown>;

export const READ: ToolAnnotations = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
export const ADD: ToolAnnotations = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false };
export const CHANGE: ToolAnnotations = { ...ADD, idempotentHint: true };
export const REMOVE: ToolAnnotations = { ...ADD, destructiveHint: true, idempotentHint: true };

/** `args` without the tool's own inputs: what is left are the API's fields or filters. */
export function without(args: Args, ...names: string[]): Args {
  return Object.fromEntries(Object.entries(args).filter(([key, value]) => !names.includes(key) && value !== undefined));
}

export const flag = (value: unknown) => value === true;

/**
 * A call's fields or filters under the library's type for them (`FieldsOf<'events'>`,
 * `AgendaFilters`): the names are the table's, as the tool's input schema gives them, and the
 * values the client's JSON, which the core checks against the resource table (its zod schemas,
 * src/core/schema.ts) before any request, as it checks a library caller's. The one place the MCP
 * face states that type; nothing is checked here.
 */
export function asLibraryInput<T extends object>(values: Args): T {
  return values as T;
}

/** The date arguments among `names`, relative words turned into dates on the site's clock. */
export async function withSiteDates(args: Args, names: readonly string[], context: ToolContext): Promise<Args> {
  const relative = names.filter((name) => mayBeRelative(args[name]));
  if (!relative.length) return args;
  const zone = await context.siteZone();
  const out = { ...args };
  for (const name of relative) out[name] = resolveRelativeDate(out[name] as string, zone) ?? out[name];
  return out;
}
