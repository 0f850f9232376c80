/** The list `search` parameter as WordPress reads it. */

/** WordPress keyword search: every word must appear; a leading `-` excludes. */
export function searchMatcher(search: string): (text: string) => boolean {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  const wanted = words.filter((word) => !word.startsWith('-') || word.length === 1);
  const unwanted = words.filter((word) => word.startsWith('-') && word.length > 1).map((word) => word.slice(1));
  return (text) => wanted.every((word) => text.includes(word)) && !unwanted.some((word) => text.includes(word));
}
