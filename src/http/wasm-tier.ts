/**
 * Keeps undici's HTTP parser (llhttp, WebAssembly) in V8's baseline tier.
 *
 * On Node 20, V8 compiles each parser function on its first call and soon optimises the hot
 * ones on a background thread; a process does not exit before that job ends, so a command
 * that made one request sat idle for 120 ms or more after printing its answer, and `--all`
 * spent a quarter more CPU. With `--liftoff-only` set while the client is open, the parser
 * stays in Liftoff, which is fast enough for HTTP heads and chunk framing. The flags are
 * restored when the client closes, before the launcher writes its code cache (whose validity
 * depends on V8's flags).
 */
import { setFlagsFromString } from 'node:v8';

// What `--liftoff-only` implies in V8 11.3 (flag-definitions.h): --liftoff, --no-wasm-tier-up,
// --no-wasm-dynamic-tiering. Restoring means setting them back to their defaults.
const BASELINE_ONLY = '--liftoff-only';
const DEFAULTS = ['--no-liftoff-only', '--liftoff', '--wasm-tier-up', '--wasm-dynamic-tiering'];

/**
 * Applies to Node 20's V8 only (the implications above are that version's), and only when no
 * WebAssembly flag was given to Node, so that restoring the defaults restores what was there.
 */
export function baselineTierApplies(v8Version: string, nodeFlags: string): boolean {
  return v8Version.startsWith('11.3.') && !/liftoff|wasm/i.test(nodeFlags);
}

/** Sets the flag and returns the function that restores the defaults (once), or undefined when it does not apply. */
export function keepWasmInBaselineTier(
  v8Version = process.versions.v8,
  nodeFlags = `${process.execArgv.join(' ')} ${process.env.NODE_OPTIONS ?? ''}`,
  setFlags: (flags: string) => void = setFlagsFromString,
): (() => void) | undefined {
  if (!baselineTierApplies(v8Version, nodeFlags)) return undefined;
  setFlags(BASELINE_ONLY);
  let restored = false;
  return () => {
    if (restored) return;
    restored = true;
    setFlags(DEFAULTS.join(' '));
  };
}
