/**
 * `calendar __complete profiles | ids RESOURCE`: candidates for the completion scripts, one
 * per line as `value<TAB>description`. Bounded by a short deadline and silent on any failure:
 * a completion that cannot ask the site offers nothing rather than an error.
 */
import type { Invocation } from '../runner.js';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { withContext, type Context } from '../../context.js';
import { MAX_PER_PAGE, RESOURCE_NAMES, resources, type ResourceName } from '../../resources.js';
import { textForPeople } from '../../records/identity.js';

export const DEADLINE_MS = 1500;

type Opts = Record<string, unknown>;

export async function runComplete(inv: Invocation, kind: string, resourceName?: string): Promise<void> {
  const ctx = inv.ctx;
  const quiet = withContext(ctx, { stderr: { write: () => true } });
  const opts = inv.opts as Opts;
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), DEADLINE_MS);
  try {
    const work = kind === 'profiles' ? profileCandidates(quiet) : kind === 'ids' ? idCandidates(resourceName, opts, quiet, deadline.signal) : Promise.resolve([]);
    const stopped = new Promise<string[]>((resolve) => deadline.signal.addEventListener('abort', () => resolve([])));
    const lines = await Promise.race([work.catch(() => []), stopped]);
    if (lines.length) ctx.stdout.write(lines.map((l) => `${l}\n`).join(''));
  } finally {
    clearTimeout(timer);
  }
}

const clean = (text: unknown) => textForPeople(text).replace(/<[^>]*>/g, '').replace(/[\t\r\n]+/g, ' ').trim();

async function profileCandidates(ctx: Context): Promise<string[]> {
  const { loadConfig } = await import('../../config/load.js');
  const loaded = await loadConfig(ctx.cwd, ctx.env);
  const lines = Object.entries(loaded.config.profiles).map(([name, p]) => `${name}\t${p.baseUrl ?? ''}`);
  if (!loaded.config.profiles.sandbox) lines.push('sandbox\tbuilt-in sandbox calendar');
  return lines;
}

async function idCandidates(name: string | undefined, opts: Opts, ctx: Context, signal: AbortSignal): Promise<string[]> {
  if (!name || !(RESOURCE_NAMES as string[]).includes(name)) return [];
  const resource = resources[name as ResourceName];
  const { prepare, openSession } = await import('../../session.js');
  const prepared = prepare({ ...opts, format: undefined, json: undefined, fields: undefined, debug: false, timeout: String(DEADLINE_MS / 1000), retries: '0' }, ctx);
  const session = await openSession(prepared, ctx);
  try {
    const query: Record<string, string | number> = { per_page: MAX_PER_PAGE };
    if (resource.name === 'categories' || resource.name === 'tags') query.hide_empty = 'false';
    const url = session.client.url(resource.path, query);
    const { username, password } = session.profile;
    const auth = username && password ? `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}` : undefined;
    const body = await getJson(url, auth, signal);
    const items = (body as Record<string, unknown> | null)?.[resource.listKey];
    if (!Array.isArray(items)) return [];
    const lines: string[] = [];
    for (const item of items as Array<Record<string, unknown>>) {
      const label = clean(item[resource.nameField]);
      if (item.id !== undefined) lines.push(`${item.id}\t${label}`);
      if (typeof item.slug === 'string' && item.slug) lines.push(`${item.slug}\t${label}`);
    }
    return lines;
  } finally {
    await session.close();
  }
}

/** A plain GET with node's own client: cheap to load, and aborted at the deadline. */
function getJson(url: string, auth: string | undefined, signal: AbortSignal): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const send = url.startsWith('https:') ? httpsRequest : httpRequest;
    const headers: Record<string, string> = { accept: 'application/json', 'user-agent': 'calendar-cli' };
    if (auth) headers.authorization = auth;
    const req = send(url, { method: 'GET', headers, signal }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => {
        if ((res.statusCode ?? 500) >= 300) return reject(new Error(`HTTP ${res.statusCode}`));
        try {
          resolve(JSON.parse(text));
        } catch (err) {
          reject(err);
        }
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}
