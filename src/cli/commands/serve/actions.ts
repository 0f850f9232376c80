import type { Invocation } from '../runner.js';
import { CalendarError } from '../../../core/index.js';

export async function runServe(inv: Invocation): Promise<void> {
  const { serve } = await import('../../../sandbox/serve.js');
  const code = await serve(inv.opts, { stderr: inv.ctx.stderr as NodeJS.WritableStream, env: inv.ctx.env as NodeJS.ProcessEnv });
  if (code !== 0) throw new CalendarError('', code as 1); // the sandbox has already said why
}
