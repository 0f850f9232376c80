import { execFileSync, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { describe, expect, test } from 'vitest';

const MODULE = new URL('../../bin/optimise-later.js', import.meta.url).pathname;
const { optimiseLater, optimiseLaterApplies, LATER_BUDGET } = createRequire(import.meta.url)(MODULE) as {
  optimiseLater(v8Version: string, nodeFlags: string, setFlags: (flags: string) => void): boolean;
  optimiseLaterApplies(v8Version: string, nodeFlags: string): boolean;
  LATER_BUDGET: number;
};

describe('optimising later in a command-line run', () => {
  test("applies to Node 20's V8 only", () => {
    expect(optimiseLaterApplies('11.3.244.8-node.38', ' ')).toBe(true);
    expect(optimiseLaterApplies('12.4.254.21-node.33', ' ')).toBe(false);
    expect(optimiseLaterApplies('13.6.233.10-node.18', '')).toBe(false);
  });

  test.each(['--interrupt-budget=1000', '--max-opt=2', '--no-opt', '--jitless', '--maglev', '--always-sparkplug', '--no-turbofan'])('leaves the flags alone when Node was given %s', (flag) => {
    expect(optimiseLaterApplies('11.3.244.8-node.38', `--max-old-space-size=100 ${flag}`)).toBe(false);
  });

  test('other flags given to Node do not stop it', () => {
    expect(optimiseLaterApplies('11.3.244.8-node.38', '--max-old-space-size=100 --enable-source-maps')).toBe(true);
  });

  test('sets four times the default budget, and nothing where it does not apply', () => {
    const set: string[] = [];
    expect(optimiseLater('11.3.244.8-node.38', '', (flags) => set.push(flags))).toBe(true);
    expect(optimiseLater('12.4.254.21-node.33', '', (flags) => set.push(flags))).toBe(false);
    expect(set).toEqual([`--interrupt-budget=${4 * 66 * 1024}`]);
    expect(LATER_BUDGET).toBe(270336);
  });

  // V8 names a flag it does not know on stderr and goes on: the flag is one this V8 takes, from the default it multiplies.
  test("the flag and the default it multiplies are this Node's V8's", () => {
    if (!optimiseLaterApplies(process.versions.v8, '')) return expect(process.versions.v8.startsWith('11.3.')).toBe(false);
    const help = execFileSync(process.execPath, ['--v8-options'], { encoding: 'utf8' });
    expect(help).toMatch(new RegExp(`--interrupt-budget \\(interrupt budget[^\\n]*\\n\\s*type: int\\s+default: --interrupt-budget=${LATER_BUDGET / 4}\\b`));
    const run = spawnSync(process.execPath, ['-e', `require(${JSON.stringify(MODULE)}).optimiseLater()`], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });
});
