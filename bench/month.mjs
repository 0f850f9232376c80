// `calendar month` over a month of 500 events against `events list --all` of the same month:
// the grid reads the same pages, so it should cost little more than the list.
import { BIN, fmt, median, run, seedEvents, startServe } from './harness.mjs';

/** Seeds 500 hourly events from 1 January 2030 (about three weeks) and reports month / list. */
export async function monthVsList(reps, report) {
  const site = await startServe();
  try {
    await seedEvents(site.api, 500);
    const month = [];
    const list = [];
    for (let i = 0; i < reps; i++) {
      list.push(
        (
          await run(process.execPath, [BIN, 'events', 'list', '--all', '--start-date', '2030-01-01', '--end-date', '2030-01-31', '--format', 'ndjson'], {
            env: site.env,
          })
        ).ms,
      );
      month.push((await run(process.execPath, [BIN, 'month', '2030-01-15', '--width', '120', '--timezone', 'UTC'], { env: site.env })).ms);
    }
    report(
      'month_vs_list_all',
      median(month) / median(list),
      1.5,
      `month of 500 events ${fmt(median(month), 0)} ms, events list --all of that month ${fmt(median(list), 0)} ms`,
    );
  } finally {
    await site.stop();
  }
}
