/**
 * The plan a person saw is the plan applied: `diff --format json` gives the plan's digest, and
 * `apply --digest` applies only while the plan is still that one (the file or the site may have
 * changed since); otherwise exit 2 and nothing is sent.
 */
import { describe, expect, test } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { useSite } from './helpers.js';

const site = useSite();

const FILE = `tags:
  batch-digest-jazz:
    name: Jazz « digest »
  batch-digest-folk:
    name: Folk
`;

function write(name: string, text: string): string {
  const path = join(site.home.home, name);
  writeFileSync(path, text);
  return path;
}

async function digestOf(file: string): Promise<string> {
  const r = await site.cli(['diff', file, '--format', 'json']);
  expect(r.code, r.stderr).toBe(0);
  const digest = (JSON.parse(r.stdout) as { digest: string }).digest;
  expect(digest).toMatch(/^[0-9a-f]{64}$/);
  return digest;
}

describe('apply --digest', () => {
  test('the same plan has the same digest; an edited file gives another, and apply refuses it with nothing sent', async () => {
    const file = write('digest.yaml', FILE);
    const digest = await digestOf(file);
    expect(await digestOf(file)).toBe(digest);
    // A record to create with another name is another plan, though the changes list the same slugs.
    const edited = write('digest-edited.yaml', FILE.replace('Folk', 'Folk & Blues'));
    expect(await digestOf(edited)).not.toBe(digest);
    const writes = site.sandbox.stats.writes;
    const refused = await site.cli(['apply', edited, '--digest', digest]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(
      /^calendar: the plan is no longer the one of digest [0-9a-f]{12}… \(the file or the site changed since the diff; now [0-9a-f]{12}…\)\n/,
    );
    expect(refused.stderr).toContain('Nothing was sent.');
    expect(site.sandbox.stats.writes).toBe(writes);
  });

  test('the digest of the plan shown applies it; once the site changed, the old digest is refused', async () => {
    const file = write('digest-apply.yaml', FILE.replace(/batch-digest/g, 'batch-applied'));
    const digest = await digestOf(file);
    const applied = await site.cli(['apply', file, '--digest', digest.toUpperCase()]);
    expect(applied.code, applied.stderr).toBe(0);
    expect(applied.stderr).toContain('2 created, 0 updated, 0 unchanged, 0 failed');
    const again = await site.cli(['apply', file, '--digest', digest]);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('the plan is no longer the one of digest');
    // The plan without changes has its own digest, which apply takes and sends nothing with.
    const writes = site.sandbox.stats.writes;
    const empty = await site.cli(['apply', file, '--digest', await digestOf(file)]);
    expect(empty.code, empty.stderr).toBe(0);
    expect(empty.stdout).toContain('no changes, 2 unchanged');
    expect(site.sandbox.stats.writes).toBe(writes);
  });

  test('a digest that is not 64 hex digits is refused before any request', async () => {
    const file = write('digest-bad.yaml', FILE);
    const requests = site.sandbox.stats.requests;
    const r = await site.cli(['apply', file, '--digest', 'abc123']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('calendar: --digest: "abc123" is not a plan\'s digest (64 hex digits, as calendar diff prints it)');
    expect(site.sandbox.stats.requests).toBe(requests);
  });
});
