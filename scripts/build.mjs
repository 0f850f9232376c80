// Bundles src/ into dist/ with esbuild. Code splitting keeps each command's heavy
// modules (undici, zod, cli-table3, ora, cosmiconfig) in chunks loaded only when used.
// The bundle is written beside dist/ and swapped in, so a running CLI never sees half a build.
import { build } from 'esbuild';
import { renameSync, rmSync } from 'node:fs';

const root = new URL('..', import.meta.url);
const staging = new URL(`dist.build-${process.pid}`, root);
const retired = new URL(`dist.old-${process.pid}`, root);
const dist = new URL('dist', root);

try {
  await build({
    entryPoints: { cli: 'src/cli.ts', sandbox: 'src/sandbox/index.ts' },
    outdir: staging.pathname,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    minify: true,
    sourcemap: false,
    legalComments: 'none',
    chunkNames: 'chunks/[name]-[hash]',
    // Bundled CommonJS packages call require() for Node built-ins.
    banner: { js: "import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);" },
    // cosmiconfig reaches for the TypeScript compiler only to read a calendar.config.ts;
    // bundling it would ship megabytes nobody loads.
    external: ['typescript'],
    logLevel: 'warning',
  });
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
