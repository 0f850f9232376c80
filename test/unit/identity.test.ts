import { describe, expect, test } from 'vitest';
import { comparableValue, decodeEntities, isSlugForm, nameKey, RecordIndex, sameValue, slugFromName } from '../../src/core/records/identity.js';
import { costText } from '../../src/core/records/writable.js';
import { formatCost } from '../../src/wordpress/cost.js';

describe('one identity for names, slugs and values', () => {
  test('entities decode, named and numeric', () => {
    expect(decodeEntities('Rock &#038; Roll &amp; &#8220;Blues&#8221; &#8211; &hellip;')).toBe('Rock & Roll & “Blues” – …');
    expect(decodeEntities('&#x41;&nosuch;')).toBe('A&nosuch;');
  });

  test('name keys fold case, entities, typographic quotes, dashes and spacing', () => {
    expect(nameKey('O&#8217;Brien&#8217;s  Big Night')).toBe(nameKey("o'brien's big night"));
    expect(nameKey('&#8220;Jazz&#8221; &#8211; Live')).toBe(nameKey('"jazz" - live'));
    expect(nameKey('Caf\u0065\u0301')).toBe(nameKey('Café'));
    expect(nameKey('Stage')).not.toBe(nameKey('Old Stage'));
  });

  test('name keys of plain and nearly plain names', () => {
    const keys: Array<[string, string]> = [
      ['Plain Hall #2 (East)', 'plain hall #2 (east)'],
      [' Riverside  Hall ', 'riverside hall'],
      ['Riverside\tHall', 'riverside hall'],
      ['Rock &amp; Roll', 'rock & roll'],
      ['<b>Bold</b> Hall', 'bold hall'],
      ['Caf\u00e9 Noir', 'caf\u00e9 noir'],
      ['Hall\u00a0B', 'hall b'],
      ['', ''],
    ];
    for (const [name, key] of keys) expect(nameKey(name), name).toBe(key);
  });

  test('slug forms: lower case, digits, inner hyphens; not digits alone, spaces or capitals', () => {
    for (const slug of ['stage', 'stage-2', 'caf%c3%a9', 'a_b', 'оркестр-города', '東京ホール']) expect(isSlugForm(slug), slug).toBe(true);
    for (const text of ['Stage', 'blue note hall', '42', '-x', 'x-', '', 'Оркестр-города']) expect(isSlugForm(text), text).toBe(false);
  });

  test('slugs derived from names as WordPress does', () => {
    expect(slugFromName('CI Org C')).toBe('ci-org-c');
    expect(slugFromName('Café Crème & Co.')).toBe('cafe-creme-co');
    expect(slugFromName("O'Brien's Big Night")).toBe('obriens-big-night');
  });

  test('values compare as the server keeps them', () => {
    expect(sameValue('cost', '5-10', '5 – 10')).toBe(true);
    expect(sameValue('cost', 'Donation', 'donation')).toBe(true);
    expect(sameValue('cost', '5', '10')).toBe(false);
    // A zero cost is one (the site keeps it and shows it Free: a create is followed by the update that stores it), not none.
    expect(sameValue('cost', 0, '')).toBe(false);
    expect(sameValue('cost', '0', '')).toBe(false);
    expect(sameValue('cost', 0, '0')).toBe(true);
    expect(sameValue('cost', '0', '0.00')).toBe(true);
    expect(sameValue('cost', '10', 10)).toBe(true);
    expect(sameValue('cost', '0', '10')).toBe(false);
    // As typed and as shown or rebuilt from cost_details: decimal commas, spaces, dashes, where the symbol stands.
    expect(sameValue('cost', '15,50 €', '15,50€')).toBe(true);
    expect(sameValue('cost', '15,50 €', '15.50€')).toBe(true);
    expect(sameValue('cost', '5 - 10 $', '5$ – 10$')).toBe(true);
    expect(sameValue('cost', '$15', '15$')).toBe(true);
    expect(sameValue('cost', '15,50 €', '16,50 €')).toBe(false);
    expect(sameValue('cost', '$15', '€15')).toBe(false);
    expect(sameValue('cost', 'Free', 'Donation')).toBe(false);
    expect(sameValue('cost', 'Free - 30$', '30$')).toBe(false);
    // The server's reading, whatever was meant: `1.000,50` is the amounts 1.000 and 50, `1,000` is 1.000.
    expect(sameValue('cost', '1.000,50 €', '1.000€ - 50€')).toBe(true);
    expect(sameValue('cost', '1.000,50 €', '1.000,50€')).toBe(true);
    expect(sameValue('cost', '$1,000', '$1.000')).toBe(true);
    expect(sameValue('cost', '10 - 5 $', '5$ – 10$')).toBe(true);
    expect(sameValue('cost', '1.000,50 €', '1.000,60 €')).toBe(false);
    expect(sameValue('cost', '0,00', '0')).toBe(true);
    expect(sameValue('title', 'Tom & Jerry', 'Tom &amp; Jerry')).toBe(true);
    expect(sameValue('description', '<p>Hello</p>', 'Hello')).toBe(true);
    expect(sameValue('featured', 'true', true)).toBe(true);
    expect(sameValue('start_date', '2027-01-10T20:00', '2027-01-10 20:00:00')).toBe(true);
    expect(sameValue('tags', [3, 1], [1, 3])).toBe(true);
    expect(sameValue('website', '', undefined)).toBe(true);
    expect(comparableValue('organizer', [])).toBe('');
  });
});

describe('which record a reference means', () => {
  const index = new RecordIndex();
  index.add(116, 'stage', 'Old Stage');
  index.add(118, 'stage-2', 'Stage');
  index.add(94, 'blue-note-hall', 'Blue Note');
  index.add(95, 'blue-note-hall-2', 'blue note hall');
  index.add(7, 'pop', 'Pop');
  index.add(8, 'pop-2', 'POP');

  test("digits are an ID; a name never lands on another record's slug", () => {
    expect(index.match(116)).toEqual({ id: 116 });
    expect(index.match('999')).toBeUndefined();
    expect(index.match('Stage')).toEqual({ id: 118 });
    expect(index.match('blue note hall')).toEqual({ id: 95 });
    expect(index.match('stage-2')).toEqual({ id: 118 });
  });

  test("a text that is one record's slug and another's name means both: ambiguous, listing each", () => {
    const ids = (ref: string) => {
      const match = index.match(ref);
      return match && 'ambiguous' in match ? match.ambiguous.map((c) => c.id).sort() : match;
    };
    // "stage" is Old Stage's slug, and the name of another venue.
    expect(ids('stage')).toEqual([116, 118]);
    expect(ids('pop')).toEqual([7, 8]);
    expect(ids('Pop')).toEqual([7, 8]);
    // A slug-form text that is no slug is a name.
    expect(index.match('blue note hall')).toEqual({ id: 95 });
  });

  test('a slug means also the record whose name WordPress spells so (it took another slug)', () => {
    const venues = new RecordIndex();
    venues.add(40, 'old-stage', 'Main Hall');
    venues.add(41, 'old-stage-2', 'Old Stage');
    venues.add(42, 'riverside', 'Riverside');
    const match = venues.match('old-stage');
    expect(match && 'ambiguous' in match ? match.ambiguous.map((c) => c.id) : match).toEqual([40, 41]);
    expect(venues.match('old-stage-2')).toEqual({ id: 41 });
    expect(venues.match('Old Stage')).toEqual({ id: 41 });
    expect(venues.match('riverside')).toEqual({ id: 42 });
    // A file's link (an export writes slugs) is the record of that slug.
    expect(venues.match('old-stage', { slugFirst: true })).toEqual({ id: 40 });
    expect(venues.match('Old Stage', { slugFirst: true })).toEqual({ id: 41 });
  });

  test('a slug in other letters is found typed in its letters or as stored', () => {
    const organizers = new RecordIndex();
    organizers.add(13, '%d0%be%d1%80%d0%ba%d0%b5%d1%81%d1%82%d1%80-%d0%b3%d0%be%d1%80%d0%be%d0%b4%d0%b0', 'Оркестр города');
    organizers.add(14, 'tokyo-hall', '東京ホール');
    expect(organizers.match('оркестр-города')).toEqual({ id: 13 });
    expect(organizers.match('%d0%be%d1%80%d0%ba%d0%b5%d1%81%d1%82%d1%80-%d0%b3%d0%be%d1%80%d0%be%d0%b4%d0%b0')).toEqual({ id: 13 });
    expect(organizers.match('оркестр города')).toEqual({ id: 13 });
    expect(organizers.match('東京ホール')).toEqual({ id: 14 });
  });
});

describe('all-day dates', () => {
  test('a day alone equals its first second as a start and its last as an end', () => {
    expect(sameValue('start_date', '2027-05-01', '2027-05-01 00:00:00')).toBe(true);
    expect(sameValue('end_date', '2027-05-02', '2027-05-02 23:59:59')).toBe(true);
    expect(sameValue('end_date', '2027-05-02', '2027-05-02 00:00:00')).toBe(false);
    expect(sameValue('start_date', '2027-05-01', '2027-05-01 10:00:00')).toBe(false);
  });
});

describe('slugs predicted from names', () => {
  test('match the slugs the server makes (curly quotes, ×, ™, non-Latin text)', () => {
    expect(slugFromName('Concert d’été')).toBe('concert-dete');
    expect(slugFromName('2×2 Jam Café™')).toBe('2x2-jam-cafe');
    expect(slugFromName('東京 Night')).toBe('%e6%9d%b1%e4%ba%ac-night');
    expect(slugFromName('Rock &amp; Roll')).toBe('rock-roll');
    // Letters without a combining accent are spelt out as remove_accents does (recordings-2: Ünïcødé became unicode).
    expect(slugFromName('Café, Crème; Backslash — Ünïcødé')).toBe('cafe-creme-backslash-unicode');
    expect(slugFromName('Æsir Łódź Straße Œuvre Þing Đà')).toBe('aesir-lodz-strase-oeuvre-thing-da');
    // Kana with voicing marks and Hangul stay composed, as WordPress encodes them.
    expect(slugFromName('東京ジャズ')).toBe('%e6%9d%b1%e4%ba%ac%e3%82%b8%e3%83%a3%e3%82%ba');
    expect(slugFromName('한국 밤')).toBe('%ed%95%9c%ea%b5%ad-%eb%b0%a4');
    expect(slugFromName('Ångström Café')).toBe('angstrom-cafe');
  });

  // What an export writes back (cost_details rebuilt into text) compares equal to what was typed,
  // with the sandbox's copy of the server's cost parser standing in for the site.
  test.each(['15', '5-10', 'Free', '$15', '20€', '15,50 €', '1.000,50 €', '$1,000', '10 - 5 $', 'Donation', '€5 – €10', '12.5', ' 7 $ ', '0'])(
    'a cost typed %j compares equal to what the site makes of it',
    (typed) => {
      const shown = formatCost(typed);
      expect(sameValue('cost', typed, costText({ cost: shown.cost, cost_details: shown.details }))).toBe(true);
    },
  );
});
