/**
 * PHP has one array type: a request's `organizer[0][organizer]=X` (form) and `{"0": ...}`
 * (JSON, decoded to an array) are the same value as a list when their keys are 0, 1, ... n-1,
 * and the plugin tells lists from entries by exactly that (`array_values($a) === $a`).
 * Parameters are made into that shape once, as they are read.
 *
 * JavaScript orders integer keys ascending, so keys sent as `1, 0` count as a list here where
 * PHP would see an associative array; no client sends them so.
 */
export function asPhpArrays(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(asPhpArrays);
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value).map(([key, item]) => [key, asPhpArrays(item)] as const);
  const isList = entries.length > 0 && entries.every(([key], index) => key === String(index));
  return isList ? entries.map(([, item]) => item) : Object.fromEntries(entries);
}

/** The parameter map itself stays a map; each value takes PHP's shape. */
export function paramsAsPhpArrays(params: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(params).map(([key, value]) => [key, asPhpArrays(value)]));
}
