#!/usr/bin/env node
'use strict';
// Tiny launcher, CommonJS for the quickest start (bin/package.json): answers --version
// without loading anything else, and loads the built CLI for everything else.

// A reader that goes away (`calendar events list | head`) is not an error; any other failure
// to write the output (a full disk, a descriptor not open for writing) is one line and exit 1,
// so that a script never takes a lost export for a good one. /dev/null takes every write,
// whatever mode it was opened in (Python's subprocess.DEVNULL opens it read-write). Node itself
// opens /dev/null read-write in place of a standard output closed before it started (`>&-`),
// so that case cannot be told from a supervisor's /dev/null and is taken as one.
const outputFailed = (why) => {
  try {
    require('node:fs').writeSync(2, `calendar: cannot write the output: ${why}\n`);
  } finally {
    process.exit(1);
  }
};
const OUTPUT_ERRORS = {
  ENOSPC: 'no space left on the device (ENOSPC)',
  EBADF: 'standard output is not open for writing (EBADF)',
};
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (err) => {
    if (err.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    if (stream === process.stdout) outputFailed(OUTPUT_ERRORS[err.code] ?? err.code ?? err.message);
    throw err;
  });
}
// Certificates are always verified; the variable that turns that off for all of Node is refused here.
if (process.env.NODE_TLS_REJECT_UNAUTHORIZED === '0') {
  delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
  process.stderr.write(
    'calendar: warning: NODE_TLS_REJECT_UNAUTHORIZED=0 is ignored: certificates are always verified (trust a private CA with --ca-cert FILE)\n',
  );
}

const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) {
  // As src/version.ts says it (a test checks that both agree).
  const { name, version } = require('../package.json');
  process.stdout.write(`calendar ${version} (${name}, node ${process.version})\n`);
} else {
  let cli;
  // V8's compilers held back while the CLI speaks HTTP (bin/v8-tiers.js), restored before the code cache is written.
  const restoreTiers = require('./v8-tiers.js').holdBackWhileClientsOpen();
  try {
    // src/http/undici.ts sets this mark when the HTTP client is loaded: such a run is wide.
    const usedHttpClient = () => globalThis[Symbol.for('calendar.httpClientLoaded')] === true;
    // The CLI's own code, and the core it shares with the library (its two files, each required on first use).
    const bundle = require('node:path').join(__dirname, '../dist/cli.cjs');
    cli = require('./code-cache.js').loadBundle(bundle, process.env, usedHttpClient, ['./core-light.cjs', './core.cjs']);
  } catch (err) {
    process.stderr.write(`calendar: cannot load the built CLI (${err.code ?? err.message}); run npm run build\n`);
    process.exitCode = 1;
  }
  cli?.exports.main(args).then((code) => {
    process.exitCode = code;
    restoreTiers();
    const cache = cli.save();
    if (args.includes('--debug')) process.stderr.write(`debug: code cache ${cache}\n`);
    exitWhenIdle(code);
  });
}

// Once the command is over and nothing but the standard streams is left open, the process ends
// as soon as they are flushed: Node's own exit first frees the whole heap, 10 ms after a long
// list. Anything else still open (a server closing, a child, a file being written) lets Node
// end the usual way.
function exitWhenIdle(code) {
  if (!process.getActiveResourcesInfo().every((name) => name === 'TTYWrap' || name === 'PipeWrap')) return;
  process.stdout.write('', () => process.stderr.write('', () => process.exit(code)));
}
