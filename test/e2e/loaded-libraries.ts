/**
 * Which libraries a run of the CLI actually executed. The CLI is one bundle compiled from a
 * code cache, so no module hook sees its libraries load; instead the run records V8 coverage
 * (NODE_V8_COVERAGE) and every function it called is traced back to its source file through
 * the bundles' source maps (dist/cli.cjs.map, and those of the core the CLI requires,
 * dist/core-light.cjs.map and dist/core.cjs.map: written by the build, never loaded at run time).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, runCli, type RunOptions, type RunResult } from './helpers.js';

const BUNDLES = ['cli.cjs', 'core-light.cjs', 'core.cjs'].map((file) => join(ROOT, 'dist', file));
// bin/code-cache.js compiles the bundle inside a function wrapper; coverage offsets count it.
const WRAPPER_PREFIX = '(function (exports, require, module, __filename, __dirname) {'.length;

interface FunctionCoverage {
  ranges: Array<{ startOffset: number; count: number }>;
}

/**
 * Where each line of a bundle starts, and its source map: read once for all the runs of a test
 * worker (core.cjs's map is 6 MB), as dist/ is built before the tests and not during them.
 */
const bundleMaps = new Map<string, { lineStarts: number[]; map: SourceMap }>();
function bundleMap(bundle: string): { lineStarts: number[]; map: SourceMap } {
  let known = bundleMaps.get(bundle);
  if (!known) {
    const source = readFileSync(bundle, 'utf8');
    const lineStarts = [0];
    for (let i = source.indexOf('\n'); i >= 0; i = source.indexOf('\n', i + 1)) lineStarts.push(i + 1);
    known = { lineStarts, map: new SourceMap(JSON.parse(readFileSync(`${bundle}.map`, 'utf8'))) };
    bundleMaps.set(bundle, known);
  }
  return known;
}

/**
 * Runs the CLI and returns it with the node_modules packages whose code ran, and every source
 * file that did (`node_modules/undici/index.js`, `src/core/bulk/input.ts`); both undefined when the
 * bundle was not loaded.
 */
export async function librariesRun(args: string[], options: RunOptions = {}): Promise<RunResult & { libraries?: string[]; sources?: string[] }> {
  const coverageDir = mkdtempSync(join(tmpdir(), 'calendar-coverage-'));
  try {
    const result = await runCli(args, { ...options, spawn: true, env: { ...options.env, NODE_V8_COVERAGE: coverageDir } });
    const scripts: Array<{ url: string; functions: FunctionCoverage[] }> = readdirSync(coverageDir).flatMap(
      (file) => JSON.parse(readFileSync(join(coverageDir, file), 'utf8')).result,
    );
    const libraries = new Set<string>();
    const sources = new Set<string>();
    let loaded = false;
    for (const bundle of BUNDLES) {
      const url = pathToFileURL(bundle).href;
      const functions = scripts.filter((s) => s.url === url).flatMap((s) => s.functions);
      if (functions.length === 0) continue;
      loaded = true;
      const { lineStarts, map } = bundleMap(bundle);
      for (const fn of functions) {
        const { startOffset, count } = fn.ranges[0];
        if (count === 0) continue;
        const offset = startOffset - WRAPPER_PREFIX;
        let line = lineStarts.length - 1;
        while (lineStarts[line] > offset) line--;
        const entry = map.findEntry(line, offset - lineStarts[line]) as { originalSource?: string };
        const library = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(entry.originalSource ?? '')?.[1];
        if (library) libraries.add(library);
        const source = /(?:node_modules|src)\/.*$/.exec(entry.originalSource ?? '')?.[0];
        if (source) sources.add(source);
      }
    }
    if (!loaded) return result;
    return { ...result, libraries: [...libraries].sort(), sources: [...sources].sort() };
  } finally {
    rmSync(coverageDir, { recursive: true, force: true });
  }
}
