/** The series: section of a site file read: each entry stands for its occurrences; every mistake named by file:line:column, nothing sent. */
import { describe, expect, test } from 'vitest';
import { readSiteFile } from '../../../src/core/site/file.js';

const entry = (extra = '', rule = 'FREQ=WEEKLY;COUNT=3') =>
  [
    'events: {}',
    'series:',
    '  yoga-series-abc123:',
    `    rule: ${rule}`,
    '    start_date: 2027-03-02 19:00:00',
    '    end_date: 2027-03-02 20:00:00',
    '    timezone: Europe/Paris',
    '    event:',
    '      title: Yoga',
    extra,
  ].join('\n');

const problemsOf = async (text: string) => {
  try {
    const file = await readSiteFile('site.yaml', text);
    return file.problems.map((p) => p.text);
  } catch (err) {
    return (err as Error).message.split('\n');
  }
};

describe('series in a site file', () => {
  test('an entry stands for its occurrences, with the fields that differ and without the starts it leaves out', async () => {
    const file = await readSiteFile(
      'site.yaml',
      entry(['    except: [2027-03-09]', '    occurrences:', '      "20270316":', '        title: Yoga outdoors'].join('\n')),
    );
    const events = file.document.get('events')!;
    expect([...events.values()].map((e) => [e.slug, e.fields.title, e.fields.start_date, e.fields.timezone])).toEqual([
      ['yoga-series-abc123-20270302', 'Yoga', '2027-03-02 19:00:00', 'Europe/Paris'],
      ['yoga-series-abc123-20270316', 'Yoga outdoors', '2027-03-16 19:00:00', 'Europe/Paris'],
    ]);
    expect(file.document.series?.get('abc123')).toMatchObject({ stem: 'yoga-series-abc123', rule: 'FREQ=WEEKLY;COUNT=3' });
  });

  test.each([
    [entry('', 'FREQ=WEEKLY'), 'site.yaml:4:11: series yoga-series-abc123: rule FREQ=WEEKLY: the rule has no end'],
    [entry('    except: [2027-03-10]'), 'site.yaml:10:14: series yoga-series-abc123: except: 2027-03-10 is not a start of the rule'],
    [entry(['    occurrences:', '      "20270310":', '        title: x'].join('\n')), 'occurrences: 20270310 is not a start of the rule'],
    [entry('    colour: red'), 'series yoga-series-abc123: colour: not a field of a series'],
    [entry().replace('events: {}\n', ''), 'series: a file with series needs an events: key'],
    [entry().replace('yoga-series-abc123', 'yoga'), "series yoga: a series' key is the slug its occurrences start with"],
    [entry().replace('      title: Yoga', '      title: ""'), 'series yoga-series-abc123 occurrence 2027-03-02: title'],
    [
      entry().replace(
        'events: {}',
        'events:\n  yoga-series-abc123-20270309:\n    title: Yoga\n    start_date: 2027-03-09 19:00:00\n    end_date: 2027-03-09 20:00:00',
      ),
      'its occurrence yoga-series-abc123-20270309 is also an event of the file',
    ],
  ])('%#: refused, naming the place', async (text, problem) => {
    expect((await problemsOf(text)).join('\n')).toContain(problem);
  });
});
