/**
 * Re-enacting test/fixtures/recordings-2 (iCalendar feeds, core wp/v2 routes, trash, force and
 * restore) on one sandbox, in the recorded order, each request at the instant its recorded
 * `Date` header gives, and comparing every answer with the recorded one.
 *
 * What cannot be the same is normalised: the host and site name, the sandbox's post IDs
 * (put back to the real site's), the feed file name's random part. Everything else counts:
 * status, the headers a client reads, every JSON value (as the differential replay compares
 * them) and every line of a calendar.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { ask, jsonOrText } from './helpers.js';
import { compareHeaders, compareValues, isObject, translateText, type Translation } from './differential-compare.js';
import { parseCurl, readResponse, RECORDED_BASE, RECORDINGS_2_DIR, type Recording } from './recordings.js';

export interface Recording2 extends Recording {
  text: string;
  /** The server clock when the real site answered. */
  at: Date;
}

export interface Answer {
  status: number;
  headers: Headers;
  body: unknown;
  text: string;
}

const PASSWORD = 'replay-2-pass';
const REAL_SITE = 'Real TEC';
/** The venues of the paging test were made by a bulk import the recordings do not hold; test/sandbox/core-routes.test.ts covers them. */
export const NOT_REPLAYED: Record<string, string> = {
  media_upload_core: 'WordPress core media upload; the sandbox has no media library (the image is given by URL)',
  venues_list_ties_page1: 'another scenario (150 venues from an import)',
  venues_list_ties_page2: 'another scenario',
  venues_list_ties_page3: 'another scenario',
  core_venues_ties_orderby_id_page1: 'another scenario',
  core_venues_ties_orderby_id_page2: 'another scenario',
};

export function loadRecordings2(): Recording2[] {
  const lines = readFileSync(join(RECORDINGS_2_DIR, 'index.tsv'), 'utf8').split('\n').filter(Boolean);
  return lines.map((line) => {
    const [name, what, command] = line.split('\t');
    const response = readResponse(name, RECORDINGS_2_DIR);
    return { name, what, request: parseCurl(command), ...response, at: new Date(response.headers.date) };
  });
}

const isCalendar = (text: string) => text.startsWith('BEGIN:VCALENDAR');

export class Replay2 {
  sandbox!: Sandbox;
  private clock = new Date(0);
  /** Real post ID -> sandbox post ID, learnt from the creates. Terms get the same IDs on both. */
  private posts = new Map<number, number>();
  private realPosts = new Map<number, number>();
  /** The image of the featured event: the recorded site's upload, at the sandbox's host. */
  private imageUrl = '';

  async start(): Promise<void> {
    this.posts.clear();
    this.realPosts.clear();
    this.sandbox = await startSandbox({ port: 0, password: PASSWORD, now: () => this.clock, timezone: 'America/New_York', quiet: true });
    this.imageUrl = `${this.sandbox.url}/wp-content/uploads/2026/11/poster-3.png`;
  }

  close(): Promise<void> {
    return this.sandbox.close();
  }

  private toSandbox(id: number): number {
    return this.posts.get(id) ?? id;
  }

  private readonly translation: Translation = {
    origin: (text) =>
      text
        .split(this.sandbox.url)
        .join(RECORDED_BASE)
        .replace(/^post-(\d+)$/, (_, id: string) => `post-${this.realPosts.get(Number(id)) ?? id}`),
    post: (id) => this.realPosts.get(id) ?? id,
    term: (id) => id,
  };

  private rewriteUrl(recorded: string): string {
    const url = recorded.replace(RECORDED_BASE, this.sandbox.url);
    return url
      .replace(
        /\/(events|venues|organizers|tribe_events|tribe_venue|tribe_organizer)\/(\d+)/g,
        (_, kind: string, id: string) => `/${kind}/${this.toSandbox(Number(id))}`,
      )
      .replace(
        /([?&](?:p|include|event_ids)=)([\d,]+)/g,
        (_, key: string, ids: string) =>
          `${key}${ids
            .split(',')
            .map((id) => this.toSandbox(Number(id)))
            .join(',')}`,
      );
  }

  /**
   * When the real site took the request: the `Date` header is written when the answer is sent,
   * up to a second after a write stamped the record, so a write's own recorded time is used.
   */
  private instant(recording: Recording2): Date {
    const body = recording.body;
    if (recording.request.method !== 'GET' && isObject(body) && typeof body.modified_utc === 'string' && !body.modified_utc.startsWith('0000'))
      return new Date(`${body.modified_utc.replace(' ', 'T')}Z`);
    return recording.at;
  }

  async send(recording: Recording2): Promise<Answer> {
    this.clock = this.instant(recording);
    const request = recording.request;
    const headers: Record<string, string> = { ...request.headers };
    if (request.user !== undefined)
      headers.authorization = `Basic ${Buffer.from(`${request.user}:${request.password === 'APP_PASSWORD' ? PASSWORD : request.password}`).toString('base64')}`;
    let body = request.body;
    if (body !== undefined && headers['content-type']?.includes('json')) {
      const parsed = JSON.parse(body) as Record<string, unknown>;
      for (const key of ['venue', 'organizer']) {
        const value = parsed[key];
        if (typeof value === 'number') parsed[key] = this.toSandbox(value);
        if (Array.isArray(value)) parsed[key] = value.map((id) => (typeof id === 'number' ? this.toSandbox(id) : id));
      }
      if (recording.name === 'event_create_featured') parsed.image = this.imageUrl;
      body = JSON.stringify(parsed);
    }
    const answer = await ask(this.sandbox, this.rewriteUrl(request.url), { method: request.method, headers, body });
    // JSON, or a calendar, an HTML page or nothing
    const parsedBody = jsonOrText(answer.text);
    this.learn(recording.body, parsedBody);
    return { status: answer.status, headers: answer.headers, body: parsedBody, text: answer.text };
  }

  private learn(real: unknown, sandbox: unknown): void {
    if (!isObject(real) || !isObject(sandbox)) return;
    if (typeof real.id === 'number' && typeof sandbox.id === 'number' && (real.venue !== undefined || real.organizer !== undefined || 'start_date' in real)) {
      this.posts.set(real.id, sandbox.id);
      this.realPosts.set(sandbox.id, real.id);
    }
    if (isObject(real.venue)) this.learn(real.venue, sandbox.venue);
  }

  /** A calendar as lines, with the sandbox's host, site name and post IDs written as the real site's. */
  private calendarLines(text: string, real: boolean): string[] {
    let out = text.split(real ? RECORDED_BASE : this.sandbox.url).join('{HOST}');
    if (!real) out = out.replace(/^UID:(\d+)-/gm, (_, id: string) => `UID:${this.translation.post(Number(id))}-`);
    return out.split('\r\n').map((line) => (real ? line.split(REAL_SITE).join('{SITE}') : line.replace(/Calendar Sandbox/g, '{SITE}')));
  }

  /** Every difference between the recorded answer and the sandbox's. */
  compare(recording: Recording2, actual: Answer): string[] {
    const problems: string[] = [];
    if (actual.status !== recording.status) problems.push(`status ${actual.status}, recorded ${recording.status}`);
    const type = (value: string | null | undefined) => value?.toLowerCase() ?? null;
    if (type(actual.headers.get('content-type')) !== type(recording.headers['content-type']))
      problems.push(`content-type ${actual.headers.get('content-type')}, recorded ${recording.headers['content-type']}`);
    for (const name of ['x-robots-tag', 'x-wp-total', 'x-wp-totalpages', 'x-tec-total', 'x-tec-totalpages']) {
      const got = actual.headers.get(name);
      if (got !== (recording.headers[name] ?? null)) problems.push(`header ${name}: ${got}, recorded ${recording.headers[name]}`);
    }
    const disposition = recording.headers['content-disposition']?.replace(/real-tec-[0-9a-f]{11}/, '{SITE}-{HEX}') ?? null;
    const gotDisposition = actual.headers.get('content-disposition')?.replace(/calendar-sandbox-[0-9a-f]{11}/, '{SITE}-{HEX}') ?? null;
    if (gotDisposition !== disposition) problems.push(`content-disposition ${gotDisposition}, recorded ${disposition}`);
    const link = recording.headers.link ?? null;
    const gotLink = actual.headers.get('link');
    if ((gotLink === null ? null : translateText(gotLink, this.translation)) !== link) problems.push(`header link: ${gotLink}, recorded ${link}`);
    compareHeaders(recording.headers, actual.headers, this.translation, problems);
    if (isCalendar(recording.text) || isCalendar(actual.text)) {
      const expected = this.calendarLines(recording.text, true);
      const got = this.calendarLines(actual.text, false);
      const length = Math.max(expected.length, got.length);
      for (let i = 0; i < length && problems.length < 40; i++)
        if (expected[i] !== got[i]) problems.push(`line ${i + 1}: ${JSON.stringify(got[i])}, recorded ${JSON.stringify(expected[i])}`);
    } else if (typeof recording.body === 'string' || typeof actual.body === 'string') {
      if (actual.text !== recording.text)
        problems.push(`body ${JSON.stringify(actual.text.slice(0, 200))}, recorded ${JSON.stringify(recording.text.slice(0, 200))}`);
    } else compareValues(recording.body, actual.body, '$', this.translation, problems);
    return problems;
  }
}
