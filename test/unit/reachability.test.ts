/** The rule that gives a site up: only failures to connect, only in a row. */
import { describe, expect, it } from 'vitest';
import { CalendarError, EXIT } from '../../src/core/errors.js';
import { Reachability, SiteUnreachable, UNREACHABLE_AFTER } from '../../src/core/http/reachability.js';

const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' });
const reset = Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
const said = new CalendarError('cannot connect to http://127.0.0.1:1: connection refused', EXIT.network);

describe('reachability', () => {
  it('gives the site up after a few refused connections in a row, then refuses every request unsent', () => {
    const site = new Reachability();
    for (let i = 1; i < UNREACHABLE_AFTER; i++) expect(site.failed(refused, said)).toBe(said);
    const gaveUp = site.failed(refused, said);
    expect(gaveUp).toBeInstanceOf(SiteUnreachable);
    expect(gaveUp.exitCode).toBe(EXIT.network);
    expect(gaveUp.message).toBe(
      `cannot connect to http://127.0.0.1:1: connection refused (${UNREACHABLE_AFTER} times in a row): the site is unreachable, nothing more was sent`,
    );
    expect(() => site.check()).toThrow(gaveUp);
  });

  it('starts counting again after an answer or any other failure', () => {
    const site = new Reachability();
    for (let round = 0; round < 3; round++) {
      for (let i = 1; i < UNREACHABLE_AFTER; i++) site.failed(refused, said);
      if (round === 0) site.answered();
      else site.failed(reset, said);
    }
    expect(() => site.check()).not.toThrow();
  });
});
