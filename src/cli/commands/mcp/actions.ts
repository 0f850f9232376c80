import type { Invocation } from '../runner.js';

/** Serves until the client closes stdin; stdout carries the protocol only, so every message goes into the answers. */
export async function runMcp(inv: Invocation<{ readOnly?: boolean }>): Promise<void> {
  const [{ serveStdio }, { Calendar }] = await Promise.all([import('../../../mcp/stdio.js'), import('../../../core/calendar.js')]);
  const { ctx, opts } = inv;
  await serveStdio(
    {
      open: (onMessage) => new Calendar({ profile: opts.profile, env: ctx.env, cwd: ctx.cwd, onMessage }),
      readOnly: opts.readOnly === true,
      log: (line) => ctx.stderr.write(`${line}\n`),
    },
    ctx.stdin,
    ctx.stdout as unknown as NodeJS.WritableStream,
  );
}
