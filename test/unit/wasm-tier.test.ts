import { describe, expect, test } from 'vitest';
import { baselineTierApplies, keepWasmInBaselineTier } from '../../src/http/wasm-tier.js';

describe('keeping the HTTP parser in the baseline tier', () => {
  test("applies to Node 20's V8 only, and not when Node was given WebAssembly flags", () => {
    expect(baselineTierApplies('11.3.244.8-node.38', '')).toBe(true);
    expect(baselineTierApplies('12.4.254.21-node.33', '')).toBe(false);
    expect(baselineTierApplies('11.3.244.8-node.38', '--no-liftoff')).toBe(false);
    expect(baselineTierApplies('11.3.244.8-node.38', '--max-old-space-size=100 --wasm-tier-up')).toBe(false);
  });

  test('sets --liftoff-only, then restores every flag it implies to its default, once', () => {
    const set: string[] = [];
    const restore = keepWasmInBaselineTier('11.3.244.8-node.38', '', (flags) => set.push(flags));
    expect(set).toEqual(['--liftoff-only']);
    restore!();
    restore!();
    expect(set).toEqual(['--liftoff-only', '--no-liftoff-only --liftoff --wasm-tier-up --wasm-dynamic-tiering']);
  });

  test('does nothing where it does not apply', () => {
    const set: string[] = [];
    expect(keepWasmInBaselineTier('12.4.254.21-node.33', '', (flags) => set.push(flags))).toBeUndefined();
    expect(set).toEqual([]);
  });
});
