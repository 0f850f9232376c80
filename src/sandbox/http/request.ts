/** Reading a request: query string and body (JSON or form-encoded) into one parameter map. */
import type { IncomingMessage } from 'node:http';
import { SiteError } from '../common/errors.js';
import type { Params } from '../common/params.js';
import { paramsAsPhpArrays } from './php-arrays.js';

/**
 * `a=1&organizer[]=3&venue[city]=X` into `{a: '1', organizer: ['3'], venue: {city: 'X'}}`, as
 * PHP reads a form: `[]` appends (the next integer key), and arrays keyed 0..n-1 are lists
 * (see php-arrays.ts), so `organizer[0][id]=3&organizer[1][organizer]=X&organizer[]=4` is a
 * list of three.
 */
export function parseForm(text: string): Params {
  const out: Record<string, unknown> = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const match = /^([^[\]]+)((?:\[[^\]]*\])*)$/.exec(rawKey);
    if (!match?.[2]) {
      out[rawKey] = value;
      continue;
    }
    const keys = [...match[2].matchAll(/\[([^\]]*)\]/g)].map((m) => m[1]);
    let holder = out;
    let key: string = match[1];
    for (const next of keys) {
      if (typeof holder[key] !== 'object' || holder[key] === null) holder[key] = {};
      holder = holder[key] as Record<string, unknown>;
      key = next === '' ? String(nextIndex(holder)) : next;
    }
    holder[key] = value;
  }
  return paramsAsPhpArrays(out);
}

/** PHP's next key for `[]`: one more than the largest integer key, or 0. */
function nextIndex(array: Record<string, unknown>): number {
  const integers = Object.keys(array)
    .filter((key) => /^(0|[1-9]\d*)$/.test(key))
    .map(Number);
  return integers.length ? Math.max(...integers) + 1 : 0;
}

export async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Body parameters; the JSON body wins over the form body, which wins over the query string. */
export function parseBody(contentType: string | undefined, body: string): Params {
  if (!body.trim()) return {};
  const type = (contentType ?? '').toLowerCase();
  if (type.includes('application/json')) {
    try {
      const parsed: unknown = JSON.parse(body);
      return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? paramsAsPhpArrays(parsed as Params) : {};
    } catch {
      throw new SiteError(400, 'rest_invalid_json', 'Invalid JSON body passed.', phpJsonError(body));
    }
  }
  if (type.includes('multipart/')) return {};
  return parseForm(body);
}

/**
 * The error PHP's json_decode reports for bad JSON: a control character inside a string, or a
 * string still open at the end of the text, is JSON_ERROR_CTRL_CHAR (3); anything else a syntax error (4).
 */
function phpJsonError(body: string): { json_error_code: number; json_error_message: string } {
  let inString = false;
  for (let i = 0; i < body.length; i++) {
    const char = body[i];
    if (!inString) {
      if (char === '"') inString = true;
    } else if (char === '\\') i++;
    else if (char === '"') inString = false;
    else if (char < ' ') break;
  }
  return inString
    ? { json_error_code: 3, json_error_message: 'Control character error, possibly incorrectly encoded' }
    : { json_error_code: 4, json_error_message: 'Syntax error' };
}
