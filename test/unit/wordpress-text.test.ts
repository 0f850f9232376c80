/**
 * The server's text rules (src/wordpress), checked against what the real site (WordPress
 * 7.0.2, The Events Calendar 6.17.1, language English) did with texts typed into it: the
 * title stored in wp_posts, the title its REST routes showed, the slug it made, the SUMMARY
 * of its iCalendar feed. The client and the sandbox both read these rules.
 */
import { describe, expect, test } from 'vitest';
import { slugFromName } from '../../src/wordpress/slugs.js';
import { slashBackslashes, unslash } from '../../src/wordpress/slashes.js';
import { decodeEntities, htmlToText, stripAllTags, termName, textAsShown } from '../../src/wordpress/text.js';
import { texturize } from '../../src/wordpress/texturize.js';
import { nameKey, sameValue } from '../../src/core/records/identity.js';
import { titleSlug } from '../../src/core/ical/identity.js';
import { dayEdge } from '../../src/wordpress/dates.js';

/** Event titles typed, as REST showed them (the database kept them as typed), and their slugs. */
const TITLES: Array<[typed: string, shown: string, slug: string]> = [
  ['a--b', 'a&#8211;b', 'a-b'],
  ['a---b', 'a&#8212;b', 'a-b'],
  ['a - b', 'a &#8211; b', 'a-b'],
  ['a -- b', 'a &#8212; b', 'a-b'],
  ['a - - b', 'a &#8211; &#8211; b', 'a-b'],
  [`"quoted" and 'single' O'Brien '90s`, '&#8220;quoted&#8221; and &#8216;single&#8217; O&#8217;Brien &#8217;90s', 'quoted-and-single-obrien-90s'],
  ['wait... more', 'wait&#8230; more', 'wait-more'],
  ['R&B <b>bold</b> &amp; co', 'R&#038;B <b>bold</b> &amp; co', 'r-co'],
  ['(a) -b- [c] "d"', '(a) -b- [c] &#8220;d&#8221;', 'a-b-c-d'],
  [`size 1" 2' x`, 'size 1&#8243; 2&#8242; x', 'size-1-2-x'],
  [`"Route 66" and 5'10" tall`, '&#8220;Route 66&#8243; and 5&#8217;10&#8221; tall', 'route-66-and-510-tall'],
  [`'Route 66' 9' x`, '&#8216;Route 66&#8242; 9&#8217; x', 'route-66-9-x'],
  [`the 1990's 2"x4"`, 'the 1990&#8217;s 2&#8243;x4&#8243;', 'the-1990s-2x4'],
  ["'em and 'til 'cause", '&#8217;em and &#8217;til &#8217;cause', 'em-and-til-cause'],
  ["Brand (tm) ``quoted'' here", 'Brand &#8482; &#8220;quoted&#8221; here', 'brand-tm-quoted-here'],
  ['9x9 0x5 0.5x2 10x20cm', '9&#215;9 0x5 0.5&#215;2 10x20cm', '9x9-0x5-0-5x2-10x20cm'],
  ['<code>a--b</code> c--d', '<code>a--b</code> c&#8211;d', 'a-b-c-d'],
  ['xn--abc punycode', 'xn--abc punycode', 'xn-abc-punycode'],
  ['a&b &amp; &foo; &#99; &bogusentity;', 'a&#038;b &amp; &foo; &#99; &#038;bogusentity;', 'a'],
  ["'quoted' text", '&#8216;quoted&#8217; text', 'quoted-text'],
  ['"a" "b"', '&#8220;a&#8221; &#8220;b&#8221;', 'a-b'],
  ["It's 5 o'clock", 'It&#8217;s 5 o&#8217;clock', 'its-5-oclock'],
  ["rock 'n' roll", 'rock &#8216;n&#8217; roll', 'rock-n-roll'],
  ['"nested \'single\' quote"', '&#8220;nested &#8216;single&#8217; quote&#8221;', 'nested-single-quote'],
  ['12\' 6" board', '12&#8242; 6&#8243; board', '12-6-board'],
  ['"He said \'99 was great"', '&#8220;He said &#8217;99 was great&#8221;', 'he-said-99-was-great'],
  ['\'0.42\' and "42"', '&#8216;0.42&#8217; and &#8220;42&#8221;', '0-42-and-42'],
  ['(“already”) –x— …', '(“already”) –x— …', 'already-x'],
  ['a -b- c- -d', 'a -b- c- -d', 'a-b-c-d'],
  ['don\'t "stop" believin\'', 'don&#8217;t &#8220;stop&#8221; believin&#8217;', 'dont-stop-believin'],
  ["[shortcode] 'x'", '[shortcode] &#8216;x&#8217;', 'shortcode-x'],
];

describe('wptexturize, one way', () => {
  test.each(TITLES)('%s is shown as %s', (typed, shown) => {
    expect(texturize(typed)).toBe(shown);
  });

  test('a typed text and the text the site shows for it come to one form; different dashes do not', () => {
    for (const [typed, shown] of TITLES) expect(textAsShown(typed), typed).toBe(textAsShown(shown));
    // `–` stands for `--` and for ` - `: shown `a–b` is not the typed `a-b`, nor `a—b`.
    expect(textAsShown('a-b')).not.toBe(textAsShown('a&#8211;b'));
    expect(textAsShown('a--b')).not.toBe(textAsShown('a---b'));
  });

  test('names and values compare as typed against as shown (the old fold made `a--b` and `a&#8211;b` differ)', () => {
    expect(nameKey('Rock--Roll Hall')).toBe(nameKey('Rock&#8211;Roll Hall'));
    expect(nameKey('Rock - Roll')).toBe(nameKey('Rock &#8211; Roll'));
    expect(nameKey('Rock -- Roll')).toBe(nameKey('Rock &#8212; Roll'));
    expect(sameValue('title', 'Jazz---Live...', 'Jazz&#8212;Live&#8230;')).toBe(true);
    expect(sameValue('title', 'Jazz-Live', 'Jazz&#8211;Live')).toBe(false);
  });

  test('venue and organizer names are texturized like titles; term names only have `&` escaped', () => {
    const typed = `text-venues a--b "q" R&B O'x...`;
    expect(texturize(typed)).toBe('text-venues a&#8211;b &#8220;q&#8221; R&#038;B O&#8217;x&#8230;');
    expect(termName(`text-categories a--b "q" R&B O'x...`)).toBe(`text-categories a--b "q" R&amp;B O'x...`);
  });
});

describe('the iCalendar SUMMARY is the stored title, tags stripped and entities decoded', () => {
  test.each([
    ['a - b', 'a - b'],
    ['a -- b', 'a -- b'],
    ['R&B <b>bold</b> &amp; co', 'R&B bold & co'],
    [`"quoted" and 'single' O'Brien '90s`, `"quoted" and 'single' O'Brien '90s`],
  ])('%s -> %s', (typed, summary) => {
    expect(decodeEntities(stripAllTags(typed))).toBe(summary);
  });
});

describe('slugs: sanitize_title on an English site', () => {
  test.each([
    ...TITLES.map(([typed, , slug]): [string, string] => [typed, slug]),
    ['Straße', 'strase'],
    ['Æsir æ', 'aesir-ae'],
    ['Øre ø', 'ore-o'],
    ['Œuvre œ', 'oeuvre-oe'],
    ['ÄÖÜ äöü', 'aou-aou'],
    ['Łódź Żółć ĄĘŚŃ ąęśń', 'lodz-zolc-aesn-aesn'],
    ['Ğğ Şş İı Çç Öö', 'gg-ss-ii-cc-oo'],
    ['þorn Ðð Đđ Ħħ', 'thorn-dd-dd-hh'],
    ['ĳ ŀ ŉ ĸ', 'ij-l-n-k'],
    ['Ñ é È ê', 'n-e-e-e'],
    ['café © ® ™ × ½', 'cafe-x-%c2%bd'],
    ['50% off %zz', '50-off-zz'],
    ['x&#8211;y&nbsp;z', 'x-y-z'],
    ['ẞ GROß', '%c3%9f-gros'],
    ['Concert d’été', 'concert-dete'],
    ['“Quoted” «Guillemets» ‹single›', 'quoted-guillemets-single'],
    ['Rock & Roll', 'rock-roll'],
    ['Salle Pleyel – Paris', 'salle-pleyel-paris'],
    ['Jazz\u00a0Night', 'jazz-night'],
    ['AC/DC tribute', 'ac-dc-tribute'],
    ['2×2 jam', '2x2-jam'],
    ['Café… ©2027™', 'cafe-2027'],
    ['Zero\u200bwidth', 'zerowidth'],
    ['Kraków Jazz', 'krakow-jazz'],
    ['東京 Night', '%e6%9d%b1%e4%ba%ac-night'],
    ['v1.2 release', 'v1-2-release'],
    ['東京ジャズ', '%e6%9d%b1%e4%ba%ac%e3%82%b8%e3%83%a3%e3%82%ba'],
    ['한국 밤', '%ed%95%9c%ea%b5%ad-%eb%b0%a4'],
  ])('%s -> %s', (name, slug) => {
    expect(slugFromName(name)).toBe(slug);
  });

  test("a term's slug is made of its name as stored (`&` as `&amp;`)", () => {
    expect(slugFromName(termName('R&B; rock & roll; go'))).toBe('rb-rock-roll-go');
  });

  test("an iCalendar occurrence's title words are WordPress's slug without its escapes (ß is s, as the site spells it)", () => {
    expect(titleSlug('Straße Fest')).toBe('strase-fest');
    expect(titleSlug('Œuvre 東京')).toBe('oeuvre');
  });
});

describe('HTML as text', () => {
  const html = '<p>One &amp; <b>two</b><br>three <a href="https://x.example/">link</a></p>\n<p>Four&nbsp;five</p><script>x()</script>';
  test('one line: for cells, completions, messages and comparisons', () => {
    expect(htmlToText(html)).toBe('One & twothree link Four five');
    expect(htmlToText('<strong>Error:</strong> Sorry, you are not allowed to edit &#8220;x&#8221;.')).toBe('Error: Sorry, you are not allowed to edit “x”.');
  });
  test('lines: for a description read as a document', () => {
    expect(htmlToText(html, { lines: true })).toBe('One & two\nthree link (https://x.example/)\n\nFour five');
  });
});

describe('backslashes', () => {
  test('what a client doubles, wp_unslash gives back as typed', () => {
    for (const text of ['C:\\Temp\\new', 'a \\0 b', 'trailing \\', '\\\\ two']) expect(unslash(slashBackslashes(text))).toBe(text);
    expect(unslash('Back\\slash')).toBe('Backslash');
  });
});

describe('dates', () => {
  test('a day runs from its first to its last second; a date-time is cut to its day', () => {
    expect(dayEdge('2027-03-01', 'start')).toBe('2027-03-01 00:00:00');
    expect(dayEdge('2027-03-01 19:30:00', 'end')).toBe('2027-03-01 23:59:59');
  });
});
