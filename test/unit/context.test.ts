import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, test } from 'vitest';
import { processContext } from '../../src/cli/process-context.js';
import { withContext } from '../../src/core/context.js';

const original = Object.getOwnPropertyDescriptor(process, 'stdin')!;
afterEach(() => void Object.defineProperty(process, 'stdin', original));

/** Counts reads of process.stdin, which is what makes Node create the stream. */
function watchStdin(): { reads: number; stream: PassThrough } {
  const watch = { reads: 0, stream: new PassThrough() };
  Object.defineProperty(process, 'stdin', {
    configurable: true,
    get: () => {
      watch.reads++;
      return watch.stream;
    },
  });
  return watch;
}

describe('the process context', () => {
  test('creates stdin only when a command reads it', () => {
    const watch = watchStdin();
    const ctx = processContext();
    expect(watch.reads).toBe(0);
    expect(ctx.stdin).toBe(watch.stream);
    expect(watch.reads).toBe(1);
  });

  test('a context derived with withContext leaves stdin unread and keeps the rest', () => {
    const watch = watchStdin();
    const ctx = processContext();
    const quiet = { write: () => true };
    const derived = withContext(ctx, { stderr: quiet });
    expect(watch.reads).toBe(0);
    expect(derived.stderr).toBe(quiet);
    expect(derived.stdout).toBe(ctx.stdout);
    expect(derived.cwd).toBe(ctx.cwd);
    expect(derived.stdin).toBe(watch.stream);
    expect(watch.reads).toBe(1);
  });

  test('withContext replaces stdin too, and works on a context a test builds', () => {
    const given = new PassThrough();
    const replacement = new PassThrough();
    const sink = { write: () => true };
    const derived = withContext({ stdout: sink, stderr: sink, stdin: given, env: {}, cwd: '/' }, { stdin: replacement });
    expect(derived.stdin).toBe(replacement);
    expect(withContext(processContext(), { stdin: replacement }).stdin).toBe(replacement);
  });
});
