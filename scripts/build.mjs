// Bundles src/ into dist/ with esbuild:
// - dist/cli.cjs, the whole CLI as one CommonJS file that bin/calendar.js compiles with a V8
//   code cache (bin/code-cache.js). One file means one cache, and no dynamic import() is left
//   in it: Node 20 throws on import() inside a vm.Script whose cache was accepted.
// - dist/sandbox.js, the sandbox as an ES module, for the benchmark scripts.
// The bundle is written beside dist/ and swapped in, so a running CLI never sees half a build.
import { build } from 'esbuild';
import { isAscii } from 'node:buffer';
import { readFileSync, renameSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { lazyHttp2 } from './undici-pieces.mjs';

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
  // cosmiconfig reaches for the TypeScript compiler only to read a calendar.config.ts;
  // bundling it would ship megabytes nobody loads.
  external: ['typescript'],
  logLevel: 'warning',
};

try {
  await build({
    ...common,
    entryPoints: { cli: 'src/cli.ts' },
    outdir: staging.pathname,
    outExtension: { '.js': '.cjs' },
    format: 'cjs',
    // Lowers import() to require(), external ones included.
    supported: { 'dynamic-import': false },
    // An ASCII bundle is decoded as latin1 by the launcher, several times faster than UTF-8.
    charset: 'ascii',
    // Not referenced from the bundle: read only by the test of what a run loads.
    sourcemap: 'external',
    plugins: [lazyHttp2, asciiRegExps],
  });
  await build({
    ...common,
    entryPoints: { sandbox: 'src/sandbox/index.ts' },
    outdir: staging.pathname,
    format: 'esm',
    // Bundled CommonJS packages call require() for Node built-ins.
    banner: { js: "import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);" },
  });
  if (!isAscii(readFileSync(new URL('cli.cjs', `${staging.href}/`)))) {
    console.warn('warning: dist/cli.cjs is not ASCII, so the launcher decodes it as UTF-8, which is slower');
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
