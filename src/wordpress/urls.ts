/**
 * Which URLs the site takes. Both write routes check a website (an event's, a venue's, an
 * organizer's) with PHP's `filter_var(…, FILTER_VALIDATE_URL)` and answer 400 `rest_invalid_param`
 * to one it fails (measured on 6.17.1: `https://example.org/café`, a space, `https://exämple.org/`).
 * That check takes only the characters of an escaped URL (ASCII letters, digits and
 * `$-_.+!*'(),{}|\^~[]`<>#%";/?:@&=`), needs a scheme, and for http(s) a host made of
 * letters, digits and inner hyphens (or an IPv6 address in brackets).
 */

const URL_CHARACTERS = /^[A-Za-z0-9$\-_.+!*'(),{}|\\^~[\]`<>#%";/?:@&=]*$/;
const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*):/;
const LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
/** What a user name or password before `@` may hold: unreserved, sub-delims, `:` and escapes. */
const USER_INFO = /^(?:[A-Za-z0-9\-._~!$&'()*+,;=:]|%[0-9A-Fa-f]{2})*$/;

/** A host name as PHP's hostname check takes it: labels of letters, digits and inner hyphens, a final dot allowed. */
function isHostName(host: string): boolean {
  const name = host.endsWith('.') ? host.slice(0, -1) : host;
  return name.length > 0 && name.length <= 253 && name.split('.').every((label) => LABEL.test(label));
}

/** Whether the site takes `text` as a URL (FILTER_VALIDATE_URL). */
export function takesUrl(text: string): boolean {
  if (!URL_CHARACTERS.test(text)) return false;
  const scheme = SCHEME.exec(text)?.[1].toLowerCase();
  if (!scheme) return false;
  const rest = text.slice(scheme.length + 1);
  if (!rest.startsWith('//')) return scheme === 'mailto' || scheme === 'news' || scheme === 'file';
  const authority = rest.slice(2).split(/[/?#]/, 1)[0];
  const at = authority.lastIndexOf('@');
  const userInfo = at >= 0 ? authority.slice(0, at) : undefined;
  if (userInfo !== undefined && !userInfo.split(':').every((part) => USER_INFO.test(part))) return false;
  const hostPort = at >= 0 ? authority.slice(at + 1) : authority;
  const host = hostPort.startsWith('[') ? hostPort.slice(0, hostPort.indexOf(']') + 1) : hostPort.replace(/:\d*$/, '');
  if (host === '') return scheme === 'mailto' || scheme === 'news' || scheme === 'file';
  if (scheme !== 'http' && scheme !== 'https') return true;
  if (host.startsWith('[')) return /^\[[0-9A-Fa-f:.]+\]$/.test(host) && host.includes(':');
  return isHostName(host);
}
