/** `--web` and `calendar browse`: a page opened in the browser, or its URL printed where there is no desktop. */
import { spawn } from 'node:child_process';
import { type Context, UsageError } from '../../../core/index.js';
import type { Ui } from '../../output/ui.js';

/**
 * The built-in sandbox runs only while a command does: a page of it printed or opened would be
 * dead by the time a browser asked for it.
 */
export function refuseSandboxPages(profile: { builtInSandbox: boolean }, what: string): void {
  if (profile.builtInSandbox) {
    throw new UsageError(
      `${what}: the built-in sandbox runs only while a command does, so its pages cannot be opened`,
      'Run calendar serve --seed demo in another terminal and use the URL it prints with --base-url.',
    );
  }
}

/** The command that opens a URL on this platform, or undefined off a desktop (a Linux console, SSH, CI). */
export function browserOpener(platform: NodeJS.Platform, env: Record<string, string | undefined>): { command: string; args: string[] } | undefined {
  if (platform === 'darwin') return { command: 'open', args: [] };
  if (platform === 'win32') return { command: 'cmd', args: ['/c', 'start', '""'] };
  if (!env.DISPLAY && !env.WAYLAND_DISPLAY) return undefined;
  return { command: 'xdg-open', args: [] };
}

/**
 * Opens `url` in the browser without waiting for it. Off a desktop, or when the opener
 * cannot start, the URL is printed: on stdout when it is the command's output, else on stderr.
 */
export async function openInBrowser(url: string, ctx: Context, ui: Ui, printTo: 'stdout' | 'stderr'): Promise<void> {
  const print = () => (printTo === 'stdout' ? ctx.stdout.write(`${url}\n`) : ui.notice(url));
  const opener = browserOpener(process.platform, ctx.env);
  if (!opener) return void print();
  const started = await new Promise<boolean>((resolve) => {
    const child = spawn(opener.command, [...opener.args, url], { detached: true, stdio: 'ignore', env: ctx.env as NodeJS.ProcessEnv });
    child.once('error', () => resolve(false));
    child.once('spawn', () => {
      child.unref();
      resolve(true);
    });
  });
  if (started) ui.notice(`Opening ${url} in your browser.`);
  else print();
}

/** The page of a record: its permalink. */
export function pageOf(record: unknown): string | undefined {
  const url = (record as { url?: unknown } | null)?.url;
  return typeof url === 'string' && url !== '' ? url : undefined;
}

/** `--web` after a write or read of one record. */
export async function openRecordPage(record: unknown, ctx: Context, ui: Ui, printTo: 'stdout' | 'stderr'): Promise<void> {
  const url = pageOf(record);
  if (url) await openInBrowser(url, ctx, ui, printTo);
  else ui.warn('the record has no page (no url) to open');
}
