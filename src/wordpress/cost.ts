/** How The Events Calendar reads a cost text. */

/**
 * The amounts of a cost text as the server finds them: digits with at most one `.` or `,` and
 * digits after it, the comma read as a decimal point (`10,20` is 10.20; `1.000,50` is 1.000 and 50).
 */
export function costAmounts(text: string): Array<{ text: string; value: string }> {
  return [...text.matchAll(/\d+(?:[.,]\d+)?/g)].map(([amount]) => ({ text: amount, value: amount.replace(',', '.') }));
}
