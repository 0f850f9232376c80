import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openInput, type Input } from '../../src/core/bulk/input.js';
import { KEPT_RECORDS, runImportPasses, scanInput, type ImportSettings } from '../../src/core/bulk/importer.js';
import type { Context } from '../../src/core/context.js';
import { ApiClient } from '../../src/core/http/client.js';
import { parseRestRoot } from '../../src/core/http/url.js';
import { Ui } from '../../src/cli/output/ui.js';
import { resources } from '../../src/spec/resources.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';

let sandbox: Sandbox;
let dir: string;
const ctx: Context = { stdout: { write: () => true }, stderr: { write: () => true }, stdin: Readable.from([]), env: {}, cwd: tmpdir() };
const settings: ImportSettings = { resource: resources.venues, concurrency: 4, dryRun: false, failFast: false };

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, user: 'admin', password: 'import-pass', quiet: true });
  dir = mkdtempSync(join(tmpdir(), 'import-passes-'));
});
afterAll(async () => {
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The file opened for import, counting how often its records are read from the start. */
async function countedInput(name: string, rows: number): Promise<{ input: Input; reads: () => number }> {
  const file = join(dir, name);
  writeFileSync(file, Array.from({ length: rows }, (_, i) => JSON.stringify({ venue: `${name} hall ${i}` })).join('\n'));
  const input = await openInput(file, undefined, ctx);
  let reads = 0;
  const records = input.records.bind(input);
  input.records = () => {
    reads++;
    return records();
  };
  return { input, reads: () => reads };
}

async function importAll(input: Input, more: Partial<ImportSettings> = {}): Promise<number> {
  const client = new ApiClient({
    root: parseRestRoot(sandbox.restRoot),
    namespace: 'tribe/events/v1',
    username: 'admin',
    password: 'import-pass',
    timeoutMs: 10_000,
    retries: 0,
    debug: false,
    stderr: ctx.stderr,
  });
  try {
    const scan = await scanInput(input, { ...settings, ...more });
    const { counts } = await runImportPasses(input, scan, { ...settings, ...more }, { messages: new Ui(ctx, { noColor: true }), client });
    return counts.created;
  } finally {
    await client.close();
    input.close();
  }
}

describe('the two passes of an import', () => {
  test('a small file is read once: the checked records are the ones sent', async () => {
    const { input, reads } = await countedInput('small', 30);
    expect(await importAll(input)).toBe(30);
    expect(reads()).toBe(1);
  });

  test('a file longer than the records kept (2,000 unless told) is read again rather than kept in memory', async () => {
    expect(KEPT_RECORDS).toBe(2_000);
    const { input, reads } = await countedInput('large', 41);
    expect(await importAll(input, { keptRecords: 40 })).toBe(41);
    expect(reads()).toBe(2);
  });

  test('a file of exactly the records kept is read once', async () => {
    const { input, reads } = await countedInput('limit', 40);
    expect(await importAll(input, { keptRecords: 40 })).toBe(40);
    expect(reads()).toBe(1);
  });
});
