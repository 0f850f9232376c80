import type { Invocation } from '../runner.js';
import { UsageError } from '../../../core/index.js';
import { visible } from '../../output/visible.js';
import type { GlobalOptions } from '../../session.js';

/**
 * The global options a server has no use for or cannot honour per call: refused rather than
 * ignored. The site comes from --profile or the environment, as the library resolves it.
 */
const NOT_TAKEN: Partial<Record<keyof GlobalOptions, string>> = {
  baseUrl: "--base-url (set CALENDAR_BASE_URL in the server's environment, or use a profile)",
  namespace: '--namespace (set CALENDAR_NAMESPACE, or use a profile)',
  lang: '--lang (set CALENDAR_LANG, or use a profile)',
  timeout: '--timeout (a profile can hold it)',
  retries: '--retries (a profile can hold it)',
  caCert: '--ca-cert (a profile can hold it)',
  format: '--format (answers are JSON)',
  json: '--json (answers are JSON)',
  fields: '--fields (a list tool takes fields)',
  debug: '--debug',
};

/** Serves until the client closes stdin; stdout carries the protocol only, so every message goes into the answers. */
export async function runMcp(inv: Invocation<{ readOnly?: boolean }>): Promise<void> {
  const { ctx, opts } = inv;
  const given = Object.entries(NOT_TAKEN).flatMap(([key, words]) => (opts[key as keyof GlobalOptions] === undefined ? [] : [words]));
  if (given.length) throw new UsageError(`mcp does not take ${given.join(', ')}`, 'It takes --profile and --read-only.');
  const [{ serveStdio }, { Calendar }] = await Promise.all([import('../../../mcp/stdio.js'), import('../../../core/index.js')]);
  await serveStdio(
    {
      open: (onMessage) => new Calendar({ profile: opts.profile, env: ctx.env, cwd: ctx.cwd, onMessage, builtInSandbox: true }),
      readOnly: opts.readOnly === true,
      // The core puts no password in a record, message or error; the one an MCP client's
      // configuration passes in the environment is also cut from every answer, should one hold it.
      credentials: { username: ctx.env.CALENDAR_USERNAME, password: ctx.env.CALENDAR_APP_PASSWORD },
      log: (line) => ctx.stderr.write(`${visible(line)}\n`),
      cwd: ctx.cwd,
    },
    ctx.stdin,
    ctx.stdout,
  );
}
