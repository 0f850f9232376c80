/**
 * The sandbox's reading of dates against PHP's own: test/fixtures/php-dates/table.json holds
 * what PHP's strtotime() made of each text of inputs.txt at three instants (record.sh).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { phpStrtotime, zonedInstant } from '../../src/sandbox/common/strtotime.js';

const TABLE = JSON.parse(readFileSync(resolve(import.meta.dirname, '../fixtures/php-dates/table.json'), 'utf8')) as [string, string, string | false][];

/** What the sandbox reads, in PHP's terms: the UTC time, or false. */
function read(text: string, now: string): string | false {
  const parsed = phpStrtotime(text, now);
  if (!parsed) return false;
  return zonedInstant(parsed) ?? parsed.wall;
}

describe('dates read as PHP reads them', () => {
  it('agrees with PHP on every recorded text', () => {
    const differences = TABLE.filter(([now, text, php]) => read(text, now) !== php).map(
      ([now, text, php]) => `${now} ${JSON.stringify(text)}: PHP ${php}, sandbox ${read(text, now)}`,
    );
    expect(differences).toEqual([]);
    expect(TABLE.length).toBeGreaterThan(500);
  });
});
