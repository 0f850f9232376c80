/**
 * apply shows its progress on a terminal, on stderr only; off a terminal, and with
 * --format json, nothing of it. Every request of this sandbox is slowed down so that the
 * progress line is redrawn at least once while the writes are under way.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { useSite } from './helpers.js';
import { runOnTerminal, writePtyHelper } from './terminal.js';

const site = useSite({ faults: 'slow=100' });
const TAGS = 12;

let helper: string;
const fileOf = (prefix: string) => {
  const path = join(site.home.home, `${prefix}.yaml`);
  const tags = Array.from({ length: TAGS }, (_, i) => `  ${prefix}-${i}:\n    name: ${prefix} ${i}\n`).join('');
  writeFileSync(path, `tags:\n${tags}`);
  return path;
};
/** What the spinner writes first. */
const HIDDEN_CURSOR = '\u001b[?25l';
const PROGRESS = new RegExp(`apply: \\d+/${TAGS} \\(\\d+/s\\)`);

beforeAll(() => {
  helper = writePtyHelper(site.home.home);
});

describe('progress of apply', () => {
  test('on a terminal: done/total and rate on stderr, the plan alone on stdout', async () => {
    const stdout = join(site.home.home, 'stdout.txt');
    const r = await runOnTerminal(helper, ['apply', fileOf('shown'), '--concurrency', '2'], site.env, { NO_COLOR: '1', PTY_STDOUT: stdout });
    expect(r.code, r.output).toBe(0);
    expect(r.output).toContain(HIDDEN_CURSOR);
    expect(r.output).toMatch(PROGRESS);
    expect(r.output).toContain(`${TAGS} created, 0 updated, 0 unchanged, 0 failed`);
    const planned = readFileSync(stdout, 'utf8');
    expect(planned).toContain('+ tag shown-0: name "shown 0"\n');
    expect(planned).toContain(`${TAGS} to create, 0 to change, 0 to remove`);
    expect(planned).not.toMatch(/apply: \d/);
  });

  test('on a terminal with --format json: no progress beside the data', async () => {
    const r = await runOnTerminal(helper, ['apply', fileOf('quiet'), '--format', 'json', '--concurrency', '2'], site.env, { NO_COLOR: '1' });
    expect(r.code, r.output).toBe(0);
    expect(r.output).toContain('"create": 12');
    expect(r.output).not.toMatch(/apply: \d/);
    expect(r.output).not.toContain(HIDDEN_CURSOR);
  });

  test('off a terminal: no progress, only the plan and the summary', async () => {
    const r = await site.cli(['apply', fileOf('piped'), '--concurrency', '2']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).not.toMatch(/apply: \d/);
    expect(r.stderr).not.toContain(HIDDEN_CURSOR);
    expect(r.stderr).not.toContain('\r');
    expect(r.stderr).toContain(`${TAGS} created, 0 updated, 0 unchanged, 0 failed\n`);
    expect(r.stdout).toContain('+ tag piped-0: name "piped 0"\n');
  });
});
