import { describe, expect, it } from 'vitest';
import ICAL from 'ical.js';
import { htmlToText, textToHtml } from '../../../src/core/ical/html-text.js';
import { buildVtimezone, zoneTransitions } from '../../../src/core/ical/vtimezone.js';
import { WINDOWS_ZONE_NAMES, windowsZoneToIana } from '../../../src/core/ical/windows-zones.js';
import { ianaZoneOf } from '../../../src/core/ical/zones.js';
import { isValidTimeZone, utcMsToZoned, zonedToUtcMs } from '../../../src/base/time.js';

describe('HTML to plain text', () => {
  it('keeps paragraphs, line breaks, list items and links as text (url)', () => {
    expect(htmlToText('<p>One &amp; <strong>two</strong></p>\n<p>Three<br />four</p>')).toBe('One & two\n\nThree\nfour');
    expect(htmlToText('<p>See <a href="https://x.example/?a=1&amp;b=2">the page</a>.</p>')).toBe('See the page (https://x.example/?a=1&b=2).');
    expect(htmlToText('<a href="https://x.example/">https://x.example/</a>')).toBe('https://x.example/');
    expect(htmlToText('<a href="mailto:a@b.example">a@b.example</a>')).toBe('a@b.example');
    expect(htmlToText('<ul><li>a</li><li>b</li></ul>')).toBe('- a\n- b');
    expect(htmlToText('<style>p{}</style><p>x&nbsp;&#8217;y&#x1F389;</p><!-- note -->')).toBe('x ’y🎉');
    expect(htmlToText('plain, text; as is')).toBe('plain, text; as is');
  });

  it('turns plain text into paragraphs with escaped markup', () => {
    expect(textToHtml('a < b & c\nnext line\n\nsecond paragraph')).toBe('<p>a &lt; b &amp; c<br />\nnext line</p>\n<p>second paragraph</p>');
  });
});

describe('VTIMEZONE from Intl', () => {
  it('finds each DST change to the minute', () => {
    const changes = zoneTransitions('America/New_York', 2026, 2026);
    expect(changes.map((c) => [new Date(c.utcMs).toISOString(), c.fromMinutes, c.toMinutes])).toEqual([
      ['2026-03-08T07:00:00.000Z', -300, -240],
      ['2026-11-01T06:00:00.000Z', -240, -300],
    ]);
    expect(zoneTransitions('Asia/Tokyo', 2020, 2030)).toEqual([]);
    expect(zoneTransitions('Asia/Kolkata', 2026, 2026)).toEqual([]);
  });

  it('lets ical.js compute the same instants as Intl, around every change and in the southern hemisphere', () => {
    let checked = 0;
    for (const zone of ['America/New_York', 'Europe/Paris', 'Australia/Sydney', 'America/Santiago', 'Asia/Kathmandu', 'Europe/London']) {
      const vtimezone = buildVtimezone(ICAL, zone, 2025, 2027);
      const text = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:t', vtimezone.toString(), 'END:VCALENDAR'].join('\r\n');
      const timezone = new ICAL.Timezone(new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vtimezone')!);
      const probes = [
        '2025-01-01 00:00:00',
        '2025-06-15 12:00:00',
        '2026-03-08 01:59:00',
        '2026-03-08 03:00:00',
        '2026-03-29 01:30:00',
        '2026-03-29 03:30:00',
        '2026-04-05 01:00:00',
        '2026-04-05 03:30:00',
        '2026-10-04 03:00:00',
        '2026-10-25 04:00:00',
        '2026-11-01 02:30:00',
        '2027-12-31 23:59:00',
      ];
      for (const wall of probes) {
        const [date, time] = wall.split(' ');
        const [year, month, day] = date.split('-').map(Number);
        const [hour, minute] = time.split(':').map(Number);
        const local = ICAL.Time.fromData({ year, month, day, hour, minute, second: 0 }, timezone);
        const instant = zonedToUtcMs(wall, zone);
        if (utcMsToZoned(instant, zone) !== wall) continue; // skipped by the clocks: no instant to agree on
        expect(local.toUnixTime() * 1000, `${zone} ${wall}`).toBe(instant);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(60);
  });

  it('names observances DAYLIGHT or STANDARD', () => {
    const paris = buildVtimezone(ICAL, 'Europe/Paris', 2026, 2026);
    expect(paris.getAllSubcomponents().map((c) => c.name)).toEqual(['standard', 'daylight', 'standard']);
    const sydney = buildVtimezone(ICAL, 'Australia/Sydney', 2026, 2026);
    expect(sydney.getAllSubcomponents().map((c) => c.name)).toEqual(['daylight', 'standard', 'daylight']);
    expect(paris.getAllSubcomponents()[1].getFirstPropertyValue('dtstart')!.toString()).toBe('2026-03-29T02:00:00');
  });
});

describe('zone names', () => {
  it('maps every Windows name in the table to a zone Intl knows', () => {
    expect(WINDOWS_ZONE_NAMES.length).toBeGreaterThan(90);
    for (const name of WINDOWS_ZONE_NAMES) expect(isValidTimeZone(windowsZoneToIana(name)!), name).toBe(true);
    expect(windowsZoneToIana('Romance Standard Time')).toBe('Europe/Paris');
  });

  it('reads IANA names directly, behind vendor prefixes, or as Windows names', () => {
    expect(ianaZoneOf('Europe/Paris')).toBe('Europe/Paris');
    expect(ianaZoneOf('/mozilla.org/20050126_1/Europe/Paris')).toBe('Europe/Paris');
    expect(ianaZoneOf('tzone://Microsoft/Pacific Standard Time')).toBe('America/Los_Angeles');
    expect(ianaZoneOf('"Tokyo Standard Time"')).toBe('Asia/Tokyo');
    expect(ianaZoneOf('Island Standard Time (custom)')).toBeUndefined();
    expect(ianaZoneOf('UTC+2')).toBeUndefined();
  });
});
