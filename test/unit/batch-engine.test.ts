/**
 * The one batch engine of import, the iCalendar sync and apply (src/core/batch): counts, the
 * first Ctrl-C, failures, the rows left undone in input order, the summary line.
 */
import { describe, expect, test } from 'vitest';
import { Batch, type BatchFace, type RowDone } from '../../src/core/batch/run.js';
import { summaryLine } from '../../src/core/batch/counts.js';
import { unfinishedError } from '../../src/core/batch/outcome.js';
import { CalendarError, EXIT } from '../../src/core/errors.js';
import { SiteUnreachable } from '../../src/core/http/reachability.js';

interface Row {
  n: number;
}

const rows = (count: number): Row[] => Array.from({ length: count }, (_, n) => ({ n }));

/** A face that keeps every message, and whose Ctrl-C the test presses. */
function face() {
  const said: string[] = [];
  let press: ((signal: NodeJS.Signals) => void) | undefined;
  let listening = false;
  const shown: string[] = [];
  const value: BatchFace = {
    messages: {
      notice: (line) => void said.push(`notice: ${line}`),
      warn: (line) => void said.push(`warn: ${line}`),
      error: (line) => void said.push(`error: ${line}`),
    },
    onInterrupt(handler) {
      press = handler;
      listening = true;
      return () => void (listening = false);
    },
    progress: (label, total) => {
      shown.push(`start ${label} ${total}`);
      return { clear: () => void shown.push('clear'), stop: () => void shown.push('stop') };
    },
  };
  return { value, said, shown, press: (signal: NodeJS.Signals = 'SIGINT') => press?.(signal), listening: () => listening };
}

const batchOf = (f: ReturnType<typeof face>, settings: { concurrency?: number; failFast?: boolean; dryRun?: boolean } = {}, total = 10) =>
  new Batch<Row>({ label: 'test', total, settings: { concurrency: 2, ...settings }, face: f.value, where: (row) => `row ${row.n}`, keepOutcomes: true });

describe('the batch engine', () => {
  test('counts what each row became, keeps the outcomes in input order and says one summary line', async () => {
    const f = face();
    const batch = batchOf(f);
    await batch.start();
    const results: RowDone['result'][] = ['created', 'updated', 'unchanged', 'removed', 'skipped', 'conflict'];
    await batch.run(rows(6).reverse(), async (row) => ({ result: results[row.n], id: row.n + 100 }));
    const counts = batch.finish();
    expect(counts).toMatchObject({ created: 1, updated: 1, unchanged: 1, removed: 1, skipped: 1, conflicts: 1, failed: 0 });
    expect(batch.outcomes.map((o) => o.item.n)).toEqual([5, 4, 3, 2, 1, 0]);
    expect(f.said).toEqual(['notice: 1 created, 1 updated, 1 unchanged, 1 removed, 0 failed, 1 conflicts (names taken), 1 skipped (private or cancelled)']);
    // The summary comes once the display is gone.
    expect(f.shown).toEqual(['start test 10', 'stop']);
    expect(f.listening()).toBe(false);
  });

  test('the first Ctrl-C: no new row is started, those in flight finish, the rest are not sent and kept in input order', async () => {
    const f = face();
    const batch = batchOf(f);
    await batch.start();
    const started: number[] = [];
    await batch.run(rows(10), async (row) => {
      started.push(row.n);
      if (row.n === 3) f.press();
      await new Promise((resolve) => setImmediate(resolve));
      return { result: 'created' };
    });
    batch.end();
    const counts = batch.counts;
    expect(counts.interrupted).toBe(true);
    expect(counts.created).toBe(started.length);
    expect(counts.created + (counts.notSent ?? 0)).toBe(10);
    expect(started.length).toBeLessThanOrEqual(5);
    expect(batch.undoneRows.map((o) => o.item.n)).toEqual(
      rows(10)
        .map((r) => r.n)
        .filter((n) => !started.includes(n)),
    );
    expect(f.said[0]).toBe('warn: interrupted: no new request is sent; the ones in flight finish (Ctrl-C again aborts at once)');
    // A message takes the progress line away first.
    expect(f.shown.slice(0, 2)).toEqual(['start test 10', 'clear']);
    expect(unfinishedError(counts, { rows: 'records', total: 10, hints: { unreachable: 'u', interrupted: 'i', failed: 'f' } })).toMatchObject({
      message: `interrupted: ${counts.notSent} of 10 records not confirmed`,
      exitCode: EXIT.interrupted,
      hint: 'i',
    });
  });

  test('a failed row is said with where it is, kept for --failed-to, and the rest go on; --fail-fast stops', async () => {
    for (const failFast of [false, true]) {
      const f = face();
      const batch = batchOf(f, { concurrency: 1, failFast });
      await batch.start();
      await batch.run(rows(4), async (row) => {
        if (row.n === 1) throw new CalendarError('refused', EXIT.refused);
        return { result: 'created' };
      });
      const counts = batch.finish();
      expect(f.said).toContain('error: row 1: refused');
      expect(batch.undoneRows.map((o) => [o.item.n, o.result])).toEqual(
        failFast
          ? [
              [1, 'failed'],
              [2, 'not_sent'],
              [3, 'not_sent'],
            ]
          : [[1, 'failed']],
      );
      expect(counts.created).toBe(failFast ? 1 : 3);
      expect(
        unfinishedError(counts, { rows: 'records', total: 4, failedList: ': row 1', hints: { unreachable: 'u', interrupted: 'i', failed: 'f' } }),
      ).toMatchObject({
        message: failFast ? '1 of 4 records failed and 2 were not sent: row 1' : '1 of 4 records failed: row 1',
        exitCode: EXIT.partial,
      });
    }
  });

  test('the site gone is said once by the run, not once a row, and stops it; an auth failure ends it at once', async () => {
    const f = face();
    const batch = batchOf(f, { concurrency: 1 });
    const gone = new SiteUnreachable('cannot reach the site', EXIT.network);
    await batch.run(rows(5), async (row) => {
      if (row.n >= 2) throw gone;
      return { result: 'updated' };
    });
    expect(batch.counts).toMatchObject({ updated: 2, failed: 1, notSent: 2, unreachable: gone });
    expect(f.said).toEqual([]);
    expect(unfinishedError(batch.counts, { rows: 'changes', total: 5, hints: { unreachable: 'u', interrupted: 'i', failed: 'f' } })?.message).toBe(
      'cannot reach the site; 3 of 5 changes not confirmed',
    );
    const denied = batchOf(face());
    await expect(denied.run(rows(3), async () => Promise.reject(new CalendarError('not allowed', EXIT.auth)))).rejects.toThrow('not allowed');
  });

  test('the summary of a dry run says what would be done; zero counts beyond the first four are left out', () => {
    expect(summaryLine({ created: 2, updated: 1, unchanged: 0, failed: 0, removed: 3, notSent: 0 }, true)).toBe(
      'dry run, nothing sent: 2 to create, 1 to update, 0 unchanged, 3 to remove, 0 failed',
    );
    expect(summaryLine({ created: 0, updated: 0, unchanged: 4, failed: 1, notSent: 2 }, false)).toBe('0 created, 0 updated, 4 unchanged, 1 failed, 2 not sent');
  });
});
