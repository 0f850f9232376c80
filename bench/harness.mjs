// What the benchmark scripts share: spawning a command and timing it, a sandbox in its
// own process, and medians.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const BIN = join(ROOT, 'bin/calendar.js');
export const USER = 'admin';
export const PASSWORD = 'bench-secret';
export const AUTH = `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}`;
export const TIME = existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined;
export const canMeasureRss = TIME !== undefined;
/** A private HOME and XDG directories for every command run, removed by cleanup(). */
export const work = mkdtempSync(join(tmpdir(), 'calendar-bench-'));
export const cleanup = () => rmSync(work, { recursive: true, force: true });
const cleanEnv = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('CALENDAR_')));

const devNull = openSync('/dev/null', 'w');

export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
export const fmt = (n, digits = 2) => n.toFixed(digits);

/**
 * Runs a command to the end; returns wall time in ms, output and, with `rss` or `cpu` where
 * /usr/bin/time is there, peak RSS (kB) and CPU time (user + system, ms, in steps of 10 ms).
 */
export function run(cmd, args, { env = {}, stdout = 'ignore', rss = false, cpu = false } = {}) {
  const [file, argv] = (rss || cpu) && TIME ? [TIME, ['-v', cmd, ...args]] : [cmd, args];
  return new Promise((resolve, reject) => {
    const started = performance.now();
    // Output thrown away as `> /dev/null` does: the launcher takes a read-write /dev/null (what
    // spawn's 'ignore' gives) for a closed standard output and refuses to write to it.
    const child = spawn(file, argv, { env: { ...cleanEnv, ...env }, stdio: ['ignore', stdout === 'ignore' ? devNull : 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout?.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('error', reject);
    child.on('close', (code) => {
      const ms = performance.now() - started;
      if (code !== 0) return reject(new Error(`${cmd} ${args.join(' ')} exited ${code}: ${err.slice(-400)}`));
      const kb = /Maximum resident set size \(kbytes\): (\d+)/.exec(err)?.[1];
      const seconds = (what) => Number(new RegExp(`${what} time \\(seconds\\): ([0-9.]+)`).exec(err)?.[1] ?? NaN);
      const cpuMs = (seconds('User') + seconds('System')) * 1000;
      resolve({ ms, out, err, rssKb: kb ? Number(kb) : undefined, cpuMs: Number.isNaN(cpuMs) ? undefined : cpuMs });
    });
  });
}

/** `calendar serve` in its own process, in memory unless given --data. */
export async function startServe(extra = []) {
  const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', '--user', USER, '--password', PASSWORD, ...extra], {
    env: cleanEnv,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const restRoot = await new Promise((resolve, reject) => {
    let text = '';
    child.stderr.on('data', (d) => {
      text += d;
      const m = /listening on (http:\/\/\S+\/wp-json)\//.exec(text);
      if (m) resolve(m[1]);
    });
    child.on('close', () => reject(new Error(`serve stopped: ${text}`)));
  });
  return {
    restRoot,
    api: `${restRoot}/tribe/events/v1`,
    auth: AUTH,
    env: {
      CALENDAR_BASE_URL: restRoot,
      CALENDAR_USERNAME: USER,
      CALENDAR_APP_PASSWORD: PASSWORD,
      HOME: work,
      XDG_CONFIG_HOME: join(work, 'cfg'),
      XDG_DATA_HOME: join(work, 'data'),
      XDG_CACHE_HOME: join(work, 'cache'),
    },
    stop: () =>
      new Promise((resolve) => {
        child.removeAllListeners('close');
        child.on('close', resolve);
        child.kill('SIGTERM');
      }),
  };
}

export async function post(api, path, body) {
  const res = await fetch(`${api}/${path}`, {
    method: 'POST',
    headers: { authorization: AUTH, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = await res.json();
  if (res.status >= 300) throw new Error(`POST ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** Seeds `count` events an hour apart from 2030 on, 16 writes at a time. */
export async function seedEvents(api, count, from = 0) {
  let next = from;
  const end = from + count;
  const worker = async () => {
    for (let i = next++; i < end; i = next++) {
      const day = new Date(Date.UTC(2030, 0, 1) + i * 3_600_000).toISOString().slice(0, 13).replace('T', ' ');
      await post(api, 'events', { title: `Bench event ${i}`, start_date: `${day}:00:00`, end_date: `${day}:30:00` });
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
}
