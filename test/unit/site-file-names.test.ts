/** A site file's venues and organizers of one name (issue 38, item 16): named in the same run as every other problem. */
import { describe, expect, test } from 'vitest';
import { readSiteFile } from '../../src/core/site/file.js';

const problemsOf = async (text: string) => {
  try {
    return (await readSiteFile('site.yaml', text)).problems.map((p) => p.text);
  } catch (err) {
    return (err as Error).message.split('\n');
  }
};

describe('names in a site file', () => {
  test('a bad field and a second venue of its name are both named', async () => {
    const text = ['venues:', '  harbor-hall:', '    venue: Harbor Hall', '    show_map: perhaps', '  harbor-hall-2:', '    venue: Harbor Hall', ''].join('\n');
    const problems = await problemsOf(text);
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/^site\.yaml:4:15: venue harbor-hall: show_map: /);
    expect(problems[1]).toBe(
      'site.yaml:6:12: venue harbor-hall-2: venue "Harbor Hall" is also the name of venue harbor-hall (the server keeps one venue per name)',
    );
  });

  test('names the server takes for one (case and accents aside) are a conflict', async () => {
    const text = ['organizers:', '  ensemble-eclat:', '    organizer: Ensemble Eclat', '  ensemble-eclat-2:', '    organizer: ensemble éclat', ''].join('\n');
    expect(await problemsOf(text)).toEqual([
      'site.yaml:5:16: organizer ensemble-eclat-2: organizer "ensemble éclat" is also the name of organizer ensemble-eclat ("Ensemble Eclat", ' +
        'but for case, accents or spacing) (the server keeps one organizer per name)',
    ]);
  });
});
