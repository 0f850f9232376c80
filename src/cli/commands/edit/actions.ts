/**
 * `calendar <resource> edit REF`: the record's writable fields in $VISUAL or $EDITOR; on
 * save, what changed goes through the safe update. A form that does not read (bad YAML, an
 * unknown field, a value the schema refuses, a link that names nothing) is reopened with
 * the error on top and the user's edits kept, as `kubectl edit` does.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Invocation } from '../runner.js';
import {
  CalendarError,
  type Context,
  EXIT,
  finishBody,
  formText,
  formValues,
  parseRef,
  readForm,
  type RecordAccess,
  recordPath,
  refuseRename,
  translateNotFound,
  UsageError,
  withError,
} from '../../../core/index.js';
import type { Resource } from '../../../spec/resources.js';
import { withSession } from '../../session.js';
import { printRecord } from '../../output/writer.js';
import type { EditFlags } from '../resource/options.js';
import { hintOf } from '../../output/write-hints.js';

type Json = Record<string, unknown>;

export async function runEdit(resource: Resource, inv: Invocation<EditFlags>, rawRef: string): Promise<void> {
  const { ctx, opts } = inv;
  if (!ctx.stdin.isTTY || !ctx.stdout.isTTY) {
    throw new UsageError(
      `${resource.name} edit opens an editor and needs a terminal`,
      `Off a terminal, change fields with: calendar ${resource.name} update ${rawRef} --FIELD VALUE (or --data).`,
    );
  }
  const ref = parseRef(resource, rawRef);
  const prepared = inv.prepare();
  prepared.writes = !opts.dryRun;
  await withSession(prepared, ctx, async ({ client, profile }) => {
    try {
      const path = await recordPath(resource, ref, client);
      const notice = (line: string) => prepared.ui.warn(line);
      // The form holds the texts as typed, so that what is saved unchanged is sent unchanged (not at all).
      const { readCurrent } = await import('../../../core/index.js');
      const current = await readCurrent(client, resource, path, { notice });
      const original = formValues(resource, current);
      const dir = mkdtempSync(join(tmpdir(), 'calendar-edit-'));
      const file = join(dir, `${resource.singular}-${String(current.id)}.yaml`);
      try {
        let text = formText(resource, current, original);
        for (;;) {
          writeFileSync(file, text);
          openEditor(ctx, file);
          text = readFileSync(file, 'utf8');
          const reading = readForm(resource, text, original);
          if (reading.kind === 'invalid') {
            text = withError(text, reading.message);
            continue;
          }
          if (reading.kind === 'empty' || Object.keys(reading.changes).length === 0) {
            prepared.ui.notice('nothing changed');
            return;
          }
          const access = { client, timezone: profile.timezone, messages: prepared.ui };
          const body = await checkedChanges(resource, access, reading.changes, current).catch((err: unknown) => {
            if (err instanceof CalendarError && (err.exitCode === EXIT.usage || err.exitCode === EXIT.notFound)) return err;
            throw err;
          });
          if (body instanceof CalendarError) {
            text = withError(text, body.message);
            continue;
          }
          // The update's own rules (a name taken, a cost the route would rewrite) refuse as they do for `update`:
          // the form is reopened with the reason on top, the edits kept.
          const refusal = await sendEdit(access, resource, path, body, current, { force: opts.force === true, dryRun: opts.dryRun === true, notice }).catch(
            (err: unknown) => {
              if (err instanceof CalendarError && err.exitCode === EXIT.usage) return err;
              throw err;
            },
          );
          if (refusal instanceof CalendarError) {
            prepared.ui.warn(`${refusal.message}; your edits are kept in ${file}: it opens again`);
            text = withError(text, [refusal.message, hintOf(refusal)].filter(Boolean).join('\n'));
            continue;
          }
          const result = refusal;
          if (!result.record) return (await import('../resource/shared.js')).printPlanned(ctx, client, result.plan, opts);
          for (const { field, sent, got } of result.ignored)
            prepared.ui.warn(`the server did not keep ${field}: sent ${JSON.stringify(sent)}, it holds ${JSON.stringify(got ?? null)}`);
          await printRecord(result.record, resource, prepared.output, ctx);
          await (await import('../../../core/index.js')).reportClashes(access, resource, result.record);
          return;
        }
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    } catch (err) {
      throw translateNotFound(err, resource, ref, 'update');
    }
  });
}

/** The changes checked by the schema, their links resolved and event dates settled, as an update would. */
async function checkedChanges(resource: Resource, access: Parameters<typeof finishBody>[0], changes: Json, current: Json): Promise<Json> {
  const { checkRecord } = await import('../../../core/index.js');
  const checked = checkRecord(resource, changes, 'update');
  if (!checked.ok) throw new UsageError(checked.problems.map((p) => `${p.field}: ${p.message}`).join('\n'));
  // As `update` does: a start moved alone moves the end by as much (one rule for both, src/core/records/dates.ts).
  return finishBody(access, resource, checked.record, { createMissing: false, keepDuration: true }, current);
}

/** The edit's changes through the update every write goes through, after the rename rule; with `dryRun`, its plan alone. */
async function sendEdit(
  access: RecordAccess,
  resource: Resource,
  path: string,
  body: Json,
  current: Json,
  options: { force: boolean; dryRun: boolean; notice: (line: string) => void },
) {
  await refuseRename(access, resource, body, Number(current.id), current, options.force);
  const { updateByPlan } = await import('../../../core/index.js');
  return updateByPlan(access.client, resource, path, body, { current, ...options });
}

/** $VISUAL, else $EDITOR, else vi; run through the shell so that `code --wait` works. */
function openEditor(ctx: Context, file: string): void {
  const editor = ctx.env.VISUAL || ctx.env.EDITOR || 'vi';
  const result = spawnSync('sh', ['-c', `${editor} "$1"`, 'editor', file], { stdio: 'inherit', env: ctx.env as NodeJS.ProcessEnv });
  if (result.error)
    throw new CalendarError(`could not start the editor "${editor}": ${result.error.message}`, EXIT.usage, 'Set VISUAL or EDITOR to an editor on your PATH.');
  if (result.status !== 0) throw new CalendarError(`the editor "${editor}" exited with status ${String(result.status)}; nothing was sent`, EXIT.refused);
}
