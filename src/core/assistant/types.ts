/**
 * What the MCP face may ask of the core beyond the five verbs (assistant.ts does it), as plain
 * types: the library's declarations reach no further than these.
 */
import type { ResourceName } from '../../spec/resources.js';

type Json = Record<string, unknown>;

/** The user the credentials name, as WordPress tells it; `anonymous` when none are given. */
export interface SiteUser {
  anonymous: boolean;
  id?: number;
  name?: string;
  roles?: string[];
  /** What the user may do with the calendar's records (WordPress's capabilities); unset when the site does not say. */
  capabilities?: Record<string, boolean>;
}

export interface SiteInfo {
  name?: string;
  url?: string;
  /** The REST root the profile names (no credentials in it). */
  rest_root: string;
  profile: string;
  zone: string;
  /** Today and now on the site's clock, in its zone. */
  today: string;
  now: string;
  /** The APIs the site offers among those the tool speaks, and the one updates go through. */
  apis: string[];
  write_api: 'tec' | 'tribe';
  user: SiteUser;
}

export interface ListPage {
  records: Json[];
  /** Records the filters select (unset when the site does not say). */
  total?: number;
  page: number;
  per_page: number;
}

/** An event that links to a venue or organizer being deleted: what the server will do to it. */
export interface LinkedEvent {
  id: number;
  title: string;
  start_date: string;
  status: string;
  /**
   * An organizer's delete: the event's other organizers, which the site drops from an upcoming
   * published event with it and the delete links back afterwards. Absent when there are none.
   */
  relinks?: string[];
}

export interface AssistantApi {
  /** The site opened and the credentials tried (one request): the user they name. */
  checkUser(): Promise<SiteUser>;
  /** The site, its zone and clock, the APIs found and the user. */
  siteInfo(now?: Date): Promise<SiteInfo>;
  /** The site's zone. */
  zone(): Promise<string>;
  /** One page of a list, with the total the site counts; texts as typed. */
  page(name: ResourceName, filters: Json, page: number, perPage: number): Promise<ListPage>;
  /** Records with their texts as typed. */
  typed(name: ResourceName, records: Json[]): Promise<Json[]>;
  /** The events linked to a venue or organizer: what its delete unlinks. */
  linkedEvents(name: ResourceName, id: number): Promise<LinkedEvent[]>;
  /** A record out of the trash. */
  restore(name: ResourceName, ref: string | number, status?: string): Promise<Json>;
}
