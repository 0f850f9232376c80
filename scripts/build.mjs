// Bundles src/ into dist/ with esbuild:
// - dist/cli.cjs, the whole CLI as one CommonJS file that bin/calendar.js compiles with a V8
//   code cache (bin/code-cache.js). One file means one cache, and no dynamic import() is left
//   in it: Node 20 throws on import() inside a vm.Script whose cache was accepted.
// - dist/jq.cjs, jq itself (WebAssembly), which --jq loads.
// - dist/sandbox.js, the sandbox as an ES module, for the benchmark scripts.
// - dist/index.js, the library (src/core/index.ts) as one ES module, its dependencies bundled, and
//   its declarations, dist/index.d.ts and dist/types/ (scripts/build-types.mjs).
// - man/calendar.1, the manual page, printed by the new bundle from its command tree.
// The bundle is written beside dist/ and swapped in, so a running CLI never sees half a build.
import { build } from 'esbuild';
import { isAscii } from 'node:buffer';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { readFile } from 'node:fs/promises';
import { lazyHttp2 } from './undici-pieces.mjs';
import { buildTypes } from './build-types.mjs';

// charset 'ascii' escapes strings and names but leaves regular-expression literals as written;
// in our sources a non-ASCII character means the same escaped, wherever it is (no String.raw here).
const asciiRegExps = {
  name: 'ascii-regexps',
  setup(build) {
    build.onLoad({ filter: /[\\/]src[\\/].*\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      const ascii = source.replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
      return { contents: ascii, loader: 'ts' };
    });
  },
};

// Built-ins that cost milliseconds to load and are needed by few runs (child_process: only for
// a profile's appPasswordCommand), behind functions that require them on first call. The bundle
// would otherwise require them when the module importing them loads, as most runs do.
const LAZY_BUILTINS = { 'node:child_process': ['exec', 'execSync', 'spawn', 'spawnSync'] };
const lazyBuiltins = {
  name: 'lazy-builtins',
  setup(build) {
    const names = Object.keys(LAZY_BUILTINS).map((name) => name.replace(/[/:]/g, '\\$&'));
    build.onResolve({ filter: new RegExp(`^(${names.join('|')})$`) }, (args) =>
      // The require() inside the stand-in is the real built-in.
      args.namespace === 'lazy-builtin' ? { path: args.path, external: true } : { path: args.path, namespace: 'lazy-builtin' },
    );
    build.onLoad({ filter: /.*/, namespace: 'lazy-builtin' }, (args) => ({
      contents: LAZY_BUILTINS[args.path]
        .map((name) => `export function ${name}(...args) { return require(${JSON.stringify(args.path)}).${name}(...args); }`)
        .join('\n'),
      loader: 'js',
    }));
  },
};

const root = new URL('..', import.meta.url);
const staging = new URL(`dist.build-${process.pid}`, root);
const retired = new URL(`dist.old-${process.pid}`, root);
const dist = new URL('dist', root);

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  minify: true,
  sourcemap: false,
  legalComments: 'none',
  logLevel: 'warning',
};

try {
  await build({
    ...common,
    entryPoints: { cli: 'src/cli/main.ts' },
    outdir: staging.pathname,
    outExtension: { '.js': '.cjs' },
    format: 'cjs',
    // Lowers import() to require(), external ones included.
    supported: { 'dynamic-import': false },
    // Node decodes a pure ASCII megabyte about three times faster than one holding any other character.
    charset: 'ascii',
    // Not referenced from the bundle: read only by the test of what a run loads.
    sourcemap: 'external',
    plugins: [lazyHttp2, asciiRegExps, lazyBuiltins],
  });
  // jq compiled to WebAssembly (jq-wasm), for --jq: a megabyte that only a run asking for it loads.
  await build({ ...common, entryPoints: { jq: 'jq-wasm' }, outdir: staging.pathname, outExtension: { '.js': '.cjs' }, format: 'cjs' });
  await build({
    ...common,
    entryPoints: { sandbox: 'src/sandbox/index.ts' },
    outdir: staging.pathname,
    format: 'esm',
    // Bundled CommonJS packages call require() for Node built-ins.
    banner: { js: "import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);" },
  });
  // The library: no terminal library in it (src/core imports none; test/e2e/library-package.test.ts checks).
  await build({
    ...common,
    entryPoints: { index: 'src/core/index.ts' },
    outdir: staging.pathname,
    format: 'esm',
    charset: 'ascii',
    // Read by people in their stack traces and error output: its lines kept (an uncaught error
    // prints its line) and its names (CalendarError, not a letter), the rest made compact.
    minify: false,
    minifySyntax: true,
    minifyIdentifiers: true,
    keepNames: true,
    plugins: [lazyHttp2, asciiRegExps, lazyBuiltins],
    // Bundled CommonJS packages (undici) and the lazy built-ins call require().
    banner: { js: "import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);" },
  });
  buildTypes(staging.pathname);
  // The ES module entry others import (`import { main } from 'events-calendar-cli/dist/cli.js'`, tools that
  // look for it); the launcher itself loads cli.cjs through its code cache.
  writeFileSync(new URL('cli.js', `${staging.href}/`), "import cli from './cli.cjs';\nexport const { main, buildProgram } = cli;\n");
  if (!isAscii(readFileSync(new URL('cli.cjs', `${staging.href}/`)))) {
    console.warn('warning: dist/cli.cjs is not ASCII, which makes decoding it at every start slower');
  }
  try {
    renameSync(dist, retired);
  } catch {
    // no previous build
  }
  renameSync(staging, dist);
} finally {
  rmSync(staging, { recursive: true, force: true });
  rmSync(retired, { recursive: true, force: true });
}

// Printed in this process by the bundle's main (no child, no code cache written by a build).
const { main } = createRequire(import.meta.url)(new URL('dist/cli.cjs', root).pathname);
let manPage = '';
const sink = { write: (text) => ((manPage += text), true), isTTY: false };
if ((await main(['__man'], { stdout: sink, stderr: process.stderr, stdin: process.stdin, env: {}, cwd: process.cwd() })) !== 0)
  throw new Error('the manual page could not be written');
mkdirSync(new URL('man', root), { recursive: true });
writeFileSync(new URL(`man/calendar.1.${process.pid}`, root), manPage);
renameSync(new URL(`man/calendar.1.${process.pid}`, root), new URL('man/calendar.1', root));
