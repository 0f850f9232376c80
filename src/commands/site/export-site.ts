/** `calendar export --site`: the whole calendar as one YAML or JSON document. */
import type { Invocation } from '../runner.js';
import { UsageError } from '../../errors.js';
import { prepare, withSession, type GlobalOptions } from '../../session.js';
import { isResourceName, type ResourceName } from '../../resources.js';
import { readSite, renderDocument, SITE_RESOURCES } from '../../site/document.js';

/** `--resources venues,tags` as resource names, checked. */
export function chosenResources(list: string | undefined): ResourceName[] {
  if (list === undefined) return SITE_RESOURCES;
  const names = list.split(',').map((n) => n.trim()).filter(Boolean);
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

export async function runExportSite(inv: Invocation): Promise<void> {
  const flags = inv.opts as GlobalOptions & { resources?: string };
  const names = chosenResources(flags.resources);
  const format = siteFormat(flags);
  if (flags.fields !== undefined) throw new UsageError('--fields does not apply to export --site: it writes every writable field so that apply can take it back');
  const prepared = prepare({ ...flags, format: undefined, json: undefined }, inv.ctx);
  await withSession(prepared, inv.ctx, async ({ client }) => {
    const document = await readSite(client, names, (line) => prepared.ui.notice(line));
    inv.ctx.stdout.write(await renderDocument(document, format));
  });
}
