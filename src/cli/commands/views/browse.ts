/** `calendar browse`: the site's calendar page in the browser. */
import type { Invocation } from '../runner.js';
import { withSession } from '../../session.js';
import { openInBrowser, refuseSandboxPages } from './web.js';

/** The Events Calendar's default archive, under the site's home. */
const CALENDAR_PATH = 'events/';

export async function runBrowse(inv: Invocation): Promise<void> {
  const prepared = inv.prepare();
  await withSession(prepared, inv.ctx, async ({ client, profile }) => {
    refuseSandboxPages(profile, 'browse');
    const index = await client.call<{ home?: string; url?: string }>('GET', '/', { fromRoot: true });
    const home = index.body.home || index.body.url;
    const base = home ? (home.endsWith('/') ? home : `${home}/`) : `${new URL(client.url('/', {}, true)).origin}/`;
    const page = new URL(CALENDAR_PATH, base).href;
    await openInBrowser(page, inv.ctx, prepared.ui, 'stdout');
  });
}
