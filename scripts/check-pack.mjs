// Packs the package as npm publishes it and installs it as a person would, into a temporary
// global prefix: then `calendar --version`, a command on the built-in sandbox (and with --jq), the manual page,
// and `npx` on the tarball. Prints the tarball's size and what the install added; fails (exit 1)
// on a source map in the tarball, a dependency to install, or a command that does not work.
// Run after a build (npm run check-pack builds first); .ci/run runs it after the tests.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const pkg = JSON.parse(execFileSync(process.execPath, ['-p', 'JSON.stringify(require("./package.json"))'], { cwd: root, encoding: 'utf8' }));
const work = mkdtempSync(join(tmpdir(), 'calendar-pack-'));
const problems = [];
const check = (ok, problem) => ok || problems.push(problem);

/** Bytes of a folder, files and links as they are on disk. */
function sizeOf(path) {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.size;
  return readdirSync(path).reduce((sum, name) => sum + sizeOf(join(path, name)), 0);
}

/** The package folders under a node_modules, scoped ones included. */
function packagesUnder(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    if (name.startsWith('.')) return [];
    if (name.startsWith('@')) return readdirSync(join(dir, name)).map((n) => join(dir, name, n));
    return [join(dir, name), ...packagesUnder(join(dir, name, 'node_modules'))];
  });
}

const npm = (args, options = {}) => execFileSync('npm', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], ...options });

try {
  // The build is the one just made (prepack would make it again).
  const [packed] = JSON.parse(npm(['pack', '--json', '--ignore-scripts', '--pack-destination', work]));
  const tarball = join(work, packed.filename);
  const files = packed.files.map((f) => f.path);
  check(!files.some((f) => f.endsWith('.map')), `a source map is packed: ${files.filter((f) => f.endsWith('.map')).join(', ')}`);
  const needs = [
    'bin/calendar.js',
    'bin/code-cache.js',
    'dist/cli.cjs',
    'dist/core.cjs',
    'dist/core-light.cjs',
    'dist/jq.cjs',
    'dist/mcp-sdk.cjs',
    'man/calendar.1',
    'completions/calendar.bash',
  ];
  for (const needed of needs) check(files.includes(needed), `${needed} is not packed`);
  check(Object.keys(pkg.dependencies ?? {}).length === 0, `dependencies to install: ${Object.keys(pkg.dependencies ?? {}).join(', ')} (the bundle holds them)`);

  const prefix = join(work, 'prefix');
  const home = join(work, 'home');
  const env = {
    ...process.env,
    npm_config_update_notifier: 'false',
    HOME: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_DATA_HOME: join(home, '.local/share'),
    XDG_CACHE_HOME: join(home, '.cache'),
    NO_COLOR: '1',
  };
  for (const key of Object.keys(env)) if (key.startsWith('CALENDAR_')) delete env[key];
  npm(['install', '-g', '--prefix', prefix, '--no-audit', '--no-fund', '--offline', tarball], { env });
  const installed = join(prefix, 'lib/node_modules', pkg.name);
  const packages = 1 + packagesUnder(join(installed, 'node_modules')).length;
  // Before any run: the first writes a code cache beside the bundle.
  const installedBytes = sizeOf(installed);
  const calendar = join(prefix, 'bin/calendar');
  const run = (args) => execFileSync(calendar, args, { cwd: work, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

  const version = run(['--version']);
  check(version === `calendar ${pkg.version} (${pkg.name}, node ${process.version})\n`, `calendar --version printed ${JSON.stringify(version)}`);
  const ids = run(['events', 'list', '--format', 'ids', '--per-page', '2']).trim().split('\n');
  check(ids.length === 2 && ids.every((id) => /^\d+$/.test(id)), `events list on the built-in sandbox printed ${JSON.stringify(ids)}`);
  const titles = run(['events', 'list', '--per-page', '2', '--jq', '.[].title']).trim().split('\n');
  check(titles.length === 2 && titles.every((t) => t !== '' && !t.startsWith('"')), `--jq on the installed package printed ${JSON.stringify(titles)}`);
  // Each bundle went through the code cache (the launcher writes one beside each after a run).
  for (const bundle of ['cli.cjs', 'core-light.cjs', 'core.cjs']) {
    check(existsSync(join(installed, 'dist', `${bundle}.v8-cache`)), `no code cache was written for dist/${bundle}`);
  }
  check(existsSync(join(prefix, 'share/man/man1/calendar.1')), 'the manual page is not installed in share/man/man1');
  // As `npx events-calendar-cli --version` runs the registry's copy: the package's only bin.
  const npx = execFileSync('npx', ['--yes', '--offline', `file:${tarball}`, '--version'], {
    cwd: work,
    env: { ...env, npm_config_cache: join(work, 'npm-cache') },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  check(npx === version, `npx on the tarball printed ${JSON.stringify(npx)}`);

  const mb = (bytes) => `${(bytes / 1e6).toFixed(2)} MB`;
  process.stdout.write(
    `tarball ${packed.filename}: ${mb(packed.size)} packed, ${mb(packed.unpackedSize)} unpacked, ${files.length} files\n` +
      `global install: ${packages} package${packages === 1 ? '' : 's'}, ${mb(installedBytes)}\n`,
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
if (problems.length) {
  for (const problem of problems) process.stderr.write(`check-pack: ${problem}\n`);
  process.exit(1);
}
process.stdout.write('check-pack: ok\n');
