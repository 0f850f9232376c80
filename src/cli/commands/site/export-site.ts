/** `calendar export --site`: the flags read, the document made in core (core/site/sync.ts), written. */
import type { Invocation } from '../runner.js';
import type { ExportFlags } from '../resource/options.js';
import { exportSite, SITE_RESOURCES, UsageError } from '../../../core/index.js';
import { prepare, withSession, type GlobalOptions } from '../../session.js';
import { flagName, isResourceName, resources, type ResourceName } from '../../../spec/resources.js';
import { exportFilterQuery } from '../resource/query.js';

/** `--resources venues,tags` as resource names, checked. */
export function chosenResources(list: string | undefined): ResourceName[] {
  if (list === undefined) return SITE_RESOURCES;
  const names = list
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);
  const unknown = names.filter((n) => !isResourceName(n));
  if (unknown.length || names.length === 0) throw new UsageError(`--resources: "${unknown.join(',') || list}" is not a list of ${SITE_RESOURCES.join(', ')}`);
  return names as ResourceName[];
}

/** The site file's format: yaml (default) or json. */
export function siteFormat(flags: GlobalOptions): 'yaml' | 'json' {
  if (flags.json && flags.format && flags.format !== 'json') throw new UsageError(`--json conflicts with --format ${flags.format}`);
  const format = flags.json ? 'json' : (flags.format ?? 'yaml');
  if (format !== 'yaml' && format !== 'json') throw new UsageError(`--format: a site file is yaml or json, not "${format}"`);
  return format;
}

export async function runExportSite(inv: Invocation<ExportFlags>): Promise<void> {
  const flags = inv.opts;
  const names = chosenResources(flags.resources);
  const format = siteFormat(flags);
  if (flags.fields !== undefined)
    throw new UsageError('--fields does not apply to export --site: it writes every writable field so that apply can take it back');
  const filters = exportFilterQuery(resources.events, flags);
  if (filters) {
    const first = Object.keys(filters)[0];
    if (!names.includes('events')) throw new UsageError(`--${flagName(first)} narrows the events, and --resources ${flags.resources} leaves them out`);
    if (
      String(filters.status ?? '')
        .split(',')
        .includes('trash')
    )
      throw new UsageError('--status trash: a site file leaves the trash out');
  }
  const prepared = prepare({ ...flags, format: undefined, json: undefined }, inv.ctx);
  const notice = (line: string, oncePerDay?: string) => prepared.ui.notice(line, oncePerDay);
  const text = await withSession(prepared, inv.ctx, ({ client }) => exportSite(client, names, filters, format, notice));
  inv.ctx.stdout.write(text);
}
