/**
 * `calendar __complete profiles | ids RESOURCE`: candidates for the completion scripts, one
 * per line as `value<TAB>description`. Bounded by a short deadline and silent on any failure:
 * a completion that cannot ask the site offers nothing rather than an error.
 */
import type { Invocation } from '../runner.js';
import type { GlobalOptions } from '../../session.js';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { type Context, USER_AGENT, withContext } from '../../../core/index.js';
import { EVERY_EVENT, MAX_PER_PAGE, RESOURCE_NAMES, resources, type ResourceName } from '../../../spec/resources.js';
import { htmlToText } from '../../../wordpress/text.js';
import { visible } from '../../output/visible.js';

export const DEADLINE_MS = 1500;

export async function runComplete(inv: Invocation, kind: string, resourceName?: string, typed?: string): Promise<void> {
  const ctx = inv.ctx;
  const quiet = withContext(ctx, { stderr: { write: () => true } });
  const opts = inv.opts;
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

/** A record's name as a shell shows it beside the candidate: one line, control characters visible. */
const clean = (text: unknown) => visible(htmlToText(String(text ?? '')).replace(/\s+/g, ' '));

async function profileCandidates(ctx: Context): Promise<string[]> {
  const { loadConfig } = await import('../../../core/index.js');
  const loaded = await loadConfig(ctx.cwd, ctx.env);
  const lines = Object.entries(loaded.config.profiles).map(([name, p]) => `${name}\t${p.baseUrl ?? ''}`);
  if (!loaded.config.profiles.sandbox) lines.push('sandbox\tbuilt-in sandbox calendar');
  return lines;
}

/**
 * The words a server search needs to find the records whose slug starts with `prefix`
 * (`session-11` → `session 11`: WordPress searches each word in the title and text), or
 * undefined for a prefix that only an ID or nothing can match.
 */
export function searchWords(prefix: string): string | undefined {
  if (/^\d*$/.test(prefix)) return undefined;
  const words = prefix.replace(/[-_\s]+/g, ' ').trim();
  return words === '' ? undefined : words;
}

/**
 * IDs and slugs of the records, with their names, that start with what was typed (after the
 * last comma of a list). A typed slug is looked for with the server's search, one request that
 * finds it whatever page it lies on; the pages (up to MAX_PAGES, as the deadline allows) are
 * read when nothing was typed, an ID was, or the search found no slug starting so.
 */
async function idCandidates(
  name: string | undefined,
  typed: string | undefined,
  opts: GlobalOptions,
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
    const page = async (n: number, search?: string): Promise<number | undefined> => {
      const query: Record<string, string | number> = { per_page: MAX_PER_PAGE, page: n };
      if (!resource.isPost) query.hide_empty = 'false';
      // Past and far events too, not only the server's default window (from today, two years).
      if (resource.isEvent) Object.assign(query, EVERY_EVENT);
      if (search !== undefined) query.search = search;
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
    const walk = async (search?: string) => {
      const pages = (await page(1, search)) ?? 1;
      await Promise.all(Array.from({ length: Math.min(pages, MAX_PAGES) - 1 }, (_, i) => page(i + 2, search).catch(() => undefined)));
    };
    const words = searchWords(prefix);
    if (words !== undefined) {
      await walk(words).catch(() => undefined);
      if (found.length) return;
    }
    await walk();
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
