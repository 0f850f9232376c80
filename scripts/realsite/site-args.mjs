/**
 * The command line the real-site scripts share: the site (`--url`), its application password
 * (`--password-file`), its database (`--socket`, `--database`) and user (`--user`), plus each
 * script's own options. Exits 2 with `usage` when one of the three is missing.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

export function readSiteArgs(usage, own = {}) {
  const { values: args } = parseArgs({
    options: {
      url: { type: 'string' },
      'password-file': { type: 'string' },
      socket: { type: 'string' },
      user: { type: 'string', default: 'admin' },
      database: { type: 'string', default: 'wordpress' },
      ...own,
    },
  });
  if (!args.url || !args['password-file'] || !args.socket) {
    console.error(`usage: ${usage}`);
    process.exit(2);
  }
  const password = readFileSync(args['password-file'], 'utf8').trim();
  return {
    args,
    password,
    api: `${args.url.replace(/\/$/, '')}/wp-json`,
    auth: `Basic ${Buffer.from(`${args.user}:${password}`).toString('base64')}`,
  };
}
