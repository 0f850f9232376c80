import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';

const CODE_CACHE = new URL('../../bin/code-cache.js', import.meta.url).pathname;
const { cacheFiles, checksum } = createRequire(import.meta.url)(CODE_CACHE) as {
  cacheFiles(bundle: string, env: object): string[];
  checksum(data: Buffer): string;
};

interface Loaded {
  answer: number;
  status: string;
  saved: string;
}

/**
 * Loads the bundle in a fresh process, as the launcher does, and saves its cache: within one
 * process V8 reuses what it compiled before and never looks at the cache again.
 */
function loadBundle(bundle: string, env: Record<string, string>, wideRun = false, preamble = ''): Loaded {
  const script = `${preamble}const loaded = require(${JSON.stringify(CODE_CACHE)})
    .loadBundle(${JSON.stringify(bundle)}, ${JSON.stringify(env)}, () => process.argv[1] === 'wide');
    process.stdout.write(JSON.stringify({ answer: loaded.exports.answer(), status: loaded.status, saved: loaded.save() }));`;
  // The script is the same for every run (it is part of the cache key, in process.execArgv).
  return JSON.parse(execFileSync(process.execPath, ['-e', script, wideRun ? 'wide' : 'narrow'], { encoding: 'utf8' }));
}

const dirs: string[] = [];
afterEach(() =>
  dirs.splice(0).forEach((d) => {
    chmodSync(d, 0o755);
    rmSync(d, { recursive: true, force: true });
  }),
);

/** A bundle in its own directory, and a user cache directory, both temporary. */
function fixture(body = 'exports.answer = () => 41 + 1;') {
  const dir = mkdtempSync(join(tmpdir(), 'calendar-cache-'));
  dirs.push(dir);
  const dist = join(dir, 'dist');
  mkdirSync(dist);
  const bundle = join(dist, 'cli.cjs');
  writeFileSync(bundle, body);
  const env = { HOME: dir, XDG_CACHE_HOME: join(dir, 'cache') };
  const [besideBundle, inUserDir] = cacheFiles(bundle, env);
  return { dir, dist, bundle, env, besideBundle, inUserDir };
}

const answer = (loaded: Loaded) => loaded.answer;

describe('code cache of the bundle', () => {
  test('the first run writes a cache beside the bundle; the next accepts it', () => {
    const { bundle, env, besideBundle } = fixture();
    const first = loadBundle(bundle, env);
    expect(answer(first)).toBe(42);
    expect(first.status).toBe('none');
    expect(first.saved).toBe(`none, written to ${besideBundle}`);
    const second = loadBundle(bundle, env);
    expect(answer(second)).toBe(42);
    expect(second.status).toBe(`accepted (${besideBundle})`);
    expect(second.saved).toBe(second.status);
  });

  test('a cache from a narrow run is written again by the first wide run, once', () => {
    const { bundle, env, besideBundle } = fixture();
    expect(loadBundle(bundle, env).saved).toBe(`none, written to ${besideBundle}`);
    expect(loadBundle(bundle, env).saved).toBe(`accepted (${besideBundle})`);
    expect(loadBundle(bundle, env, true).saved).toBe(`accepted (${besideBundle}), written to ${besideBundle} (wide)`);
    expect(loadBundle(bundle, env, true).saved).toBe(`accepted (${besideBundle})`);
    expect(loadBundle(bundle, env).saved).toBe(`accepted (${besideBundle})`);
  });

  test('a narrow run that started before a wide one wrote its cache leaves that cache alone', () => {
    const { bundle, env, besideBundle } = fixture();
    const script = `const cache = require(${JSON.stringify(CODE_CACHE)});
      const narrow = cache.loadBundle(${JSON.stringify(bundle)}, ${JSON.stringify(env)}, () => false);
      cache.loadBundle(${JSON.stringify(bundle)}, ${JSON.stringify(env)}, () => true).save();
      process.stdout.write(narrow.save());`;
    expect(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' })).toBe('none');
    expect(readFileSync(besideBundle, 'latin1').split('\n')[0]).toMatch(/ wide$/);
  });

  test('a corrupt cache file is ignored and written again', () => {
    const { bundle, env, besideBundle } = fixture();
    loadBundle(bundle, env);
    const key = readFileSync(besideBundle, 'latin1').split(' ')[1];
    // Whole and ours, but not V8's data: V8 rejects it.
    const garbage = Buffer.from('not a code cache at all');
    writeFileSync(besideBundle, Buffer.concat([Buffer.from(`calendar-v8-cache ${key} ${checksum(garbage)}\n`), garbage]));
    const rejected = loadBundle(bundle, env);
    expect(answer(rejected)).toBe(42);
    expect(rejected.status).toBe(`rejected (${besideBundle})`);
    expect(loadBundle(bundle, env).status).toMatch(/^accepted/);
    // Damaged after it was written: V8 would not notice, the data's hash does.
    const damaged = readFileSync(besideBundle);
    for (let i = damaged.indexOf(10) + 100; i < damaged.length; i += 97) damaged[i] ^= 0xff;
    writeFileSync(besideBundle, damaged);
    const redone = loadBundle(bundle, env);
    expect(answer(redone)).toBe(42);
    expect(redone.status).toBe('none');
    expect(loadBundle(bundle, env).status).toMatch(/^accepted/);
    // No header at all: not ours, ignored.
    writeFileSync(besideBundle, 'garbage');
    expect(loadBundle(bundle, env).status).toBe('none');
  });

  test('a cache made for another bundle of the same length is not used', () => {
    const { bundle, env } = fixture('exports.answer = () => 41 + 1;');
    loadBundle(bundle, env);
    writeFileSync(bundle, 'exports.answer = () => 40 + 3;');
    const changed = loadBundle(bundle, env);
    expect(changed.status).toBe('none');
    expect(answer(changed)).toBe(43);
    expect(loadBundle(bundle, env).status).toMatch(/^accepted/);
  });

  test('a bundle directory that cannot be written sends the cache to the user cache directory', () => {
    const { dist, bundle, env, besideBundle, inUserDir } = fixture();
    // Root ignores permissions: a directory where the cache file would go makes the rename fail too.
    chmodSync(dist, 0o555);
    mkdirSync(besideBundle);
    writeFileSync(join(besideBundle, 'keep'), '');
    const first = loadBundle(bundle, env);
    expect(first.saved).toBe(`none, written to ${inUserDir}`);
    expect(loadBundle(bundle, env).status).toBe(`accepted (${inUserDir})`);
  });

  test('with nowhere to write, the run still succeeds and says so', () => {
    const { dir, dist, bundle, besideBundle } = fixture();
    chmodSync(dist, 0o555);
    mkdirSync(besideBundle);
    writeFileSync(join(besideBundle, 'keep'), '');
    writeFileSync(join(dir, 'not-a-dir'), '');
    const loaded = loadBundle(bundle, { HOME: dir, XDG_CACHE_HOME: join(dir, 'not-a-dir') });
    expect(answer(loaded)).toBe(42);
    expect(loaded.saved).toBe('none, cannot be written');
    expect(readdirSync(dist).sort()).toEqual(['cli.cjs', 'cli.cjs.v8-cache']);
  });

  test('on a Node without zlib.crc32 the cache is keyed and checked with SHA-1 instead', () => {
    const { bundle, env, besideBundle } = fixture();
    const withoutCrc32 = "delete require('node:zlib').crc32;";
    expect(loadBundle(bundle, env, false, withoutCrc32).saved).toBe(`none, written to ${besideBundle}`);
    expect(readFileSync(besideBundle, 'latin1').split(' ')[2]).toMatch(/^[0-9a-f]{40}$/);
    const second = loadBundle(bundle, env, false, withoutCrc32);
    expect(answer(second)).toBe(42);
    expect(second.status).toBe(`accepted (${besideBundle})`);
  });

  test('linked bundles (the core the CLI requires, and what the core requires) each have a cache of their own, loaded once, saved with the bundle', () => {
    const { dist, bundle, env, besideBundle } = fixture(
      "const core = require('./core.cjs'); exports.answer = () => core.base + require('./light.cjs').two + (require('./core.cjs') === core ? 0 : 100);",
    );
    writeFileSync(join(dist, 'core.cjs'), "exports.base = 40 + require('./light.cjs').zero;");
    writeFileSync(join(dist, 'light.cjs'), 'exports.zero = 0; exports.two = 2;');
    const [coreCache] = cacheFiles(join(dist, 'core.cjs'), env);
    const [lightCache] = cacheFiles(join(dist, 'light.cjs'), env);
    const script = `const { loadBundle } = require(${JSON.stringify(CODE_CACHE)});
      const loaded = loadBundle(${JSON.stringify(bundle)}, ${JSON.stringify(env)}, () => false, ['./light.cjs', './core.cjs']);
      process.stdout.write(JSON.stringify({ answer: loaded.exports.answer(), saved: loaded.save() }));`;
    const run = () => JSON.parse(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }));
    expect(run()).toEqual({
      answer: 42,
      saved: `none, written to ${besideBundle}; light.cjs: none, written to ${lightCache}; core.cjs: none, written to ${coreCache}`,
    });
    expect(run()).toEqual({ answer: 42, saved: `accepted (${besideBundle}); light.cjs: accepted (${lightCache}); core.cjs: accepted (${coreCache})` });
    expect(readdirSync(dist).sort()).toEqual(['cli.cjs', 'cli.cjs.v8-cache', 'core.cjs', 'core.cjs.v8-cache', 'light.cjs', 'light.cjs.v8-cache']);
  });
});
