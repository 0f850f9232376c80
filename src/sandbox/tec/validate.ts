/**
 * tec/v1's checks of a write's body, made before anything is written (and before the
 * permission check, as WordPress validates arguments first), with the real site's 400 bodies:
 * a value of the wrong kind is "Invalid parameter." (no details); the plugin's own checks
 * (IDs, dates, URLs, e-mail addresses) name their argument and give a code.
 */
import { ParamProblems } from '../common/errors.js';
import { isPositiveInteger, type Params } from '../common/params.js';
import type { PostResource } from '../store/kinds.js';
import { takesUrl } from '../../wordpress/urls.js';

/** The statuses a tec/v1 write takes. */
export const TEC_STATUSES = ['publish', 'future', 'draft', 'pending', 'private'];

const DATE_TIME = /^[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2}$/;
const POST_DATE = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}(?::\d{2})?)?$/;
const EMAIL = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+$/;

const STRING_FIELDS = [
  'title',
  'content',
  'excerpt',
  'slug',
  'cost',
  'timezone',
  'address',
  'city',
  'country',
  'state',
  'province',
  'state_province',
  'zip',
  'phone',
];
const ID_LISTS = ['venues', 'organizers', 'tags', 'tribe_events_cat'];
const URL_FIELDS = ['website'];

/** The plugin's refusal: "Argument `{x}` must …", its details "The argument `{x}` is not …" (or `details` whole). */
function argument(problems: ParamProblems, param: string, name: string, code: string, must: string, isNot: string, details?: string): void {
  const explained = details ?? `The argument \`{${name}}\` ${isNot}.`;
  problems.invalid(param, { code, message: `Argument \`{${name}}\` must ${must}.`, data: { status: 400, argument: name, details: explained } });
}

/** A date argument that does not match its pattern: the pattern is named in the details. */
function patternMismatch(problems: ParamProblems, name: string, pattern: RegExp): void {
  argument(problems, name, name, 'tec_rest_invalid_date_time_argument', 'match the pattern', `does not match the pattern \`${pattern.source}\``);
}

/** A real calendar date and time of day (`2027-01-07 25:00:00` is not one). */
function isDateTime(text: string): boolean {
  const [date, time] = text.split(' ');
  const [y, m, d] = date.split('-').map(Number);
  const [h, i, s] = time.split(':').map(Number);
  const day = new Date(Date.UTC(y, m - 1, d));
  return day.getUTCMonth() === m - 1 && day.getUTCDate() === d && h < 24 && i < 60 && s < 60;
}

/** Throws the 400 the real site answers for the first body it refuses; nothing is written. */
export function checkTecBody(resource: PostResource, body: Params): void {
  const problems = new ParamProblems();
  for (const [name, value] of Object.entries(body)) {
    if (value === undefined) continue;
    if (STRING_FIELDS.includes(name) && typeof value !== 'string') problems.invalid(name);
    else if (name === 'status' && (typeof value !== 'string' || !TEC_STATUSES.includes(value))) problems.invalid(name);
    else if (ID_LISTS.includes(name) && resource === 'events') {
      if (!Array.isArray(value)) problems.invalid(name);
      else if (!value.every(isPositiveInteger))
        argument(problems, name, 'example', 'tec_rest_invalid_positive_integer_argument', 'be a positive integer', 'is not a positive integer');
    } else if ((name === 'start_date' || name === 'end_date') && resource === 'events') {
      if (typeof value !== 'string' || !DATE_TIME.test(value)) patternMismatch(problems, name, DATE_TIME);
      else if (!isDateTime(value))
        argument(
          problems,
          name,
          name,
          'tec_rest_invalid_date_time_argument',
          'be a date-time',
          '',
          `We cannot parse the argument \`{${name}}\` as a date-time.`,
        );
    } else if (name === 'date' && (typeof value !== 'string' || !POST_DATE.test(value))) patternMismatch(problems, name, POST_DATE);
    else if (name === 'duration' && resource === 'events' && !isPositiveInteger(value))
      argument(problems, name, name, 'tec_rest_invalid_positive_integer_argument', 'be a positive integer', 'is not a positive integer');
    // An event's website may be emptied; a venue's or an organizer's may not.
    else if (URL_FIELDS.includes(name) && !takesUrl(String(value ?? '')) && (resource !== 'events' || value !== ''))
      argument(problems, name, name, 'tec_rest_invalid_uri_argument', 'be a valid URL', 'is not a valid URL');
    else if (name === 'email' && resource === 'organizers' && (typeof value !== 'string' || !EMAIL.test(value.trim())))
      argument(problems, name, name, 'tec_rest_invalid_email_argument', 'be a valid email address', 'is not a valid email address');
  }
  problems.throwIfAny();
}
