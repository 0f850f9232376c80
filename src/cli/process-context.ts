/**
 * The context of the CLI's own process: its standard streams, environment and signals. Here, in
 * the CLI, since the core never touches the process's output or exit (test/unit/layers.test.ts).
 */
import type { Context } from '../core/index.js';

export function processContext(): Context {
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    // Node creates the stdin stream on first use (a few milliseconds); most commands never read it.
    get stdin() {
      return process.stdin;
    },
    env: process.env,
    cwd: process.cwd(),
    onInterrupt(handler) {
      let interrupts = 0;
      const listener = (signal: NodeJS.Signals) => {
        interrupts++;
        if (interrupts === 1) return handler(signal);
        process.stderr.write('calendar: aborted\n');
        process.exit(130);
      };
      process.on('SIGINT', listener);
      process.on('SIGTERM', listener);
      return () => {
        process.off('SIGINT', listener);
        process.off('SIGTERM', listener);
      };
    },
  };
}
