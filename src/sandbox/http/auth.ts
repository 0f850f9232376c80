/** HTTP Basic credentials checked like WordPress application passwords. */
import { SiteError } from '../common/errors.js';
import type { User } from '../common/context.js';

export interface Credentials {
  user: string;
  password: string;
}

export const ADMIN_ID = 1;

/** Anonymous (null) without an `Authorization: Basic` header; wrong credentials fail every request, reads included. */
export function authenticate(header: string | undefined, credentials: Credentials): User | null {
  if (!header || !/^basic /i.test(header)) return null;
  const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  const login = colon === -1 ? decoded : decoded.slice(0, colon);
  const password = colon === -1 ? '' : decoded.slice(colon + 1);
  if (login !== credentials.user) {
    throw new SiteError(401, 'invalid_username', '<strong>Error:</strong> Unknown username. Check again or try your email address.');
  }
  // Application passwords may be sent with or without their spaces.
  if (password.replace(/\s+/g, '') !== credentials.password.replace(/\s+/g, '')) {
    throw new SiteError(401, 'incorrect_password', 'The provided password is an invalid application password.');
  }
  return { id: ADMIN_ID, login };
}
