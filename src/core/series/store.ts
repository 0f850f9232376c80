/**
 * A series on the site: its tag (the rule) and its occurrences (events whose slugs name it),
 * found by the slugs the rule gives, through WordPress's core route, which takes a list of
 * exact slugs and sees drafts and hidden events.
 */
import type { ApiClient } from '../http/client.js';
import { sendPlan } from '../write/execute.js';
import type { WritePlan } from '../write/plan.js';
import { EDITOR_STATUSES, resources, wpRoute } from '../../spec/resources.js';
import { expandRule, type SeriesOccurrence } from './rule.js';
import type { Member } from './types.js';
import { occurrenceKeys, occurrenceSlug, parseSeriesTag, seriesDescription, seriesTagSlug, type SeriesRecord } from './identity.js';

/** Enough for any rule the tool wrote (a rule is refused above its cap when created). */
const EVERY_START = 100_000;
/** Slugs per request: the core route's page holds 100, and the URL stays short. */
const SLUGS_PER_REQUEST = 50;

export type { Member };

export interface StoredSeries extends SeriesRecord {
  tagId: number;
}

/** The series named `series-<id>`, or undefined when its tag is gone or damaged. */
export async function readSeries(client: ApiClient, id: string): Promise<StoredSeries | undefined> {
  const res = await client.call<Array<Record<string, unknown>>>('GET', `/wp/v2/${wpRoute(resources.tags)}`, {
    query: { slug: seriesTagSlug(id), _fields: 'id,slug,description' },
    fromRoot: true,
  });
  const tag = Array.isArray(res.body) ? res.body[0] : undefined;
  const record = tag ? parseSeriesTag(tag) : undefined;
  return record && tag ? { ...record, tagId: Number(tag.id) } : undefined;
}

/** The tag a series is kept in, as it is created: named by its slug, the rule in its description. */
export function seriesTagBody(series: SeriesRecord): { name: string; slug: string; description: string } {
  const slug = seriesTagSlug(series.id);
  return { name: slug, slug, description: seriesDescription(series) };
}

/** What a series' tag is sent when its rule changes: the description that holds the rule. */
export const seriesTagUpdate = (series: SeriesRecord) => ({ description: seriesDescription(series) });

/** The write of a series' tag: its create, or (with `tagId`) the update of its rule. */
export function planSeriesTag(series: SeriesRecord & { tagId?: number }): WritePlan {
  const create = series.tagId === undefined;
  const body: Record<string, unknown> = create ? seriesTagBody(series) : seriesTagUpdate(series);
  const path = create ? resources.tags.path : `${resources.tags.path}/${series.tagId}`;
  return {
    action: create ? 'create' : 'update',
    resource: 'tags',
    id: series.tagId,
    reads: [],
    unchanged: [],
    requests: [{ route: 'tribe', method: 'POST', path, body, fields: Object.keys(body) }],
  };
}

export async function createSeriesTag(client: ApiClient, series: SeriesRecord): Promise<StoredSeries> {
  const { tagId: _none, ...record } = series as SeriesRecord & { tagId?: number };
  const created = await sendPlan(client, planSeriesTag(record));
  return { ...series, tagId: Number(created.id) };
}

export async function saveSeriesTag(client: ApiClient, series: StoredSeries): Promise<void> {
  await sendPlan(client, planSeriesTag(series));
}

/** Every start of the rule, excluded ones too, with its key and place. */
export async function ruleStarts(series: SeriesRecord): Promise<Array<SeriesOccurrence & { key: string; position: number }>> {
  const starts = await expandRule(series.anchor, series.rule, { cap: EVERY_START });
  const keys = occurrenceKeys(starts);
  return starts.map((start, index) => ({ ...start, key: keys.get(start.original)!, position: index + 1 }));
}

/** The occurrences the site holds (any status but trash), in the rule's order. */
export async function findMembers(client: ApiClient, series: SeriesRecord): Promise<Member[]> {
  const starts = await ruleStarts(series);
  const bySlug = new Map(starts.map((start) => [occurrenceSlug(series.stem, start.key), start]));
  const slugs = [...bySlug.keys()];
  const found: Member[] = [];
  for (let i = 0; i < slugs.length; i += SLUGS_PER_REQUEST) {
    const res = await client.call<Array<Record<string, unknown>>>('GET', `/wp/v2/${resources.events.wpType}`, {
      query: { slug: slugs.slice(i, i + SLUGS_PER_REQUEST).join(','), status: EDITOR_STATUSES.join(','), per_page: 100, _fields: 'id,slug,status' },
      fromRoot: true,
    });
    for (const post of Array.isArray(res.body) ? res.body : []) {
      const start = bySlug.get(String(post.slug));
      if (start) found.push({ id: Number(post.id), slug: String(post.slug), status: String(post.status), original: start.original, position: start.position });
    }
  }
  return found.sort((a, b) => a.position - b.position);
}
