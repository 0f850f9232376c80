/**
 * Re-enacts test/fixtures/recordings-2 in the recorded order on one fresh sandbox (see
 * replay-2.ts for what is compared and what is normalised). A test run alone (`-t`) replays
 * the recordings before it first. REPLAY2_DEBUG=1 prints every difference found.
 *
 * Not replayed: see NOT_REPLAYED in replay-2.ts. Re-enacted with a change:
 * - event_create_featured: the image is given by URL (the sandbox has no media library).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRecordings2, NOT_REPLAYED, Replay2 } from './replay-2.js';

/** Differences the sandbox keeps, by recording: what differs and why. */
const KNOWN: Record<string, string[]> = {};

/**
 * Recordings the sandbox does not re-enact yet: their tests check that they still differ, so
 * that the one a fix makes match is named here no more. What differs (REPLAY2_DEBUG=1 shows it):
 * - list feeds under /events/ (archive, list, category, tribe-bar-date, rewrite and Outlook
 *   forms) give the venue-less Paris event `LOCATION:NY`, a value left over from another event;
 *   the feeds at /?ical=1, the venue and organizer pages and the final archive do not;
 * - the featured image has no width, height or filesize (no media library: given by URL);
 * - json_ld of the backslash event: the name loses its backslash again, `<br />` leaves no space;
 * - an updated or trashed event in /wp/v2/tribe_events has no `predecessor-version` link (the real
 *   update makes a revision, whose post ID the sandbox cannot match: it makes no attachment for
 *   the poster uploaded before), and its generated excerpt is not cut at the 30 words seen there.
 */
const PENDING = new Set([
  'event_create_featured',
  'ical_events_archive',
  'ical_events_archive_pretty',
  'ical_events_list_view',
  'ical_subscribe_url',
  'ical_outlook',
  'ical_bar_date_past',
  'ical_bar_date_future',
  'ical_start_date_param',
  'ical_single_evening_pretty',
  'ical_single_evening_outlook',
  'ical_category_parent',
  'ical_category_parent_pretty',
  'rest_events_list',
  'rest_events_list_authenticated',
  'rest_event_get_html_unicode',
  'wp_tribe_events_list_full_per_page_1',
  'wp_tribe_events_trash_list',
  'ical_events_archive_after_trash',
]);

const all = loadRecordings2();
const recordings = all.filter((recording) => !(recording.name in NOT_REPLAYED));
const replay = new Replay2();
let sent = 0;
const tally = { matched: 0 };

async function stateBefore(index: number): Promise<void> {
  if (sent > index) {
    await replay.close();
    await replay.start();
    sent = 0;
  }
  for (; sent < index; sent++) await replay.send(recordings[sent]);
}

describe('contract: the sandbox re-enacts the recordings of feeds, core routes and trash', () => {
  beforeAll(() => replay.start());
  afterAll(async () => {
    await replay.close();
    console.log(`contract-2: ${tally.matched} of ${recordings.length} re-enacted recordings match, ${all.length - recordings.length} not replayed`);
  });

  it('has all 124 recordings', () => {
    expect(all.length).toBe(124);
  });

  recordings.forEach((recording, index) => {
    const pending = PENDING.has(recording.name);
    // A pending recording must still differ: once a fix makes it match, this fails until it leaves PENDING.
    it(`${recording.name}: ${recording.what}${pending ? ' (still differs: see PENDING)' : ''}`, async () => {
      await stateBefore(index);
      const actual = await replay.send(recording);
      sent++;
      const problems = replay.compare(recording, actual).filter((problem) => !(KNOWN[recording.name] ?? []).includes(problem));
      if (!problems.length) tally.matched++;
      if (process.env.REPLAY2_DEBUG && problems.length) console.log(`## ${recording.name}\n${problems.join('\n')}`);
      if (pending) expect(problems, `${recording.name} now matches: take it off PENDING`).not.toEqual([]);
      else expect(problems).toEqual([]);
    });
  });
});
