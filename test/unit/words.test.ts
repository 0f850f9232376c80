/**
 * How the core names an option in a message (src/core/words.ts): once, by its API name, said by
 * each face in its own words; and no string of the core writes a CLI flag itself.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, test } from 'vitest';
import { CalendarError, EXIT, UsageError, errorIn } from '../../src/core/errors.js';
import { inWords, option, optionsNamed, speaking } from '../../src/core/words.js';

describe('an option named once, said by each face', () => {
  test.each([
    [option('per_page'), '--per-page', 'per_page', 'per_page'],
    [option('keep_duration', false), '--no-keep-duration', 'keepDuration: false', 'keep_duration: false'],
    [option('create_missing', true), '--create-missing', 'createMissing: true', 'create_missing: true'],
    [option('upsert_by', 'name'), '--upsert-by name', 'upsertBy: "name"', 'upsert_by: "name"'],
    [option('scope', 'series'), '--series', 'scope: "series"', 'scope: "series"'],
    [option('start_date'), '--start-date', 'start_date', 'start_date'],
    [option('language'), '--lang', 'language', 'language'],
    [option('yes'), '--yes', 'yes', 'confirm: true'],
    [option('add_tags'), '--add-tags', 'links.tags.add', 'add_tags'],
  ])('%j', (text, cli, library, tool) => {
    expect([inWords(text, 'cli'), inWords(text, 'library'), inWords(text, 'tool')]).toEqual([cli, library, tool]);
  });

  test('an error keeps the options by their API names; its message is in the words of the face the call runs in', () => {
    const err = new UsageError(`${option('per_page')}: "0" is not a whole number of at least 1`, `Give ${option('create_missing', true)}.`);
    expect(err.options).toEqual(['per_page', 'create_missing']);
    expect(err.message).toBe('per_page: "0" is not a whole number of at least 1');
    expect(err.hint).toBe('Give createMissing: true.');
    expect(String(err)).toBe('UsageError: per_page: "0" is not a whole number of at least 1');
    expect(speaking('cli', () => [err.message, err.hint])).toEqual(['--per-page: "0" is not a whole number of at least 1', 'Give --create-missing.']);
    expect(errorIn(err, 'tool')).toEqual({ message: 'per_page: "0" is not a whole number of at least 1', hint: 'Give create_missing: true.' });
    // Set afterwards (a face adding to a hint), the text is kept with its markers too.
    err.hint = `Or ${option('force', true)}.`;
    expect(speaking('cli', () => err.hint)).toBe('Or --force.');
    expect(err.hint).toBe('Or force: true.');
  });

  test('the face holds across awaits, and a nested face wins', async () => {
    const said = await speaking('cli', async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      const inner = speaking('tool', () => inWords(option('keep_duration', false), 'tool'));
      return [new CalendarError(`${option('timeout')} passed`, EXIT.network).message, inner];
    });
    expect(said).toEqual(['--timeout passed', 'keep_duration: false']);
  });

  test('a text without options is left as it is', () => {
    expect(inWords('no option -- here --x', 'tool')).toBe('no option -- here --x');
    expect(optionsNamed('plain')).toEqual([]);
  });
});

/** Every string literal and template piece of a TypeScript file. */
function stringsOf(file: string): Array<{ line: number; text: string }> {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const found: Array<{ line: number; text: string }> = [];
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateLiteralToken(node)) {
      found.push({ line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1, text: node.text });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? tsFiles(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
  );
}

test('no string of the core names a CLI flag: it names the option (option()), and each face says it', () => {
  const core = join(__dirname, '../../src/core');
  const files = tsFiles(core).filter((file) => relative(core, file) !== 'words.ts');
  expect(files.length).toBeGreaterThan(100);
  const flags = files.flatMap((file) =>
    stringsOf(file)
      .filter(({ text }) => /(^|[\s("'`,;/[])--[a-z]/.test(text))
      .map(({ line, text }) => `${relative(core, file)}:${line}: ${text}`),
  );
  expect(flags).toEqual([]);
});
