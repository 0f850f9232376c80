import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ICAL from 'ical.js';

export const FIXTURES = join(import.meta.dirname, '../../fixtures/ical');

export function fixture(name: string): string {
  return readFileSync(join(FIXTURES, name), 'utf8');
}

export function fixtureJson<T = Record<string, unknown>[]>(name: string): T {
  return JSON.parse(fixture(name)) as T;
}

/** Throws if ical.js cannot read the text; returns the VCALENDAR component. */
export function parseBack(text: string) {
  return new ICAL.Component(ICAL.parse(text));
}

/** Every physical line's length in UTF-8 octets, CRLF excluded. */
export function longestLineOctets(text: string): number {
  return Math.max(...text.split('\r\n').map((line) => Buffer.byteLength(line, 'utf8')));
}

/** `2026-12-05 00:30:00` (UTC) -> epoch seconds. */
export function utcSeconds(utcText: string): number {
  return Date.parse(`${utcText.replace(' ', 'T')}Z`) / 1000;
}

export const META = { calendarName: 'Real TEC', siteUrl: 'http://127.0.0.1:8080', siteTimezone: 'America/New_York', version: '0.1.0' };
