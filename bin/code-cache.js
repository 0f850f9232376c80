'use strict';
// Compiles the CommonJS bundle with a V8 code cache, as v8-compile-cache does: Node 20 has no
// module.enableCompileCache, and compiling the bundle from source is most of a command's start-up.
//
// The cache is written after a run (so the functions that run used are in it), beside the bundle,
// or in the user's cache directory when the bundle's directory cannot be written. Its first line
// holds a key (the bundle's content hash, Node's version and architecture, and the flags given to
// Node: V8 checks only the source length and its own flags), a hash of the data, and whether the
// run that wrote it loaded the HTTP client. A cache that is missing, foreign, damaged or rejected
// is ignored and written again.
const { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } = require('node:fs');
const { createRequire } = require('node:module');
const { homedir } = require('node:os');
const { basename, dirname, join } = require('node:path');
const vm = require('node:vm');
const { crc32 } = require('node:zlib');

const MAGIC = 'calendar-v8-cache';
// A cache holds the functions that the run which wrote it compiled. One written by a narrow run
// (`--help`, `serve`) lacks the HTTP client, which every later request would then compile from
// source; the first wide run after it writes the cache again, once.
const WIDE = 'wide';
const NARROW = 'narrow';

// CRC-32 misses an accidental change (another build, damaged bytes) once in four billion, and
// nobody who could craft one needs to: whoever can write the bundle can run code anyway. node:zlib
// loads and computes it in about half the time node:crypto takes for SHA-1 (2 vs 4.5 ms).
// Node releases before 20.15 (and 22.2) have no zlib.crc32.
const checksum = crc32 ? (data) => crc32(data).toString(16).padStart(8, '0') : (data) => require('node:crypto').createHash('sha1').update(data).digest('hex');

function cacheKey(source) {
  const flags = `${process.version}\0${process.arch}\0${process.execArgv.join(' ')}\0${process.env.NODE_OPTIONS ?? ''}`;
  return `${checksum(source)}${checksum(flags)}`;
}

/** Where a cache may live, first choice first. */
function cacheFiles(bundleFile, env) {
  const userCacheDir = join(env.XDG_CACHE_HOME || join(env.HOME || homedir(), '.cache'), 'calendar');
  // One user cache directory may serve several installs: the file name tells them apart.
  const install = checksum(bundleFile);
  return [`${bundleFile}.v8-cache`, join(userCacheDir, `${basename(bundleFile, '.cjs')}-${install}.v8-cache`)];
}

/**
 * The cached data of the first file holding this key, if any. The header also carries a hash of
 * the data: release builds of V8 do not checksum a code cache, and a damaged one that passes
 * its sanity checks can make the bundle misbehave rather than be rejected.
 */
function readCache(files, key) {
  const prefix = Buffer.from(`${MAGIC} ${key} `);
  for (const file of files) {
    let content;
    try {
      content = readFileSync(file);
    } catch {
      continue;
    }
    const headerEnd = content.indexOf(10);
    if (headerEnd < 0 || !content.subarray(0, prefix.length).equals(prefix)) continue;
    const data = content.subarray(headerEnd + 1);
    const [dataHash, scope] = content.toString('latin1', prefix.length, headerEnd).split(' ');
    if (dataHash === checksum(data)) return { file, data, wide: scope === WIDE };
  }
  return undefined;
}

/**
 * The cache directory and its parent (~/.cache/calendar), made one at a time: Node 20's
 * recursive mkdir spins for ever where mkdir answers ENOENT under a parent that exists (/proc).
 */
function makeCacheDirectory(dir) {
  for (const path of [dirname(dir), dir]) {
    try {
      mkdirSync(path);
    } catch (err) {
      if (err.code !== 'EEXIST') throw err;
    }
  }
}

/** Writes to the first place that takes it; a temporary file and a rename, so no reader sees half a cache. */
function writeCache(files, key, data, wide) {
  for (const file of files) {
    const temp = `${file}.${process.pid}.tmp`;
    try {
      makeCacheDirectory(dirname(file));
      writeFileSync(temp, Buffer.concat([Buffer.from(`${MAGIC} ${key} ${checksum(data)} ${wide ? WIDE : NARROW}\n`), data]));
      renameSync(temp, file);
      return file;
    } catch {
      try {
        rmSync(temp, { force: true });
      } catch {
        // the directory is not there or not ours: nothing was written
      }
    }
  }
  return undefined;
}

/**
 * Loads a CommonJS bundle through the code cache. Returns its exports and a save() to call once
 * the run is over; save() writes a cache when none was accepted, or when the accepted one came
 * from a narrow run and `isWideRun()` says this one was wide. `linked` names bundles beside this
 * one that it, or one of them, requires (`./core.cjs`): each is loaded the same way, with its own
 * cache, when first required, and saved with it.
 */
function loadBundle(bundleFile, env = process.env, isWideRun = () => false, linked = [], links = new Map()) {
  const source = readFileSync(bundleFile);
  const key = cacheKey(source);
  const files = cacheFiles(bundleFile, env);
  const cached = readCache(files, key);
  const wrapper = `(function (exports, require, module, __filename, __dirname) {${source.toString('utf8')}\n})`;
  const script = new vm.Script(wrapper, { filename: bundleFile, cachedData: cached?.data });
  const accepted = cached !== undefined && !script.cachedDataRejected;
  const module = { exports: {} };
  const nodeRequire = createRequire(bundleFile);
  const require = (id) => {
    if (!linked.includes(id)) return nodeRequire(id);
    if (!links.has(id)) links.set(id, loadBundle(join(dirname(bundleFile), id), env, isWideRun, linked, links));
    return links.get(id).exports;
  };
  require.resolve = nodeRequire.resolve;
  require.cache = nodeRequire.cache;
  script.runInThisContext()(module.exports, linked.length > 0 ? require : nodeRequire, module, bundleFile, dirname(bundleFile));
  const status = accepted ? `accepted (${cached.file})` : cached ? `rejected (${cached.file})` : 'none';
  const saveThis = () => {
    const wide = isWideRun();
    if (accepted && (cached.wide || !wide)) return status;
    // A long narrow run (`serve`) must not replace what a wide one wrote in the meantime.
    if (!wide && readCache(files, key)?.wide) return status;
    const written = writeCache(files, key, script.createCachedData(), wide);
    return written ? `${status}, written to ${written}${wide ? ' (wide)' : ''}` : `${status}, cannot be written`;
  };
  return {
    exports: module.exports,
    status,
    // The links are saved by the bundle that loaded the first of them.
    saveThis,
    save: () => [saveThis(), ...[...links].map(([id, link]) => `${basename(id)}: ${link.saveThis()}`)].join('; '),
  };
}

module.exports = { loadBundle, cacheFiles, checksum };
