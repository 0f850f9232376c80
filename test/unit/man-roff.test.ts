import { describe, expect, test } from 'vitest';
import { examplesHelp, examplesIn } from '../../src/cli/commands/help/text.js';
import { roff } from '../../src/cli/completion/man.js';

describe('examples read back from a help page', () => {
  test('each line whole again, a wide one folded over lines ending in a backslash included', () => {
    const lines = [
      'calendar events list',
      'calendar events list --start-date 2025-01-01 --fields id,title,start_date,end_date,venue.venue --format csv',
      'calendar events create --data \'{"title":"Talk","start_date":"2027-02-01 18:00"}\' --end-date "2027-02-01 19:00"',
    ];
    const help = `Usage: x\n${examplesHelp(lines)}\nEnvironment:\n  A  b\n`;
    expect(help).toContain(' \\\n      ');
    expect(examplesIn(help)).toEqual(lines);
    expect(examplesIn('Usage: x\n')).toEqual([]);
  });
});

describe('roff', () => {
  test('escapes backslashes and hyphens, and a line that would start a request', () => {
    expect(roff('--fields a\\b')).toBe('\\-\\-fields a\\eb');
    expect(roff(".hidden\n'quote")).toBe("\\&.hidden\n\\&'quote");
  });
});
