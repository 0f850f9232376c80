/**
 * Who this program is, in the words it says it: the package's name on the registry (the
 * command is `calendar`, a name the registry and the BSD calendar(1) already hold), its
 * version, and the User-Agent every request carries.
 * bin/calendar.js prints the same version line without loading the bundle (a test checks both).
 */
import pkg from '../../package.json' with { type: 'json' };

export const PACKAGE_NAME = pkg.name;
export const VERSION = pkg.version;

/** `calendar 0.1.0 (events-calendar-cli, node v20.19.0)`: a script reads the version as the second word. */
export const versionLine = (nodeVersion: string = process.version) => `calendar ${VERSION} (${PACKAGE_NAME}, node ${nodeVersion})`;

export const USER_AGENT = `${PACKAGE_NAME}/${VERSION}`;
