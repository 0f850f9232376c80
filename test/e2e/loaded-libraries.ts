/**
 * Which libraries a run of the CLI actually executed. The CLI is one bundle compiled from a
 * code cache, so no module hook sees its libraries load; instead the run records V8 coverage
 * (NODE_V8_COVERAGE) and every function it called is traced back to its source file through
 * the bundle's source map (dist/cli.cjs.map, written by the build and never loaded at run time).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, runCli, type RunOptions, type RunResult } from './helpers.js';

const BUNDLE = join(ROOT, 'dist/cli.cjs');
// bin/code-cache.js compiles the bundle inside a function wrapper; coverage offsets count it.
const WRAPPER_PREFIX = '(function (exports, require, module, __filename, __dirname) {'.length;

interface FunctionCoverage {
  ranges: Array<{ startOffset: number; count: number }>;
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
    const url = pathToFileURL(BUNDLE).href;
    const functions: FunctionCoverage[] = readdirSync(coverageDir).flatMap((file) => {
      const { result: scripts } = JSON.parse(readFileSync(join(coverageDir, file), 'utf8'));
      return scripts.filter((s: { url: string }) => s.url === url).flatMap((s: { functions: FunctionCoverage[] }) => s.functions);
    });
    if (functions.length === 0) return result;
    const source = readFileSync(BUNDLE, 'utf8');
    const lineStarts = [0];
    for (let i = source.indexOf('\n'); i >= 0; i = source.indexOf('\n', i + 1)) lineStarts.push(i + 1);
    const map = new SourceMap(JSON.parse(readFileSync(`${BUNDLE}.map`, 'utf8')));
    const libraries = new Set<string>();
    const sources = new Set<string>();
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
    return { ...result, libraries: [...libraries].sort(), sources: [...sources].sort() };
  } finally {
    rmSync(coverageDir, { recursive: true, force: true });
  }
}
