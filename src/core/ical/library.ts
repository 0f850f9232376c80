/**
 * ical.js, loaded on first use so that commands which never touch iCalendar do not pay
 * for it at start-up (it is about 250 kB of JavaScript).
 */
import type ICALModule from 'ical.js';
import { COPY_TEXT_PROPERTIES } from './copy-fields.js';

export type Ical = typeof ICALModule;

/**
 * The status of an event exported unpublished (draft, pending), read back by our import:
 * STATUS:TENTATIVE alone means a tentative event to every other calendar (Google writes it
 * for published ones), so it cannot mean "draft".
 */
export const UNPUBLISHED_PROPERTY = 'x-calendar-status';

/** Names are lower case, as ical.js keys its design tables. */
const TEXT_EXTENSIONS = ['x-alt-desc', 'x-wr-calname', 'x-wr-caldesc', 'x-wr-timezone', UNPUBLISHED_PROPERTY, ...COPY_TEXT_PROPERTIES];
/** RFC 5545 allows one ORGANIZER per event; the others travel in this property. */
export const EXTRA_ORGANIZER = 'x-calendar-organizer';

let loading: Promise<Ical> | undefined;

export function loadIcal(): Promise<Ical> {
  loading ??= import('ical.js').then((module) => {
    const ICAL = module.default;
    // ical.js counts the first line's octets only; a continuation line also carries the
    // leading space, so 74 keeps every physical line within RFC 5545's 75 octets.
    ICAL.foldLength = 74;
    // Extension properties are read and written as TEXT (escaped commas, semicolons and
    // line breaks) instead of raw, as Outlook and Apple write them.
    const properties = ICAL.design.icalendar.property as Record<string, { defaultType: string }>;
    for (const name of TEXT_EXTENSIONS) properties[name] ??= { defaultType: 'text' };
    properties[EXTRA_ORGANIZER] ??= { defaultType: 'cal-address' };
    return ICAL;
  });
  return loading;
}
