/**
 * A site that has gone away: once a few requests in a row could not even connect (connection
 * refused, no such host, no route), the client gives the site up and every later request
 * fails at once with one SiteUnreachable error, without being sent. Bulk runs (import, the
 * iCalendar import, site apply) stop on that error: a site that goes away mid-run is one line
 * and exit 5, its unsent records kept, rather than one identical line per record.
 */
import { CalendarError, EXIT } from '../errors.js';

/** Failures to connect in a row after which the site is given up. */
export const UNREACHABLE_AFTER = 3;

/** Codes that say no connection could be made: nothing of the request reached the site. */
const CANNOT_CONNECT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);

/** The code of a failed request: undici's own, or that of the system error it wraps. */
export function failureCode(err: unknown): string | undefined {
  const e = err as NodeJS.ErrnoException & { cause?: NodeJS.ErrnoException };
  return e?.code ?? e?.cause?.code ?? e?.name;
}

/** The site was given up: no request is sent to it any more. */
export class SiteUnreachable extends CalendarError {}

export class Reachability {
  private failuresInARow = 0;
  private gaveUp: SiteUnreachable | undefined;

  /** Before each request: throws once the site was given up. */
  check(): void {
    if (this.gaveUp) throw this.gaveUp;
  }

  /** The site answered (whatever the status). */
  answered(): void {
    this.failuresInARow = 0;
  }

  /** A request failed with `raw` (said to the user as `error`): the error to throw. */
  failed(raw: unknown, error: CalendarError): CalendarError {
    if (!CANNOT_CONNECT.has(failureCode(raw) ?? '')) {
      this.failuresInARow = 0;
      return error;
    }
    if (this.gaveUp) return this.gaveUp;
    if (++this.failuresInARow < UNREACHABLE_AFTER) return error;
    this.gaveUp = new SiteUnreachable(
      `${error.message} (${this.failuresInARow} times in a row): the site is unreachable, nothing more was sent`,
      EXIT.network,
      error.hint,
    );
    return this.gaveUp;
  }
}
