/** FORCE_COLOR through a pipe (`calendar ... | less -R`) colours the output as a terminal shows it. */
import { describe, expect, test } from 'vitest';
import { useSite } from './helpers.js';

const site = useSite();
const ESC = /\u001b\[/;

describe('FORCE_COLOR=1, piped', () => {
  test('a list is the coloured table of a terminal; without it, plain tab-separated rows', async () => {
    await site.cli(['venues', 'create', '--name', 'Forced Hall']);
    const forced = await site.cli(['venues', 'list'], { env: { NO_COLOR: undefined, FORCE_COLOR: '1', COLUMNS: '100' } });
    expect(forced.code, forced.stderr).toBe(0);
    expect(forced.stdout).toMatch(ESC);
    expect(forced.stdout).toMatch(/\u001b\[1mNAME\u001b\[22m/);
    expect(forced.stdout).toContain('Forced Hall');
    const plain = await site.cli(['venues', 'list']);
    expect(plain.stdout).not.toMatch(ESC);
    expect(plain.stdout).toMatch(/^\d+\tForced Hall\t/m);
  });

  test('--no-color wins over FORCE_COLOR, and one record shows as field/value pairs in colour', async () => {
    const off = await site.cli(['--no-color', 'venues', 'list'], { env: { NO_COLOR: undefined, FORCE_COLOR: '1' } });
    expect(off.stdout).not.toMatch(ESC);
    const one = await site.cli(['venues', 'get', 'forced-hall'], { env: { NO_COLOR: undefined, FORCE_COLOR: '1' } });
    expect(one.stdout).toMatch(/\u001b\[1mvenue\s*\u001b\[22m {2}Forced Hall/);
  });
});
