// Bundles src/ into dist/ with esbuild:
// - dist/core.cjs and dist/core-light.cjs, the core (src/core, spec, wordpress, base, the sandbox)
//   with undici, zod, yaml and ical.js, as CommonJS: the code both faces run, shipped once, with
//   no terminal library. core-light.cjs holds the modules that need no package (see apart below).
// - dist/cli.cjs, the CLI (src/cli, src/mcp, commander, chalk, ora, cli-table3) as one CommonJS
//   file that requires the core's two files. bin/calendar.js compiles all three with a V8 code
//   cache (bin/code-cache.js), one cache per file; no dynamic import() is left in them: Node 20
//   throws on import() inside a vm.Script whose cache was accepted.
// - dist/index.js, the library's ES module entry: a few lines that re-export src/core/index.ts's
//   exports from core.cjs; and its declarations, dist/index.d.ts and dist/types/
//   (scripts/build-types.mjs). dist/test-sandbox.js likewise for src/core/sandbox.ts
//   (`events-calendar-cli/sandbox`), with dist/test-sandbox.d.ts.
// - dist/jq.cjs, jq itself (WebAssembly), which --jq loads.
// - dist/mcp-sdk.cjs, the MCP SDK with what it brings (its own zod, ajv), which only `calendar mcp`
//   loads: in cli.cjs it would be a quarter of a megabyte more for every run to read.
// - dist/sandbox.js, the sandbox as an ES module, for the benchmark scripts.
// - man/calendar.1, the manual page, printed by the new bundle from its command tree.
// The bundle is written beside dist/ and swapped in, so a running CLI never sees half a build.
import { build } from 'esbuild';
import { isAscii } from 'node:buffer';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { readFile } from 'node:fs/promises';
import { dirname, relative, resolve } from 'node:path';
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

// The pieces of @modelcontextprotocol/sdk that src/ imports. In cli.cjs each is a stand-in that
// requires dist/mcp-sdk.cjs when the module importing it loads (src/mcp, loaded by `calendar mcp` only).
const MCP_SDK_PIECES = ['server/index.js', 'server/stdio.js', 'types.js'];
const MCP_SDK_FILE = './mcp-sdk.cjs';
const mcpSdkApart = {
  name: 'mcp-sdk-apart',
  setup(build) {
    build.onResolve({ filter: /^@modelcontextprotocol\/sdk\// }, (args) => {
      const piece = args.path.slice('@modelcontextprotocol/sdk/'.length);
      if (!MCP_SDK_PIECES.includes(piece)) return { errors: [{ text: `${args.path}: add "${piece}" to MCP_SDK_PIECES in scripts/build.mjs` }] };
      return { path: piece, namespace: 'mcp-sdk' };
    });
    build.onResolve({ filter: /^\.\/mcp-sdk\.cjs$/, namespace: 'mcp-sdk' }, (args) => ({ path: args.path, external: true }));
    build.onLoad({ filter: /.*/, namespace: 'mcp-sdk' }, (args) => ({
      contents: `module.exports = require(${JSON.stringify(MCP_SDK_FILE)}).pieces[${JSON.stringify(args.path)}];`,
      loader: 'js',
    }));
  },
};
// The SDK's server checks with ajv only what a client answers to an elicitation (a server asking
// the person for input), which `calendar mcp` never asks for; ajv and its formats would be a third
// of dist/mcp-sdk.cjs and build their validator at every start. In the bundle, a stand-in that says so.
const noAjv = {
  name: 'no-ajv',
  setup(build) {
    build.onResolve({ filter: /[\\/]validation[\\/]ajv-provider\.js$/ }, (args) => ({ path: args.path, namespace: 'no-ajv' }));
    build.onLoad({ filter: /.*/, namespace: 'no-ajv' }, () => ({
      contents: `export class AjvJsonSchemaValidator {
        getValidator() { throw new Error('calendar mcp asks for no elicitation: no JSON Schema validator is bundled'); }
      }`,
      loader: 'js',
    }));
  },
};
// The layers both faces share (test/unit/layers.test.ts keeps src/cli and src/mcp above them),
// in two files: dist/core-light.cjs holds the modules that need no package (the resource table,
// errors, the server's rules: most of what `--help` runs), dist/core.cjs the rest (http, records,
// bulk, the sandbox) with undici, zod, yaml and ical.js. A help page then reads, checks and
// deserialises the code cache of the light file only. Where a module of one file is imported from
// outside it, the importer gets a stand-in that takes it from that file; each file exports exactly
// the modules taken from it, each behind a function, so that a module is evaluated when it is
// first reached, as in one bundle.
const SHARED_LAYERS = /^src\/(core|spec|wordpress|base|sandbox)\//;
const CORE_FILE = './core.cjs';
const LIGHT_FILE = './core-light.cjs';
const LIBRARY_ENTRY = 'src/core/index.ts';
// `events-calendar-cli/sandbox`: a sandbox for a program's own tests.
const SANDBOX_ENTRY = 'src/core/sandbox.ts';
const taken = { [CORE_FILE]: new Set([SANDBOX_ENTRY]), [LIGHT_FILE]: new Set() };

/**
 * The names src/core/index.ts exports at run time, each with the module it is taken from: the
 * file is only `export { … } from` lines (types aside), which this reads. `internal` marks the
 * lines written for the faces (`/** @internal *\/`), left out of the library's entry and types.
 */
function entryExports() {
  const path = new URL(LIBRARY_ENTRY, root).pathname;
  const text = readFileSync(path, 'utf8');
  if (/^export\s+(?!type\b|\{)/m.test(text) || /^export\s+\*\s+from/m.test(text)) {
    throw new Error(`${LIBRARY_ENTRY} holds only \`export { … } from\` lines (and types): the faces' stand-in reads them`);
  }
  return [...text.matchAll(/(\/\*\*\s*@internal\s*\*\/\s*)?export\s+(type\s+)?\{([^}]*)\}\s*from\s*'([^']+)'/g)].flatMap(
    ([, internal, onlyTypes, names, from]) => {
      if (onlyTypes) return [];
      const module = relative(root.pathname, resolve(dirname(path), from)).replace(/\.js$/, '.ts');
      return names
        .split(',')
        .map((name) => name.trim())
        .filter((name) => name && !name.startsWith('type '))
        .map((name) => {
          const [own, as = own] = name.split(/\s+as\s+/);
          return { name: as, own, module, internal: Boolean(internal) };
        });
    },
  );
}

/**
 * src/core/index.ts as the faces (src/cli, src/mcp) import it: an object whose every name takes
 * its module from core-light.cjs or core.cjs when first read, as the stand-ins below do for one
 * module each, so that a help page still loads only the light file.
 */
const coreEntry = (fileOf) => ({
  name: 'core-entry',
  setup(build) {
    build.onResolve({ filter: /^\.\.?\// }, (args) => {
      if (args.namespace !== 'file' || !args.importer.startsWith('/')) return undefined;
      const target = relative(root.pathname, resolve(dirname(args.importer), args.path)).replace(/\.js$/, '.ts');
      return target === LIBRARY_ENTRY ? { path: target, namespace: 'core-entry' } : undefined;
    });
    build.onResolve({ filter: /\.cjs$/, namespace: 'core-entry' }, (args) => ({ path: args.path, external: true }));
    build.onLoad({ filter: /.*/, namespace: 'core-entry' }, () => {
      const names = entryExports().map(({ name, own, module }) => {
        const file = fileOf(module);
        taken[file].add(module);
        return `  ${JSON.stringify(name)}: [${JSON.stringify(file)}, ${JSON.stringify(module)}, ${JSON.stringify(own)}],\n`;
      });
      return {
        contents:
          `const files = { ${[CORE_FILE, LIGHT_FILE].map((file) => `${JSON.stringify(file)}: () => require(${JSON.stringify(file)})`).join(', ')} };\n` +
          `const modules = {};\nconst names = {\n${names.join('')}};\n` +
          'for (const [name, [file, module, own]] of Object.entries(names))\n' +
          '  Object.defineProperty(exports, name, { enumerable: true, get: () => (modules[module] ??= files[file]().modules[module]())[own] });\n',
        loader: 'js',
      };
    });
  },
});

/** The stand-ins: `fileOf(target, importer)` names the file a module is taken from, if any. */
const apart = (fileOf) => ({
  name: 'apart',
  setup(build) {
    build.onResolve({ filter: /^\.\.?\// }, (args) => {
      if (args.namespace !== 'file' || !args.importer.startsWith('/')) return undefined;
      const target = relative(root.pathname, resolve(dirname(args.importer), args.path)).replace(/\.js$/, '.ts');
      const file = fileOf(target, relative(root.pathname, args.importer));
      if (file === undefined) return undefined;
      taken[file].add(target);
      return { path: target, namespace: 'apart', pluginData: file };
    });
    build.onResolve({ filter: /\.cjs$/, namespace: 'apart' }, (args) => ({ path: args.path, external: true }));
    build.onLoad({ filter: /.*/, namespace: 'apart' }, (args) => ({
      contents: `module.exports = require(${JSON.stringify(args.pluginData)}).modules[${JSON.stringify(args.path)}]();`,
      loader: 'js',
    }));
  },
});
const entryOf = (file) =>
  `exports.modules = {\n${[...taken[file]]
    .sort()
    .map((module) => `  ${JSON.stringify(module)}: () => require(${JSON.stringify(`./${module}`)}),\n`)
    .join('')}};\n`;

/**
 * The shared modules that import, dynamically or not, only other such modules, Node's built-ins
 * and JSON: no package, and nothing of the sandbox (which no help page needs).
 */
async function lightModules() {
  const modules = readdirSync(new URL('src', root), { recursive: true })
    .map((file) => `src/${file}`)
    .filter((file) => SHARED_LAYERS.test(file) && file.endsWith('.ts') && !file.endsWith('.d.ts'));
  const { metafile } = await build({
    ...common,
    stdin: { contents: modules.map((file) => `require(${JSON.stringify(`./${file}`)});\n`).join(''), resolveDir: root.pathname, loader: 'js' },
    format: 'cjs',
    write: false,
    metafile: true,
  });
  const light = new Map();
  const isLight = (input) => {
    if (input.endsWith('.json')) return true;
    if (!SHARED_LAYERS.test(input) || input.startsWith('src/sandbox/')) return false;
    if (!light.has(input)) {
      light.set(input, true); // the layers test forbids import loops; this only ends one
      light.set(
        input,
        metafile.inputs[input].imports.every((i) => i.external || isLight(i.path)),
      );
    }
    return light.get(input);
  };
  return new Set(Object.keys(metafile.inputs).filter((input) => SHARED_LAYERS.test(input) && isLight(input)));
}

// zod taken from its CommonJS build (the package ships both) for dist/core.cjs. As ES modules its
// functions sit at the bundle's top level, where V8 makes an entry for each when it compiles the
// top level, and the code cache keeps them all: 766 KB for a request's run. As CommonJS each of
// its modules is one function until it runs: 487 KB, and deserialising it 7.2 → 5.6 ms, with the
// top level 2.3 → 0.5 ms (events get from the environment, which runs no zod). The file is 147 KB
// larger (nothing of zod is left out unused) and 17 KB larger packed.
const zodAsCommonJS = {
  name: 'zod-commonjs',
  setup(build) {
    build.onResolve({ filter: /^zod(\/|$)/ }, async (args) => {
      if (args.pluginData === 'zod-commonjs') return undefined;
      // A file named whole (zod/v4/locales/en.js) has its CommonJS twin beside it.
      const path = args.path.replace(/\.js$/, '.cjs');
      const found = await build.resolve(path, { kind: 'require-call', resolveDir: args.resolveDir, pluginData: 'zod-commonjs' });
      return found.errors.length > 0 ? { errors: found.errors } : { path: found.path };
    });
  },
};
const mcpSdkEntry =
  MCP_SDK_PIECES.map((piece, i) => `import * as piece${i} from '@modelcontextprotocol/sdk/${piece}';\n`).join('') +
  `export const pieces = {${MCP_SDK_PIECES.map((piece, i) => `${JSON.stringify(piece)}: piece${i}`).join(', ')}};\n`;

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
// Node prints the line an uncaught error was thrown from: a minified line is kilobytes of code.
// For the code that throws ours (the core, the CLI); it costs about 10 KB of the packed 1.29 MB.
const ERROR_LINE_LIMIT = 300;

try {
  // The bundles that share nothing with the core's are built meanwhile: esbuild runs builds at once.
  const apartBundles = Promise.all([
    build({
      ...common,
      stdin: { contents: mcpSdkEntry, resolveDir: root.pathname, loader: 'js' },
      outfile: new URL(MCP_SDK_FILE, `${staging.href}/`).pathname,
      format: 'cjs',
      charset: 'ascii',
      plugins: [noAjv],
    }),
    // jq compiled to WebAssembly (jq-wasm), for --jq: a megabyte that only a run asking for it loads.
    build({ ...common, entryPoints: { jq: 'jq-wasm' }, outdir: staging.pathname, outExtension: { '.js': '.cjs' }, format: 'cjs' }),
    build({
      ...common,
      entryPoints: { sandbox: 'src/sandbox/index.ts' },
      outdir: staging.pathname,
      format: 'esm',
      // Bundled CommonJS packages call require() for Node built-ins.
      banner: { js: "import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);" },
    }),
  ]);
  // Awaited before the output is moved into place; a failure of the builds below is reported first.
  apartBundles.catch(() => {});
  const light = await lightModules();
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
    lineLimit: ERROR_LINE_LIMIT,
    // Not referenced from the bundle: read only by the test of what a run loads.
    sourcemap: 'external',
    plugins: [
      coreEntry((module) => (light.has(module) ? LIGHT_FILE : CORE_FILE)),
      apart((target, importer) => (SHARED_LAYERS.test(importer) || !SHARED_LAYERS.test(target) ? undefined : light.has(target) ? LIGHT_FILE : CORE_FILE)),
      asciiRegExps,
      lazyBuiltins,
      mcpSdkApart,
    ],
  });
  // The library's entry takes each of its names from the module that defines it, as the faces do.
  const library = entryExports().filter(({ internal }) => !internal);
  for (const { module } of library) taken[light.has(module) ? LIGHT_FILE : CORE_FILE].add(module);
  const shared = {
    ...common,
    format: 'cjs',
    supported: { 'dynamic-import': false },
    charset: 'ascii',
    lineLimit: ERROR_LINE_LIMIT,
    sourcemap: 'external',
  };
  await build({
    ...shared,
    stdin: { contents: entryOf(CORE_FILE), resolveDir: root.pathname, sourcefile: 'core-entry.cjs', loader: 'js' },
    outfile: new URL(CORE_FILE, `${staging.href}/`).pathname,
    plugins: [apart((target) => (light.has(target) ? LIGHT_FILE : undefined)), zodAsCommonJS, lazyHttp2, asciiRegExps, lazyBuiltins],
  });
  await build({
    ...shared,
    stdin: { contents: entryOf(LIGHT_FILE), resolveDir: root.pathname, sourcefile: 'core-light-entry.cjs', loader: 'js' },
    outfile: new URL(LIGHT_FILE, `${staging.href}/`).pathname,
    plugins: [asciiRegExps, lazyBuiltins],
  });
  await apartBundles;
  // The tests' global setup writes them itself once the bundles are there, while the tests run (test/build.global.ts).
  if (process.env.CALENDAR_BUILD_DECLARATIONS !== 'later') buildTypes(staging.pathname);
  // The ES module entry others import (`import { main } from 'events-calendar-cli/dist/cli.js'`, tools that
  // look for it); the launcher itself loads cli.cjs through its code cache.
  writeFileSync(new URL('cli.js', `${staging.href}/`), "import cli from './cli.cjs';\nexport const { main, buildProgram } = cli;\n");
  // The library (`import { Calendar } from 'events-calendar-cli'`): an ES module that takes the core
  // with require(). `import core from './core.cjs'` would work too, but Node then scans the whole
  // CommonJS file for the names it exports (cjs-module-lexer): importing the library took about
  // 200 ms of CPU instead of 60. The names are those of the entry, read here from the built core.
  const builtCore = createRequire(import.meta.url)(new URL(CORE_FILE, `${staging.href}/`).pathname);
  const libraryModules = [...new Set(library.map(({ module }) => module))].sort();
  writeFileSync(
    new URL('index.js', `${staging.href}/`),
    "// The library: its code is in core.cjs and core-light.cjs, shared with the CLI.\nimport { createRequire } from 'node:module';\n" +
      'const require = createRequire(import.meta.url);\n' +
      libraryModules
        .map((module) => {
          const names = library.filter((name) => name.module === module).map(({ name, own }) => (name === own ? name : `${own}: ${name}`));
          const file = light.has(module) ? LIGHT_FILE : CORE_FILE;
          return `export const { ${names.sort().join(', ')} } = require('${file}').modules[${JSON.stringify(module)}]();\n`;
        })
        .join(''),
  );
  writeFileSync(
    new URL('test-sandbox.js', `${staging.href}/`),
    "// The sandbox for a program's tests (events-calendar-cli/sandbox): its code is in core.cjs, shared with the CLI.\n" +
      `import { createRequire } from 'node:module';\nconst core = createRequire(import.meta.url)('${CORE_FILE}');\n` +
      `export const { ${Object.keys(builtCore.modules[SANDBOX_ENTRY]()).sort().join(', ')} } = core.modules[${JSON.stringify(SANDBOX_ENTRY)}]();\n`,
  );
  for (const file of ['cli.cjs', CORE_FILE, LIGHT_FILE]) {
    if (!isAscii(readFileSync(new URL(file, `${staging.href}/`)))) {
      console.warn(`warning: dist/${file.replace('./', '')} is not ASCII, which makes decoding it at every start slower`);
    }
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
