/**
 * What an assistant's face (the MCP server) needs of the site beyond the five verbs: the user
 * and the site's clock checked at start, one page of a list with its total, records with their
 * texts as typed, what a delete would take with it, and a record out of the trash. Each is
 * one core call over the opened site; the face decides what to show.
 */
import { EDITOR_STATUSES, EVERY_EVENT, eventLinkOf, MAX_PER_PAGE, resources, type ResourceName } from '../../spec/resources.js';
import type { RecordAccess } from '../records/verbs.js';
import type { AssistantApi, LinkedEvent, ListPage, SiteInfo, SiteUser } from './types.js';

type Json = Record<string, unknown>;

/** Capabilities a calendar user's answer is narrowed to (the whole list holds every capability of WordPress). */
const CALENDAR_CAPABILITIES = [
  'edit_tribe_events',
  'publish_tribe_events',
  'delete_tribe_events',
  'edit_others_tribe_events',
  'edit_tribe_venues',
  'delete_tribe_venues',
  'edit_tribe_organizers',
  'delete_tribe_organizers',
  'manage_categories',
  'upload_files',
];

const KNOWN_APIS = ['tribe/events/v1', 'tec/v1', 'wp/v2'];

export class Assistant implements AssistantApi {
  private user?: Promise<SiteUser>;

  constructor(
    private readonly open: () => Promise<RecordAccess>,
    private readonly site: () => Promise<{ profile: { name: string } }>,
  ) {}

  /**
   * The site opened and the credentials tried, in one request (WordPress refuses wrong ones on
   * any request): the user they name. Kept for site_info.
   */
  async checkUser(): Promise<SiteUser> {
    this.user ??= this.readUser();
    try {
      return await this.user;
    } catch (err) {
      this.user = undefined;
      throw err;
    }
  }

  private async readUser(): Promise<SiteUser> {
    const { client } = await this.open();
    if (!client.hasCredentials) {
      // A read with no credentials proves the site answers.
      await client.call('GET', '/', { fromRoot: true, query: { _fields: 'name' } });
      return { anonymous: true };
    }
    const res = await client.send<Json>('GET', '/wp/v2/users/me', { fromRoot: true, query: { context: 'edit', _fields: 'id,name,roles,capabilities' } });
    if (res.status === 401 || res.status === 403) {
      const { errorFromResponse } = await import('../http/client.js');
      throw errorFromResponse(res);
    }
    // A site without the users route (the sandbox) has checked the credentials all the same.
    if (res.status !== 200 || !res.body || typeof res.body !== 'object') return { anonymous: false };
    const caps = res.body.capabilities as Json | undefined;
    return {
      anonymous: false,
      id: typeof res.body.id === 'number' ? res.body.id : undefined,
      name: typeof res.body.name === 'string' ? res.body.name : undefined,
      roles: Array.isArray(res.body.roles) ? (res.body.roles as string[]) : undefined,
      capabilities: caps ? Object.fromEntries(CALENDAR_CAPABILITIES.map((cap) => [cap, caps[cap] === true])) : undefined,
    };
  }

  /** The site, its zone and clock, the APIs found and the user. */
  async siteInfo(now: Date = new Date()): Promise<SiteInfo> {
    const [site, access, user] = await Promise.all([this.site(), this.open(), this.checkUser()]);
    const [{ ZoneSource }, { writeApi }, { utcMsToZoned }] = await Promise.all([
      import('../records/dates.js'),
      import('../records/tec-route.js'),
      import('../../base/time.js'),
    ]);
    const zones = new ZoneSource(access.client, undefined);
    const [index, zone, api] = await Promise.all([zones.siteIndex(), zones.siteZone(), writeApi(access.client)]);
    const namespaces = ((index as Json).namespaces as string[] | undefined) ?? [];
    const wall = zone === 'UTC' ? now.toISOString().slice(0, 19).replace('T', ' ') : utcMsToZoned(now.getTime(), zone);
    return {
      name: index.name,
      url: index.url ?? index.home,
      rest_root: access.client.options.root.root,
      profile: site.profile.name,
      zone,
      today: wall.slice(0, 10),
      now: wall.slice(0, 16),
      apis: namespaces.length ? KNOWN_APIS.filter((ns) => namespaces.includes(ns)) : [access.client.options.namespace],
      write_api: api,
      user,
    };
  }

  /** The site's zone (a request the first time). */
  async zone(): Promise<string> {
    const { ZoneSource } = await import('../records/dates.js');
    const access = await this.open();
    return access.timezone ?? new ZoneSource(access.client, undefined).siteZone();
  }

  /** One page of a list, with the total the site counts; texts as typed. */
  async page(name: ResourceName, filters: Json, page: number, perPage: number): Promise<ListPage> {
    const resource = resources[name];
    const [{ listQueryOf, walkList }] = await Promise.all([import('../records/list.js')]);
    const { on, during, ...rest } = filters as Json & { on?: string; during?: string };
    const query = listQueryOf(resource, rest, { on, during });
    query.page = page;
    query.per_page = Math.min(perPage, MAX_PER_PAGE);
    const access = await this.open();
    const records: Json[] = [];
    const walked = await walkList(access, resource, query, { all: false, limit: perPage }, (record) => void records.push(record as Json));
    return { records: await this.typed(name, records), total: walked.total, page, per_page: perPage };
  }

  /** Records with the texts as typed (titles, descriptions, excerpts; term names without entities). */
  async typed(name: ResourceName, records: Json[]): Promise<Json[]> {
    const resource = resources[name];
    const [{ readManyRawTexts, withRawTexts }, { decodeEntities }] = await Promise.all([import('../records/raw-text.js'), import('../records/identity.js')]);
    if (!resource.isPost) {
      // WordPress stores a term's `&` as `&amp;` whatever was typed: the name as typed is the decoded one.
      return records.map((record) => (typeof record.name === 'string' ? { ...record, name: decodeEntities(record.name) } : record));
    }
    const { client, messages } = await this.open();
    const ids = records.map((record) => record.id).filter((id): id is number => typeof id === 'number');
    const texts = await readManyRawTexts(client, resource, ids, (line) => messages.notice(line));
    return records.map((record) => withRawTexts(record, typeof record.id === 'number' ? texts.get(record.id) : undefined));
  }

  /**
   * The events linked to a venue or organizer (any status, any date): what its delete unlinks, and
   * for an organizer the other organizers the delete links back (src/core/write/relink.ts): the
   * site drops them from the upcoming published events when one organizer of an event goes.
   */
  async linkedEvents(name: ResourceName, id: number): Promise<LinkedEvent[]> {
    const filter = eventLinkOf(resources[name]);
    if (!filter) return [];
    const { client } = await this.open();
    const query: Json = { [filter]: String(id), per_page: MAX_PER_PAGE, ...EVERY_EVENT };
    if (client.hasCredentials) query.status = EDITOR_STATUSES.join(',');
    const res = await client.call<{ events?: Json[] }>('GET', 'events', { query: query as never });
    const [{ decodeEntities }, { TRASH_UNLINKS }] = await Promise.all([import('../records/identity.js'), import('../../wordpress/write-routes.js')]);
    const dropsOthers = TRASH_UNLINKS[name as 'organizers']?.others === true;
    return (res.body.events ?? []).map((event) => {
      const linked: LinkedEvent = {
        id: event.id as number,
        title: decodeEntities(String(event.title ?? '')),
        start_date: String(event.start_date ?? ''),
        status: String(event.status ?? ''),
      };
      const others = (Array.isArray(event.organizer) ? (event.organizer as Json[]) : []).filter((o) => o.id !== id);
      if (dropsOthers && others.length) linked.relinks = others.map((o) => decodeEntities(String(o.organizer ?? o.id)));
      return linked;
    });
  }

  /** A record out of the trash, its status back to `status` (default publish), nothing else changed. */
  async restore(name: ResourceName, ref: string | number, status?: string): Promise<Json> {
    const [{ parseRef }, { restoreRecord }] = await Promise.all([import('../records/refs.js'), import('../records/verbs.js')]);
    const resource = resources[name];
    const result = await restoreRecord(await this.open(), resource, parseRef(resource, ref), { status });
    return result.record as Json;
  }
}
