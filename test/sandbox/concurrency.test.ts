/** Several processes sharing one data file (the CLI's embedded mode) lose none of each other's writes. */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const PROCESSES = 20;

function run(script: string, args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [script, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('shared data file', () => {
  it(`${PROCESSES} processes each creating one venue leave exactly ${PROCESSES} venues`, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sandbox-shared-'));
    await build({ entryPoints: ['src/sandbox/index.ts'], bundle: true, platform: 'node', format: 'esm', outfile: join(dir, 'sandbox.mjs'), logLevel: 'warning' });
    const script = join(dir, 'create-venue.mjs');
    writeFileSync(
      script,
      `import { startSandbox } from './sandbox.mjs';
const [dataFile, name] = process.argv.slice(2);
const sandbox = await startSandbox({ port: 0, dataFile, shared: true, user: 'admin', password: 'pw', quiet: true });
const response = await fetch(sandbox.restRoot + '/tribe/events/v1/venues', {
  method: 'POST',
  headers: { 'content-type': 'application/json', authorization: 'Basic ' + Buffer.from('admin:pw').toString('base64') },
  body: JSON.stringify({ venue: name, city: 'Concurrency' }),
});
const body = await response.json();
await sandbox.close();
process.stdout.write(String(response.status) + ' ' + body.id + '\\n');
`,
    );
    const dataFile = join(dir, 'shared.json');
    const results = await Promise.all(Array.from({ length: PROCESSES }, (_, index) => run(script, [dataFile, `Venue ${index + 1}`])));
    for (const result of results) {
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).toMatch(/^201 \d+/);
    }
    const ids = results.map((result) => Number(result.stdout.split(' ')[1]));
    expect(new Set(ids).size).toBe(PROCESSES);
    const data = JSON.parse(readFileSync(dataFile, 'utf8'));
    const venues = data.posts.filter((post: { type: string }) => post.type === 'venue');
    expect(venues).toHaveLength(PROCESSES);
    expect(new Set(venues.map((venue: { fields: { venue: string } }) => venue.fields.venue)).size).toBe(PROCESSES);
  });
});
