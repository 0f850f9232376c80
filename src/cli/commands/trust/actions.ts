/** Trusting, listing and revoking project files (src/core/config/trust.ts keeps the list). */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Invocation } from '../runner.js';
import {
  cannotRead,
  digestOf,
  findProjectFile,
  isProjectFileName,
  readTrusted,
  runsCode,
  trustFile,
  trustKey,
  UsageError,
  writeTrusted,
} from '../../../core/index.js';
import { listWriter } from '../../output/writer.js';

interface TrustOptions {
  list?: boolean;
  revoke?: boolean;
}

export async function runTrust(inv: Invocation, file?: string): Promise<void> {
  const opts = inv.opts as TrustOptions;
  const prepared = inv.prepare();
  const { ctx } = inv;
  if (opts.list && opts.revoke) throw new UsageError('give --list or --revoke, not both');
  if (opts.list) {
    if (file !== undefined) throw new UsageError('--list takes no file');
    await listTrusted(inv);
    return;
  }
  const target = file === undefined ? nearest(ctx.cwd, ctx.env) : resolve(ctx.cwd, file);
  const key = trustKey(target);
  const trusted = readTrusted(ctx.env);
  if (opts.revoke) {
    // A trusted file that is gone can still be revoked.
    if (!trusted[key]) {
      checkProjectFile(target);
      prepared.ui.notice(`${key} is not trusted: nothing to revoke.`);
      return;
    }
    delete trusted[key];
    writeTrusted(ctx.env, trusted);
    prepared.ui.notice(`${key} is no longer trusted (${trustFile(ctx.env)}).`);
    return;
  }
  checkProjectFile(target);
  let content: Buffer;
  try {
    content = readFileSync(key);
  } catch (err) {
    throw cannotRead(key, err);
  }
  const sha256 = await digestOf(content);
  trusted[key] = { sha256, trustedAt: new Date().toISOString() };
  writeTrusted(ctx.env, trusted);
  const what = runsCode(key) ? 'it will be loaded (it runs as code), and its profiles may use your credentials' : 'its profiles may use your credentials';
  prepared.ui.notice(`Trusted ${key} as it is now (sha256 ${sha256.slice(0, 12)}…): ${what}. A change to it untrusts it.`);
}

function nearest(cwd: string, env: Record<string, string | undefined>): string {
  const found = findProjectFile(cwd, env);
  if (!found) throw new UsageError(`no project configuration file in ${cwd} or above`, 'Name the file: calendar trust FILE.');
  return found;
}

/** Only a file the search would read as a project file can be trusted (never the user's own files, nor any other). */
function checkProjectFile(file: string): void {
  if (!isProjectFileName(file)) {
    throw new UsageError(
      `${file} is not a project configuration file`,
      'Trust a .calendarrc, .calendarrc.{json,yaml,yml,js,cjs,mjs,ts}, calendar.config.{js,cjs,mjs,ts} or a package.json with a calendar key.',
    );
  }
  if (!existsSync(file) || !statSync(file).isFile()) throw new UsageError(`${file} does not exist or is not a file`);
  if (file.endsWith('package.json')) {
    const text = readFileSync(file, 'utf8');
    let pkg: unknown;
    try {
      pkg = JSON.parse(text);
    } catch {
      pkg = undefined;
    }
    if (!pkg || typeof pkg !== 'object' || !Object.hasOwn(pkg, 'calendar'))
      throw new UsageError(`${file} is not a project configuration file: it has no "calendar" key`);
  }
}

async function listTrusted(inv: Invocation): Promise<void> {
  const { ctx } = inv;
  const prepared = inv.prepare();
  const rows = await Promise.all(
    Object.entries(readTrusted(ctx.env)).map(async ([file, entry]) => {
      let state = 'missing';
      try {
        state = (await digestOf(readFileSync(file))) === entry.sha256 ? 'trusted' : 'changed';
      } catch {
        // gone or unreadable: missing
      }
      return { file, state, sha256: entry.sha256, trustedAt: entry.trustedAt };
    }),
  );
  const { format } = prepared.output;
  if (format === 'ids') {
    ctx.stdout.write(rows.map((r) => `${r.file}\n`).join(''));
    return;
  }
  const structured = format === 'json' || format === 'ndjson' || format === 'yaml';
  const settings = { ...prepared.output, fields: prepared.output.fields ?? (structured ? undefined : ['file', 'state', 'trustedAt']) };
  const writer = listWriter(undefined, settings, ctx);
  for (const row of rows) await writer.write(row);
  await writer.end({ total: rows.length });
}
