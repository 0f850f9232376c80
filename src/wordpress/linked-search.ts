/**
 * How the plugin's venue and organizer lists search (`GET /venues?search=`, its find_like): the text is
 * cut at every character but ASCII letters, digits and hyphens, and a record is found when one of its
 * searched fields (title, description, excerpt, and each searched meta field) holds every piece
 * (SQL LIKE, by the database's collation, letter by letter: `caf` finds `Café`, `strasse` does not
 * find `Straße`). A text with no such piece
 * (`Дом культуры`, `東京ホール`) finds nothing at all: the query the plugin then builds is not valid
 * SQL, and the list answers no record (its total stays that of the whole list). Measured on 6.17.1.
 */
import { likeKey } from './collation.js';

/** The pieces the search looks for, lower case (PHP's array_filter also drops a piece `0`). */
export function searchPieces(search: string): string[] {
  return search
    .split(/[^a-z0-9-]+/i)
    .filter((piece) => piece !== '' && piece !== '0')
    .map((piece) => piece.toLowerCase());
}

/** Whether the list's search can find anything for this text. */
export function searchable(search: string): boolean {
  return searchPieces(search).length > 0;
}

/** Whether a record whose searched fields hold these texts is found by the search. */
export function foundBySearch(pieces: string[], fields: string[]): boolean {
  if (pieces.length === 0) return false;
  return fields.some((field) => {
    const text = likeKey(field);
    return pieces.every((piece) => text.includes(piece));
  });
}
