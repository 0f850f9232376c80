'use strict';
// Lets V8 optimise a function later than it would by default, in a command-line run.
//
// V8 hands a function to its optimising compiler (TurboFan) once the function has run a fixed
// amount of bytecode (--interrupt-budget). In a short run that investment does not pay: importing
// 1,000 venues, Node 20 optimised 65 functions and spent 150-200 ms of compiler-thread CPU on them,
// on a machine whose two cores the CLI shares with the site it talks to. With four times the
// budget it optimised 13 (20 ms), and the import took 5-13% less time; a long run (`--all` over
// 50,000 events) still optimises what it runs most, in the same time. Measured on V8 11.3 only
// (Node 20): later V8s tier up through Maglev, whose budgets are other flags. The flag is set
// before the bundle is compiled, so that every run compiles, and writes its code cache, under the
// same flags (V8 rejects a cache written under others).

const DEFAULT_BUDGET = 66 * 1024; // --interrupt-budget in V8 11.3
const LATER_BUDGET = 4 * DEFAULT_BUDGET;

/** Applies to Node 20's V8, when nobody gave Node a flag of its own about optimising. */
function optimiseLaterApplies(v8Version, nodeFlags) {
  return v8Version.startsWith('11.3.') && !/interrupt-budget|turbofan|max-opt|(^|\s)--(no-)?opt\b|--jitless|--maglev|sparkplug/.test(nodeFlags);
}

/** Sets the larger budget where it applies; says whether it did. */
function optimiseLater(
  v8Version = process.versions.v8,
  nodeFlags = `${process.execArgv.join(' ')} ${process.env.NODE_OPTIONS ?? ''}`,
  setFlags = (flags) => require('node:v8').setFlagsFromString(flags),
) {
  if (!optimiseLaterApplies(v8Version, nodeFlags)) return false;
  setFlags(`--interrupt-budget=${LATER_BUDGET}`);
  return true;
}

module.exports = { optimiseLater, optimiseLaterApplies, LATER_BUDGET };
