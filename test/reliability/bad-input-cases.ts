/**
 * The bad-input corpus: every case must end in exit 2 with a one-line message before any
 * request. Most cases are generated from the resource table (a wrong JSON type for each
 * write field, a malformed flag value for each checked field and list parameter); the rest
 * are written by hand (flags, IDs, languages, JSON, CSV, files, huge values).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { flagName, resources, RESOURCE_NAMES, type Field, type Resource } from '../../src/spec/resources.js';

export interface BadInput {
  name: string;
  args: string[];
  stdin?: string;
  env?: Record<string, string>;
}

/** A value the field accepts, to fill required fields around the one under test. */
function validValue(field: Field): unknown {
  if (field.type === 'date') return '2027-05-01 10:00:00';
  return `Valid ${field.name}`;
}

function requiredBody(resource: Resource, except: string): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of resource.fields) if (field.required && field.name !== except) body[field.name] = validValue(field);
  return body;
}

function requiredFlags(resource: Resource, except: string): string[] {
  return resource.fields.filter((f) => f.required && f.name !== except).flatMap((f) => [`--${flagName(f.name)}`, String(validValue(f))]);
}

/** A JSON value of the wrong type for the field. */
function wrongType(field: Field): unknown {
  if (field.type === 'boolean' || field.type === 'boolstring') return 'maybe';
  if (field.type === 'ref' || field.type === 'refs') return { id: { nested: true } };
  return { nested: { object: true } };
}

/** A malformed command-line value for fields whose text is checked, or undefined. */
function malformed(field: Field): string | undefined {
  switch (field.type) {
    case 'date':
      return '2027-13-45 25:61';
    case 'url':
      return 'not a url';
    case 'email':
      return 'nobody-at-example';
    case 'integer':
      return '-3';
    case 'positive':
    case 'id':
      return '0';
    case 'number':
      return '12abc';
    case 'ids':
      // Linked filters (venue, organizer) also take slugs and names; nothing takes an empty item.
      return field.relation && ['venues', 'organizers', 'categories', 'tags'].includes(field.relation) ? '1,,3' : '1,two,3';
    case 'terms':
      return 'jazz,,rock';
    case 'list':
      return field.choices || field.suggestions ? 'publish,,draft' : ',';
    case 'string':
      return field.choices ? 'not-a-choice' : '   ';
    case 'ref':
      return ',';
    default:
      return undefined;
  }
}

function generated(): BadInput[] {
  const cases: BadInput[] = [];
  for (const name of RESOURCE_NAMES) {
    const resource = resources[name];
    for (const field of resource.fields) {
      const body = { ...requiredBody(resource, field.name), [field.name]: wrongType(field) };
      cases.push({ name: `${name} create: ${field.name} of the wrong type`, args: [name, 'create', '--data', JSON.stringify(body)] });
      const bad = malformed(field);
      if (bad !== undefined) {
        cases.push({
          name: `${name} create --${flagName(field.name)} ${JSON.stringify(bad)}`,
          args: [name, 'create', ...requiredFlags(resource, field.name), `--${flagName(field.name)}`, bad],
        });
      }
    }
    for (const param of resource.listParams) {
      const flag = `--${flagName(param.name)}`;
      const bad = malformed(param);
      if (bad !== undefined) cases.push({ name: `${name} list ${flag} ${JSON.stringify(bad)}`, args: [name, 'list', flag, bad] });
      else if (param.type === 'boolean') cases.push({ name: `${name} list ${flag}=maybe`, args: [name, 'list', `${flag}=maybe`] });
    }
    for (const field of resource.fields.filter((f) => f.required)) {
      cases.push({ name: `${name} create without ${field.name}`, args: [name, 'create', ...requiredFlags(resource, field.name)] });
    }
  }
  return cases;
}

/** Files the hand-written cases read; `dir` is a fresh temporary directory. */
export function writeFixtures(dir: string): Record<string, string> {
  const file = (name: string, text: string) => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };
  const directory = join(dir, 'a-directory.json');
  mkdirSync(directory);
  return {
    directory,
    missing: join(dir, 'not-there.json'),
    brokenJson: file('broken.json', '[{"venue": "A"}, {"venue": '),
    notArray: file('object.json', '{"venue": "A"}'),
    badNdjson: file('bad.ndjson', '{"venue": "A"}\n{venue: B}\n'),
    unterminatedCsv: file('unterminated.csv', 'venue,city\n"Hall,Albany\n'),
    unknownColumn: file('unknown-column.csv', 'venue,colour\nHall,blue\n'),
    badCsvValue: file('bad-value.csv', 'venue,website\nHall,not a url\n'),
    wrongTypeJson: file('wrong-type.json', '[{"venue": "Hall", "show_map": "perhaps"}]'),
    missingRequired: file('missing-required.ndjson', '{"city": "Albany"}\n'),
    duplicateSlugs: file('duplicate-slugs.ndjson', '{"venue": "A", "slug": "a"}\n{"venue": "B", "slug": "a"}\n'),
    binary: file('binary.csv', Buffer.from([0xff, 0xfe, 0x00, 0x00, 0x9c, 0x22, 0x0a]).toString('latin1')),
    hugeLine: file('huge.ndjson', `{"venue": "${'x'.repeat(2_000_000)}", "show_map": "perhaps"}\n`),
    badData: file('data.json', '{"venue": '),
  };
}

function handWritten(files: Record<string, string>): BadInput[] {
  const deepJson = `${'['.repeat(200_000)}${']'.repeat(200_000)}`;
  const list: Array<[string, string[], string?]> = [
    ['unknown command', ['concerts', 'list']],
    ['unknown verb', ['venues', 'explode']],
    ['unknown flag', ['venues', 'list', '--colour', 'blue']],
    ['flag without its value', ['venues', 'list', '--per-page']],
    ['unknown format', ['venues', 'list', '--format', 'xml']],
    ['unknown field in --fields', ['venues', 'list', '--fields', 'id,,venue']],
    ['timeout not a number', ['venues', 'list', '--timeout', 'soon']],
    ['timeout negative', ['venues', 'list', '--timeout', '-5']],
    ['retries not a number', ['venues', 'list', '--retries', 'many']],
    ['limit zero', ['venues', 'list', '--limit', '0']],
    ['per-page huge', ['venues', 'list', '--per-page', '99999999999999999999999']],
    ['page negative', ['events', 'list', '--page', '-1']],
    ['language unknown', ['venues', 'list', '--lang', 'de']],
    ['language empty', ['venues', 'list', '--lang', '']],
    ['language upper case garbage', ['venues', 'list', '--lang', 'FRENCH']],
    ['language in env', ['venues', 'list'], 'CALENDAR_LANG=klingon'],
    ['base URL not http', ['venues', 'list', '--base-url', 'ftp://example.org/wp-json']],
    ['base URL garbage', ['venues', 'list', '--base-url', 'not a url']],
    ['unknown profile', ['venues', 'list', '--profile', 'no-such-profile']],
    ['ID with a slash', ['events', 'get', 'a/b']],
    ['ID with spaces', ['events', 'delete', 'summer fest']],
    ['ID in exponent form', ['venues', 'get', '1e3']],
    ['ID zero', ['venues', 'get', '0']],
    ['ID negative', ['events', 'get', '-5']],
    ['ID fraction', ['organizers', 'get', '1.5']],
    ['ID huge', ['venues', 'get', '99999999999999999999999999']],
    ['ID empty', ['venues', 'get', '']],
    ['delete without ID', ['venues', 'delete']],
    ['update ID garbage', ['events', 'update', 'x y', '--title', 'Albany']],
    ['update nothing to change', ['venues', 'update', '3']],
    ['--data broken JSON', ['venues', 'create', '--data', '{"venue": ']],
    ['--data a list', ['venues', 'create', '--data', '[]']],
    ['--data a string', ['venues', 'create', '--data', '"Hall"']],
    ['--data null', ['venues', 'create', '--data', 'null']],
    ['--data unknown field', ['venues', 'create', '--data', '{"venue": "Hall", "colour": "blue"}']],
    ['--data deeply nested, from stdin', ['venues', 'create', '--data', '-'], `STDIN=${deepJson}`],
    ['--data from a missing file', ['venues', 'create', '--data', `@${files.missing}`]],
    ['--data from a directory', ['venues', 'create', '--data', `@${files.directory}`]],
    ['--data from a broken file', ['venues', 'create', '--data', `@${files.badData}`]],
    ['--data from stdin, broken', ['venues', 'create', '--data', '-'], 'STDIN={"venue"'],
    ['--data from stdin, empty', ['venues', 'create', '--data', '-'], 'STDIN='],
    ['huge title with a bad date', ['events', 'create', '--title', 'x'.repeat(100_000), '--start-date', 'someday', '--end-date', 'never']],
    ['end before start', ['events', 'create', '--title', 'Backwards', '--start-date', '2027-05-02 10:00', '--end-date', '2027-05-01 10:00']],
    ['import unknown resource', ['import', 'concerts', files.notArray]],
    ['import missing file', ['import', 'venues', files.missing]],
    ['import a directory', ['import', 'venues', files.directory]],
    ['import broken JSON', ['import', 'venues', files.brokenJson]],
    ['import JSON object, not array', ['import', 'venues', files.notArray]],
    ['import bad NDJSON line', ['import', 'venues', files.badNdjson]],
    ['import unterminated CSV quote', ['import', 'venues', files.unterminatedCsv]],
    ['import unknown CSV column', ['import', 'venues', files.unknownColumn]],
    ['import bad CSV value', ['import', 'venues', files.badCsvValue]],
    ['import wrong type', ['import', 'venues', files.wrongTypeJson]],
    ['import missing required', ['import', 'venues', files.missingRequired]],
    ['import duplicate upsert keys', ['import', 'venues', files.duplicateSlugs, '--upsert-by', 'slug', '--yes']],
    ['import binary junk', ['import', 'venues', files.binary]],
    ['import huge line with a bad value', ['import', 'venues', files.hugeLine]],
    ['import unknown format', ['import', 'venues', files.notArray, '--input-format', 'xml']],
    ['import bad upsert key', ['import', 'venues', files.notArray, '--upsert-by', 'colour']],
    ['import concurrency zero', ['import', 'venues', files.notArray, '--concurrency', '0']],
    ['import concurrency huge', ['import', 'venues', files.notArray, '--concurrency', '100000']],
    ['import broken stdin', ['import', 'venues', '-', '--input-format', 'json'], 'STDIN=[{"venue": '],
    ['export unknown resource', ['export', 'concerts']],
    ['export unknown format', ['export', 'venues', '--format', 'xml']],
    ['serve bad port', ['serve', '--port', 'eighty']],
    ['serve bad faults', ['serve', '--faults', 'meteor=0.5']],
    ['serve faults over 100%', ['serve', '--faults', 'reset=0.7,429=0.7']],
    ['serve bad faults seed', ['serve', '--faults', 'reset=0.1', '--faults-seed', '-1']],
    ['serve TLS cert without key', ['serve', '--tls-cert', files.badData]],
    ['serve TLS cert not PEM', ['serve', '--tls-cert', files.badData, '--tls-key', files.badData]],
    ['serve seed unknown', ['serve', '--seed', 'galaxy']],
    ['ca-cert missing', ['venues', 'list', '--ca-cert', files.missing]],
    ['ca-cert a directory', ['venues', 'list', '--ca-cert', files.directory]],
  ];
  return list.map(([name, args, extra]) => {
    const stdin = extra?.startsWith('STDIN=') ? extra.slice('STDIN='.length) : undefined; // other extras are NAME=value for the environment
    const [key, value] = extra && !stdin ? extra.split('=') : [];
    return { name, args, stdin, env: key ? { [key]: value } : undefined };
  });
}

export function badInputs(files: Record<string, string>): BadInput[] {
  return [...generated(), ...handWritten(files)];
}
