/**
 * `calendar __complete profiles | ids RESOURCE`: candidates for the completion scripts, one
 * per line as `value<TAB>description`. Bounded by a short deadline and silent on any failure:
 * a completion that cannot ask the site offers nothing rather than an error.
 */
import type { Invocation } from '../runner.js';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { withContext, type Context } from '../../../core/context.js';
import { MAX_PER_PAGE, RESOURCE_NAMES, resources, type ResourceName } from '../../../spec/resources.js';
import { USER_AGENT } from '../../../core/version.js';
import { htmlToText } from '../../../wordpress/text.js';

export const DEADLINE_MS = 1500;

type Opts = Record<string, unknown>;

export async function runComplete(inv: Invocation, kind: string, resourceName?: string, typed?: string): Promise<void> {
  const ctx = inv.ctx;
  const quiet = withContext(ctx, { stderr: { write: () => true } });
  const opts = inv.opts as Opts;
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), DEADLINE_MS);
  // Filled as pages arrive: at the deadline, what came in time is offered.
  const found: string[] = [];
  try {
    const work =
      kind === 'profiles'
        ? profileCandidates(quiet).then((lines) => void found.push(...lines))
        : kind === 'ids'
          ? idCandidates(resourceName, typed, opts, quiet, deadline.signal, found)
          : Promise.resolve();
    const stopped = new Promise<void>((resolve) => deadline.signal.addEventListener('abort', () => resolve()));
    await Promise.race([work.catch(() => undefined), stopped]);
    // Pages of records that tie on their sort key may overlap: each candidate once.
    if (found.length) ctx.stdout.write([...new Set(found)].map((l) => `${l}\n`).join(''));
  } finally {
    clearTimeout(timer);
  }
}

/** Pages asked for at most (MAX_PER_PAGE records each), all at once after the first. */
const MAX_PAGES = 20;

const clean = (text: unknown) => htmlToText(String(text ?? ''));

async function profileCandidates(ctx: Context): Promise<string[]> {
  const { loadConfig } = await import('../../../core/config/load.js');
  const loaded = await loadConfig(ctx.cwd, ctx.env);
  const lines = Object.entries(loaded.config.profiles).map(([name, p]) => `${name}\t${p.baseUrl ?? ''}`);
  if (!loaded.config.profiles.sandbox) lines.push('sandbox\tbuilt-in sandbox calendar');
  return lines;
}

/**
 * IDs and slugs of the records, with their names: every page (up to MAX_PAGES) as the deadline
 * allows, only those starting with what was typed (after the last comma of a list).
 */
async function idCandidates(
  name: string | undefined,
  typed: string | undefined,
  opts: Opts,
  ctx: Context,
  signal: AbortSignal,
  found: string[],
): Promise<void> {
  if (!name || !(RESOURCE_NAMES as string[]).includes(name)) return;
  const resource = resources[name as ResourceName];
  const prefix = (typed ?? '').replace(/^.*,/, '').toLowerCase();
  const { prepare, openSession } = await import('../../session.js');
  const prepared = prepare(
    { ...opts, format: undefined, json: undefined, fields: undefined, debug: false, timeout: String(DEADLINE_MS / 1000), retries: '0' },
    ctx,
  );
  const session = await openSession(prepared, ctx);
  try {
    const { username, password } = session.profile;
    const auth = username && password ? `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}` : undefined;
    const page = async (n: number): Promise<number | undefined> => {
      const query: Record<string, string | number> = { per_page: MAX_PER_PAGE, page: n };
      if (resource.kind === 'term') query.hide_empty = 'false';
      const body = (await getJson(session.client.url(resource.path, query), auth, signal)) as Record<string, unknown> | null;
      const items = body?.[resource.listKey];
      if (Array.isArray(items)) {
        for (const item of items as Array<Record<string, unknown>>) {
          const label = clean(item[resource.nameField]);
          for (const value of [item.id, item.slug]) {
            if ((typeof value === 'number' || (typeof value === 'string' && value !== '')) && String(value).toLowerCase().startsWith(prefix))
              found.push(`${value}\t${label}`);
          }
        }
      }
      return typeof body?.total_pages === 'number' ? body.total_pages : undefined;
    };
    const pages = (await page(1)) ?? 1;
    const rest = Array.from({ length: Math.min(pages, MAX_PAGES) - 1 }, (_, i) => page(i + 2).catch(() => undefined));
    await Promise.all(rest);
  } finally {
    await session.close();
  }
}

/** A plain GET with node's own client: cheap to load, and aborted at the deadline. */
function getJson(url: string, auth: string | undefined, signal: AbortSignal): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const send = url.startsWith('https:') ? httpsRequest : httpRequest;
    const headers: Record<string, string> = { accept: 'application/json', 'user-agent': USER_AGENT };
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
