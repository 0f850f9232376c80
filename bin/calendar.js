#!/usr/bin/env node
'use strict';
// Tiny launcher, CommonJS for the quickest start (bin/package.json): answers --version
// without loading anything else, and loads the built CLI for everything else.

// A reader that goes away (`calendar events list | head`) is not an error.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (err) => {
    if (err.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw err;
  });
}

// Certificates are always verified; the variable that turns that off for all of Node is refused here.
if (process.env.NODE_TLS_REJECT_UNAUTHORIZED === '0') {
  delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
  process.stderr.write('calendar: warning: NODE_TLS_REJECT_UNAUTHORIZED=0 is ignored: certificates are always verified (trust a private CA with --ca-cert FILE)\n');
}

const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) {
  process.stdout.write(`${require('../package.json').version}\n`);
} else {
  let cli;
  try {
    // src/http/undici.ts sets this mark when the HTTP client is loaded: such a run is wide.
    const usedHttpClient = () => globalThis[Symbol.for('calendar.httpClientLoaded')] === true;
    cli = require('./code-cache.js').loadBundle(require('node:path').join(__dirname, '../dist/cli.cjs'), process.env, usedHttpClient);
  } catch (err) {
    process.stderr.write(`calendar: cannot load the built CLI (${err.code ?? err.message}); run npm run build\n`);
    process.exitCode = 1;
  }
  cli?.exports.main(args).then((code) => {
    process.exitCode = code;
    const cache = cli.save();
    if (args.includes('--debug')) process.stderr.write(`debug: code cache ${cache}\n`);
  });
}
