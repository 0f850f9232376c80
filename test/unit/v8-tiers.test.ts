import { spawnSync } from 'node:child_process';
import { describe, expect, test, vi } from 'vitest';
import { createRequire } from 'node:module';
import { clientOpened } from '../../src/core/http/activity.js';

/** The launcher's module (CommonJS JavaScript, as bin/ is). */
interface Tiers {
  holdBackTiers(https: boolean, v8Version?: string, nodeFlags?: string, setFlags?: (flags: string) => void): (() => void) | undefined;
  holdBackWhileClientsOpen(hold: (https: boolean) => (() => void) | undefined): () => void;
  LATER_INTERRUPT_BUDGET: number;
  tiersApply(v8Version: string, nodeFlags: string): boolean;
}
const { holdBackTiers, holdBackWhileClientsOpen, LATER_INTERRUPT_BUDGET, tiersApply } = createRequire(import.meta.url)('../../bin/v8-tiers.js') as Tiers;

const NODE_20_V8 = '11.3.244.8-node.38';

describe("holding back V8's compilers while the HTTP client is open", () => {
  test("applies to Node 20's V8 only", () => {
    expect(tiersApply(NODE_20_V8, '')).toBe(true);
    expect(tiersApply('12.4.254.21-node.33', '')).toBe(false);
    expect(tiersApply(NODE_20_V8, '--max-old-space-size=100 --enable-source-maps')).toBe(true);
  });

  test.each([
    '--no-liftoff',
    '--wasm-tier-up',
    '--interrupt-budget=1000',
    '--max-opt=2',
    '--no-opt',
    '--jitless',
    '--maglev',
    '--always-sparkplug',
    '--no-turbofan',
  ])('does not apply when Node was given %s', (flag) => expect(tiersApply(NODE_20_V8, `--max-old-space-size=100 ${flag}`)).toBe(false));

  test('sets Liftoff only and four times the interrupt budget, then restores every flag to its default, once', () => {
    const set: string[] = [];
    const restore = holdBackTiers(false, NODE_20_V8, '', (flags) => set.push(flags));
    expect(set).toEqual([`--liftoff-only --interrupt-budget=${4 * 67584}`]);
    restore!();
    restore!();
    expect(set).toEqual([
      `--liftoff-only --interrupt-budget=${LATER_INTERRUPT_BUDGET}`,
      '--no-liftoff-only --liftoff --wasm-tier-up --wasm-dynamic-tiering --interrupt-budget=67584',
    ]);
  });

  test('does nothing where it does not apply', () => {
    const set: string[] = [];
    expect(holdBackTiers(false, '12.4.254.21-node.33', '', (flags) => set.push(flags))).toBeUndefined();
    expect(set).toEqual([]);
  });

  // V8 names a flag it does not know on stderr and goes on; a default that is not V8's would leave a changed flag behind.
  test("every flag is one this Node's V8 takes, and the restored budget is its default", () => {
    if (!tiersApply(process.versions.v8, '')) return expect(process.versions.v8.startsWith('11.3.')).toBe(false);
    const defaults = spawnSync(process.execPath, ['--v8-options'], { encoding: 'utf8' }).stdout;
    expect(defaults).toMatch(/--interrupt-budget \(interrupt budget[^\n]*\n\s*type: int\s+default: --interrupt-budget=67584\b/);
    const set: string[] = [];
    holdBackTiers(false, process.versions.v8, '', (flags) => set.push(flags))!();
    const script = `const v8 = require('node:v8'); for (const flags of ${JSON.stringify(set)}) v8.setFlagsFromString(flags);`;
    const run = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
    expect(set).toHaveLength(2);
    expect(run.stderr).toBe('');
  });

  test('loads TLS before the flags change for an HTTPS site, and not for a plain HTTP one', () => {
    const steps: string[] = [];
    const load = vi.spyOn(process, 'getBuiltinModule').mockImplementation((id: string) => void steps.push(`load ${id}`) as never);
    try {
      holdBackTiers(true, NODE_20_V8, '', (flags) => steps.push(flags.split(' ')[0]))!();
      expect(steps).toEqual(['load node:tls', '--liftoff-only', '--no-liftoff-only']);
      steps.length = 0;
      holdBackTiers(false, NODE_20_V8, '', (flags) => steps.push(flags.split(' ')[0]))!();
      expect(steps).toEqual(['--liftoff-only', '--no-liftoff-only']);
    } finally {
      load.mockRestore();
    }
  });

  test('the launcher holds them back from the first client opened to the last closed, as the core says it on its channel', () => {
    const steps: string[] = [];
    const hold = (https: boolean) => {
      steps.push(`hold${https ? ' https' : ''}`);
      return () => void steps.push('restore');
    };
    const stop = holdBackWhileClientsOpen(hold);
    try {
      const first = clientOpened(true);
      const second = clientOpened(false);
      first();
      first();
      expect(steps).toEqual(['hold https']);
      second();
      expect(steps).toEqual(['hold https', 'restore']);
      clientOpened(false);
    } finally {
      stop();
    }
    // Stopping restores what is still held (before the code cache is written), and listens no more.
    expect(steps).toEqual(['hold https', 'restore', 'hold', 'restore']);
    clientOpened(false)();
    expect(steps).toHaveLength(4);
  });
});
