'use strict';
/**
 * V8's compilers held back while an HTTP client of the CLI is open: a command-line run is short,
 * and on a small machine it shares the cores with the site it talks to. The launcher's own tuning:
 * the library, in someone else's process, changes no flag of it.
 *
 * - undici's HTTP parser (llhttp, WebAssembly) stays in V8's baseline tier. On Node 20, V8
 *   compiles each parser function on its first call and soon optimises the hot ones on a
 *   background thread; a process does not exit before that job ends, so a command that made one
 *   request sat idle for 120 ms or more after printing its answer, and `--all` spent a quarter
 *   more CPU. Liftoff is fast enough for HTTP heads and chunk framing.
 * - JavaScript is optimised later: four times the default interrupt budget, the bytecode a
 *   function runs before V8 hands it to TurboFan. Importing 1,000 venues, V8 otherwise optimised
 *   65 functions, 150-200 ms of compiler-thread CPU that such a run never earns back; with the
 *   larger budget it optimised 13 (20 ms). A long run still optimises what it runs most.
 *
 * Flags are set when the first client opens (the core says so on the diagnostics channel
 * `calendar:http-client`, src/core/http/activity.ts), not at start-up: Node's built-in modules
 * carry a code cache that V8 refuses under other flags, so every built-in loaded after a change
 * is compiled from source (`--help` took 7 ms more with the budget set at start). They are
 * restored when the last client closes, before the launcher writes its own code cache, which V8
 * likewise accepts only under the flags it was written with.
 */

// V8 11.3's default interrupt budget (flag-definitions.h), and four times it.
const DEFAULT_INTERRUPT_BUDGET = 66 * 1024;
const LATER_INTERRUPT_BUDGET = 4 * DEFAULT_INTERRUPT_BUDGET;

// `--liftoff-only` implies, in V8 11.3, --liftoff, --no-wasm-tier-up and --no-wasm-dynamic-tiering:
// restoring means setting each back to its default.
const HELD_BACK = `--liftoff-only --interrupt-budget=${LATER_INTERRUPT_BUDGET}`;
const DEFAULTS = ['--no-liftoff-only', '--liftoff', '--wasm-tier-up', '--wasm-dynamic-tiering', `--interrupt-budget=${DEFAULT_INTERRUPT_BUDGET}`];

/** The channel the core names an HTTP client's opening (`{ open: true, https }`) and closing (`{ open: false }`) on. */
const CHANNEL = 'calendar:http-client';

/**
 * Applies to Node 20's V8 only (the implications and defaults above are that version's), and only
 * when Node was given no flag about compiling, so that restoring the defaults restores what was there.
 */
function tiersApply(v8Version, nodeFlags) {
  return v8Version.startsWith('11.3.') && !/liftoff|wasm|interrupt-budget|turbofan|max-opt|(^|\s)--(no-)?opt\b|jitless|maglev|sparkplug/i.test(nodeFlags);
}

/**
 * Sets the flags and returns the function that restores the defaults (once), or undefined when
 * it does not apply. With `https`, TLS is loaded first: undici loads it on the first connection,
 * after the flags changed, and its twenty modules (crypto's among them) would be compiled from source.
 */
function holdBackTiers(
  https,
  v8Version = process.versions.v8,
  nodeFlags = `${process.execArgv.join(' ')} ${process.env.NODE_OPTIONS ?? ''}`,
  setFlags = (flags) => require('node:v8').setFlagsFromString(flags),
) {
  if (!tiersApply(v8Version, nodeFlags)) return undefined;
  if (https) process.getBuiltinModule('node:tls');
  setFlags(HELD_BACK);
  let restored = false;
  return () => {
    if (restored) return;
    restored = true;
    setFlags(DEFAULTS.join(' '));
  };
}

/**
 * Holds the tiers back from the first client's opening to the last one's closing; returns the
 * function that restores them at once (before the code cache is written) and stops listening.
 */
function holdBackWhileClientsOpen(hold = holdBackTiers) {
  const diagnostics = require('node:diagnostics_channel');
  let open = 0;
  let restore;
  const listener = (message) => {
    if (message.open) {
      if (open++ === 0) restore = hold(message.https === true);
    } else if (open > 0 && --open === 0) {
      restore?.();
      restore = undefined;
    }
  };
  diagnostics.subscribe(CHANNEL, listener);
  return () => {
    diagnostics.unsubscribe(CHANNEL, listener);
    restore?.();
    restore = undefined;
  };
}

module.exports = { CHANNEL, LATER_INTERRUPT_BUDGET, holdBackTiers, holdBackWhileClientsOpen, tiersApply };
