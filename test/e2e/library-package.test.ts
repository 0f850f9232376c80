/**
 * The library as a user gets it: the package packed (`npm pack`, on the build just made),
 * installed into a scratch project offline (it has no dependency to fetch), imported by an ES
 * module program that lists and creates on a sandbox, and a TypeScript file type-checked with
 * `tsc --strict` against the installed declarations alone (no @types/node), a misspelt field among
 * its expected errors.
 * Also: what the library bundle is made of holds no terminal library and nothing of the CLI; and
 * what npm publishes (the same pack's list of files): what runs, with nothing for a global install
 * to fetch. scripts/check-pack.mjs (run by .ci/run) installs the tarball into a temporary prefix
 * and runs it.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, normalize } from 'node:path';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import pkg from '../../package.json' with { type: 'json' };
import { PASSWORD, ROOT, startTestSandbox, USER, type Sandbox } from './helpers.js';
import { declarationsWritten } from '../build.global.js';

const run = promisify(execFile);
const TERMINAL_LIBRARIES = ['chalk', 'ora', 'cli-table3', 'commander'];

let work: string;
let project: string;
let sandbox: Sandbox;
/** What npm packed: its name, size and files, as `npm pack --json` says them. */
let packed: { name: string; size: number; files: Array<{ path: string }> };

beforeAll(async () => {
  await declarationsWritten();
  work = mkdtempSync(join(tmpdir(), 'calendar-library-'));
  project = join(work, 'project');
  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'scratch', private: true, type: 'module' }));
  const env = { ...process.env, npm_config_update_notifier: 'false', npm_config_cache: join(work, 'npm-cache') };
  const [pack, started] = await Promise.all([
    run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', work], { cwd: ROOT, env }),
    startTestSandbox(),
  ]);
  sandbox = started;
  const [{ filename, ...contents }] = JSON.parse(pack.stdout) as Array<{ filename: string } & typeof packed>;
  packed = contents;
  await run('npm', ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts', join(work, filename)], { cwd: project, env });
}, 120_000);

afterAll(async () => {
  await sandbox?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('the packed library', () => {
  test('an ES module program imports { Calendar }, lists and creates on a sandbox; CalendarError carries exitCode', async () => {
    writeFileSync(
      join(project, 'program.mjs'),
      `import { ApiError, Calendar, CalendarError, NameTakenError, NotFoundError, UsageError } from 'events-calendar-cli';
const cal = new Calendar({ baseUrl: process.argv[2], username: process.argv[3], appPassword: process.argv[4] });
try {
  const tag = await cal.tags.create({ name: 'Packed Tag' });
  const tags = await cal.tags.list({ search: 'Packed', hide_empty: false });
  let refused;
  try {
    await cal.events.get('no such slug');
  } catch (err) {
    refused = { isCalendarError: err instanceof CalendarError, exitCode: err.exitCode, name: err.name, code: err.code };
  }
  // Class names survive the bundle: what a logger prints.
  const missing = await cal.tags.get(987654).catch((err) => err);
  const names = [CalendarError, ApiError, NotFoundError, NameTakenError, UsageError].map((c) => c.name);
  const notFound = { name: missing.name, constructor: missing.constructor.name, text: String(missing), status: missing.status };
  console.log(JSON.stringify({ created: tag.name, listed: tags.map((t) => t.name), refused, names, notFound }));
} finally {
  await cal.close();
}
`,
    );
    const { stdout } = await run(process.execPath, ['program.mjs', sandbox.restRoot, USER, PASSWORD], { cwd: project });
    expect(JSON.parse(stdout)).toEqual({
      created: 'Packed Tag',
      listed: ['Packed Tag'],
      refused: { isCalendarError: true, exitCode: 2, name: 'UsageError', code: 'not_a_ref' },
      names: ['CalendarError', 'ApiError', 'NotFoundError', 'NameTakenError', 'UsageError'],
      notFound: { name: 'NotFoundError', constructor: 'NotFoundError', text: 'NotFoundError: tag 987654 not found', status: 400 },
    });
    // CommonJS too: Node 20.19 and later require() an ES module without top-level await.
    const required = await run(process.execPath, ['-e', "console.log(typeof require('events-calendar-cli').Calendar)"], { cwd: project });
    expect(required.stdout).toBe('function\n');
  });

  test("startSandbox from the package's sandbox subpath: seeded records, faults, and a Calendar on it", async () => {
    writeFileSync(
      join(project, 'sandboxed.mjs'),
      `import { Calendar } from 'events-calendar-cli';
import { startSandbox } from 'events-calendar-cli/sandbox';
const sandbox = await startSandbox({
  seed: {
    venues: [{ venue: 'Packed Hall' }],
    events: [{ title: 'Packed Night', start_date: '2027-03-01 20:00', end_date: '2027-03-01 22:00', venue: 'Packed Hall' }],
  },
  faults: '429=0.3',
  faultsSeed: 3,
});
const cal = new Calendar(sandbox.site);
try {
  const events = await cal.events.list({ start_date: '2027-01-01' });
  const noSite = await new Calendar({ env: {} }).tags.list().catch((err) => err.message.slice(0, 18));
  const badFaults = await startSandbox({ faults: 'nope=1' }).catch((err) => err.name);
  console.log(JSON.stringify({ events: events.map((e) => [e.title, e.venue.venue]), faulted: sandbox.stats.faults['429'] > 0, noSite, badFaults }));
} finally {
  await cal.close();
  await sandbox.close();
}
`,
    );
    const { stdout } = await run(process.execPath, ['sandboxed.mjs'], { cwd: project });
    expect(JSON.parse(stdout)).toEqual({ events: [['Packed Night', 'Packed Hall']], faulted: true, noSite: 'no site is named: ', badFaults: 'UsageError' });
  });

  test('an uncaught error prints its class, its message and short lines, not kilobytes of minified code', async () => {
    writeFileSync(
      join(project, 'uncaught.mjs'),
      "import { Calendar } from 'events-calendar-cli';\nawait new Calendar({ baseUrl: 'http://127.0.0.1:9/wp-json', retries: 0 }).events.get(1);\n",
    );
    const failed = await run(process.execPath, ['uncaught.mjs'], { cwd: project }).then(
      () => undefined,
      (err: { code: number; stderr: string }) => err,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stderr).toMatch(/^CalendarError: cannot connect to http:\/\/127\.0\.0\.1:9: connection refused$/m);
    expect(Math.max(...(failed?.stderr ?? '').split('\n').map((line) => line.length))).toBeLessThanOrEqual(400);
  });

  test('tsc --strict type-checks a program against the declarations; a misspelt field, filter or series option is an error', async () => {
    writeFileSync(
      join(project, 'check.ts'),
      `import { Calendar, CalendarError, type EventRecord, type VenueFields } from 'events-calendar-cli';
import { startSandbox, type RunningSandbox } from 'events-calendar-cli/sandbox';
const said: string[] = [];
const cal = new Calendar({ profile: 'prod', onMessage: (m) => said.push(\`\${m.level}: \${m.text}\`) });
export async function main(): Promise<number> {
  const events: EventRecord[] = await cal.events.list({ starts_after: '2027-01-01', venue: 'Blue Note', limit: 5 });
  const venue: VenueFields = { venue: 'Blue Note', city: 'Paris' };
  await cal.venues.create({ venue: 'Blue Note' });
  await cal.events.update(events[0].id, { title: 'New title' }, { keepDuration: false });
  // @ts-expect-error a misspelt field
  await cal.events.create({ title: 'x', start_date: '2027-01-01 10:00', end_date: '2027-01-01 11:00', titel: 'y' });
  // @ts-expect-error a required field left out
  await cal.events.create({ title: 'x', start_date: '2027-01-01 10:00' });
  // @ts-expect-error a misspelt filter
  await cal.events.list({ start_after: '2027-01-01' });
  // @ts-expect-error a venue has no title
  await cal.venues.update(1, { title: 'x' });
  await cal.events.update(1, {}, { links: { tags: { add: ['jazz'], remove: [12] } } });
  // @ts-expect-error venues have no list link
  await cal.venues.update(1, {}, { links: { tags: { add: ['jazz'] } } });
  await cal.events.list({ on: '2027-06-01' });
  const series: EventRecord[] = await cal.events.create(
    { title: 'x', start_date: '2027-01-05 10:00', end_date: '2027-01-05 11:00' },
    { repeat: 'FREQ=WEEKLY;COUNT=4', except: ['2027-01-12'] },
  );
  await cal.events.update(series[1].id, { title: 'y' }, { scope: 'following' });
  // @ts-expect-error a misspelt series option
  await cal.events.delete(series[0].id, { scope: 'series', dry_run: true });
  // @ts-expect-error venues have no dates to be on
  await cal.venues.list({ on: '2027-06-01' });
  const title: string = events[0].title;
  const venueName: string | undefined = Array.isArray(events[0].venue) ? undefined : events[0].venue.venue;
  // @ts-expect-error a misspelt field of a record read
  void events[0].titel;
  // @ts-expect-error a misspelt field in an import row
  await cal.import('events', [{ titel: 'y' }]);
  // @ts-expect-error concurrency is a number
  await cal.import('tags', [{ name: 'x' }], { concurrency: 'lots' });
  // @ts-expect-error a misspelt resource in the site document
  await cal.site.apply({ evnts: {} }, { digest: 'x' });
  said.push(title, venueName ?? '');
  const sandbox: RunningSandbox = await startSandbox({ seed: { tags: [{ name: 'jazz' }] }, faults: '429=0.1' });
  // @ts-expect-error a misspelt field in the seed
  await startSandbox({ seed: { tags: [{ nmae: 'jazz' }] } });
  await new Calendar(sandbox.site).tags.list({}, { signal: AbortSignal.timeout(1000), deadline: 5 });
  try {
    await cal.tags.delete('jazz');
  } catch (err) {
    if (err instanceof CalendarError) return err.exitCode;
  }
  return venue.city === undefined || said.length > 0 ? 1 : 0;
}
`,
    );
    // Nothing but the package: no @types/node (the declarations need none), strict, as a user's project would set it.
    // TypeScript's own lib files go unchecked (half the time of the run); the package's declarations are checked whole.
    const settings = { strict: true, noEmit: true, module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', types: [], skipDefaultLibCheck: true };
    writeFileSync(join(project, 'tsconfig.json'), JSON.stringify({ compilerOptions: settings, files: ['check.ts'] }));
    const tsc = createRequire(join(ROOT, 'package.json')).resolve('typescript/bin/tsc');
    const result = await run(process.execPath, [tsc, '-p', '.'], { cwd: project }).then(
      (r) => ({ code: 0, out: r.stdout }),
      (err: { code: number; stdout: string }) => ({ code: err.code, out: err.stdout }),
    );
    expect(result.out).toBe('');
    expect(result.code).toBe(0);
  });
});

describe('the library bundle', () => {
  test('is made of no terminal library and nothing of the CLI', async () => {
    const { metafile } = await build({
      entryPoints: [join(ROOT, 'src/core/index.ts')],
      bundle: true,
      platform: 'node',
      format: 'esm',
      write: false,
      metafile: true,
      logLevel: 'silent',
      absWorkingDir: ROOT,
    });
    const inputs = Object.keys(metafile.inputs);
    const packages = new Set(inputs.flatMap((path) => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path)?.[1] ?? []));
    expect(TERMINAL_LIBRARIES.filter((name) => packages.has(name))).toEqual([]);
    expect(inputs.filter((path) => path.startsWith('src/cli/'))).toEqual([]);
    // What it is made of: the core, the sandbox it can start, and the libraries they use.
    expect(inputs).toContain('src/core/calendar.ts');
    expect(packages.has('undici')).toBe(true);
  });

  test('as built: the library entry loads the two files of the core alone, which hold no terminal library and nothing of the CLI', () => {
    // dist/index.js re-exports from the core the CLI shares (scripts/build.mjs); the only files it loads are its two.
    const entry = readFileSync(join(ROOT, 'dist/index.js'), 'utf8');
    expect([...entry.matchAll(/\bfrom\s+'([^']+)'/g)].map((m) => m[1])).toEqual(['node:module']);
    expect([...new Set([...entry.matchAll(/\brequire\('([^']+)'\)/g)].map((m) => m[1]))].sort()).toEqual(['./core-light.cjs', './core.cjs']);
    // and it offers the library's names only, not those the faces take (marked @internal in src/core/index.ts)
    expect([...entry.matchAll(/export const \{ ([^}]+) \}/g)].flatMap((m) => m[1].split(', ')).sort()).toEqual([
      'AbortError',
      'ApiError',
      'Calendar',
      'CalendarError',
      'EXIT',
      'NameTakenError',
      'NotFoundError',
      'UsageError',
    ]);
    const sources = ['core.cjs', 'core-light.cjs'].flatMap(
      (file) => (JSON.parse(readFileSync(join(ROOT, 'dist', `${file}.map`), 'utf8')) as { sources: string[] }).sources,
    );
    const packages = new Set(sources.flatMap((path) => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path)?.[1] ?? []));
    expect(TERMINAL_LIBRARIES.filter((name) => packages.has(name))).toEqual([]);
    expect(sources.filter((path) => /(^|\/)src\/(cli|mcp)\//.test(path))).toEqual([]);
    expect(sources.some((path) => path.endsWith('src/core/calendar.ts'))).toBe(true);
  });
});

describe('the published package', () => {
  test('holds the launcher, the bundles (core, CLI, library entry), declarations, completions, manual page, no source map, no dependency', async () => {
    const all = packed.files.map((f) => f.path).sort();
    // The library's declarations: those its entry reaches (scripts/build-types.mjs), and no other file under dist/types.
    const declarations = all.filter((path) => path.startsWith('dist/types/'));
    expect(declarations).toContain('dist/types/core/index.d.ts');
    expect(declarations.filter((path) => !path.endsWith('.d.ts'))).toEqual([]);
    const files = all.filter((path) => !path.startsWith('dist/types/') && !path.startsWith('docs/'));
    expect(packed.name).toBe('events-calendar-cli');
    expect(files).toEqual([
      'CONTRIBUTING.md',
      'README.md',
      'bin/calendar.js',
      'bin/code-cache.js',
      'bin/package.json',
      'bin/v8-tiers.js',
      'completions/_calendar',
      'completions/calendar.bash',
      'completions/calendar.fish',
      'dist/cli.cjs',
      'dist/cli.js',
      'dist/core-light.cjs',
      'dist/core.cjs',
      'dist/index.d.ts',
      'dist/index.js',
      'dist/jq.cjs',
      'dist/mcp-sdk.cjs',
      'dist/test-sandbox.d.ts',
      'dist/test-sandbox.js',
      'man/calendar.1',
      'package.json',
    ]);
    // The library carries the batch calls (import with its iCalendar reader, site files with YAML): 1.53 MB packed at their arrival.
    // With the MCP SDK (dist/mcp-sdk.cjs, 41 KB packed) and the library's later changes: 1.70 MB.
    // The core shipped once (dist/core.cjs and dist/core-light.cjs, shared by the CLI and the library): 1.19 MB.
    // The docs the README links to ship beside it (docs/*.md, about 75 KB packed): 1.25 MB.
    // The write planner and executor, typed reads, the SDK's own retries and hooks, the MCP face's pages: 1.30 MB.
    expect(packed.size).toBeLessThan(1_340_000);
    expect((pkg as { dependencies?: object }).dependencies).toBeUndefined();
    expect(pkg.scripts.prepack).toBe('npm run build');
  });

  test('every relative link of the packed README and docs leads to a packed file, so they work from the tarball', async () => {
    const shipped = new Set(packed.files.map((f) => f.path));
    const pages = [...shipped].filter((path) => path.endsWith('.md'));
    expect(pages).toEqual(expect.arrayContaining(['README.md', 'docs/usage.md']));
    const broken: string[] = [];
    for (const page of pages) {
      const text = readFileSync(join(ROOT, page), 'utf8');
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/i.test(target) || target.startsWith('#')) continue;
        const file = normalize(join(dirname(page), target.replace(/#.*$/, '')));
        if (!shipped.has(file)) broken.push(`${page}: ${target}`);
      }
    }
    expect(broken).toEqual([]);
  });
});
