/**
 * How The Events Calendar reads a cost text, and how it shows it: the text is scanned for
 * prices and a currency symbol; `"15"` shows as `"$15"`, `"5-10"` as `"$5 – $10"`, `"Free"`
 * stays (and a text without a number is listed in `values` as a slug: `Free entry` as
 * `free-entry`); a stored `"0"` shows as `"Free"`. The sandbox shows costs by it; the client
 * compares and reads them back by the same amounts.
 */

import { slugFromName } from './slugs.js';

/**
 * The amounts of a cost text as the server finds them: digits with at most one `.` or `,` and
 * digits after it, the comma read as a decimal point (`10,20` is 10.20; `1.000,50` is 1.000 and 50).
 */
export function costAmounts(text: string): Array<{ text: string; value: string }> {
  return [...text.matchAll(/\d+(?:[.,]\d+)?/g)].map(([amount]) => ({ text: amount, value: amount.replace(',', '.') }));
}

/**
 * A cost the tribe route's create does not store: 0 or "0" (PHP's empty()), where an update
 * stores "0" and the site then shows it as `Free` (measured on 6.17.1; "0.00" is stored by both).
 */
export function createDropsCost(cost: unknown): boolean {
  return cost === 0 || cost === '0';
}

/** A cost of nothing but zeros (`0`, `0,00`): the site shows it as `Free`. */
export function isZeroCost(text: string): boolean {
  return /^0+(?:[.,]0+)?$/.test(text);
}

export interface CostDetails {
  currency_symbol: string;
  currency_code: string;
  currency_position: string;
  values: string[];
}

export interface FormattedCost {
  cost: string;
  details: CostDetails;
}

const DEFAULT_SYMBOL = '$';

interface Scan {
  numbers: { text: string; value: string }[];
  symbol: string;
  position: '' | 'prefix' | 'postfix';
}

/**
 * The amounts of one cost text, and its currency: what is left of the text once its one
 * amount is taken out (parse_currency_symbol). A text with two amounts (`€10 – €30`) has none,
 * and shows the site's symbol.
 */
function scan(text: string): Scan {
  const numbers = costAmounts(text);
  if (numbers.length !== 1) return { numbers, symbol: '', position: '' };
  const symbol = text.split(numbers[0].text).join('').trim();
  if (!symbol) return { numbers, symbol, position: '' };
  return { numbers, symbol, position: text.indexOf(symbol) < text.indexOf(numbers[0].text) ? 'prefix' : 'postfix' };
}

function withSymbol(amount: string, part: Scan): string {
  if (part.position === 'postfix') return `${amount}${part.symbol}`;
  return `${part.symbol || DEFAULT_SYMBOL}${amount}`;
}

export function formatCost(raw: unknown): FormattedCost {
  const texts = (Array.isArray(raw) ? raw : raw === undefined || raw === null ? [] : [raw]).map((item) => String(item).trim()).filter(Boolean);
  const details: CostDetails = { currency_symbol: '', currency_code: '', currency_position: '', values: [] };
  if (!texts.length) return { cost: '', details };
  const scans = texts.map(scan);
  const words = new Set<string>();
  const amounts = new Set<string>();
  scans.forEach((part, index) => {
    if (!part.numbers.length) words.add(slugFromName(texts[index]));
    for (const number of part.numbers) if (Number(number.value) > 0) amounts.add(number.value);
  });
  const numeric = [...amounts].sort((a, b) => Number(a) - Number(b));
  details.values = [...words, ...numeric];
  const withPrice = scans.filter((part) => part.numbers.length);
  const symbolSource = withPrice.find((part) => part.symbol);
  if (symbolSource) {
    details.currency_symbol = symbolSource.symbol;
    details.currency_position = symbolSource.position;
  }
  if (!withPrice.length) return { cost: texts[texts.length - 1], details };
  if (!numeric.length) {
    const zero = texts.length === 1 && isZeroCost(texts[0]);
    return zero ? { cost: 'Free', details: { ...details, values: ['0'] } } : { cost: '', details: { ...details, values: [] } };
  }
  if (Array.isArray(raw) && withPrice.length === 1) return { cost: texts[scans.indexOf(withPrice[0])], details };
  const format = symbolSource ?? withPrice[0];
  const originalText = (value: string) => withPrice.flatMap((part) => part.numbers).find((number) => number.value === value)?.text ?? value;
  if (numeric.length === 1) return { cost: withSymbol(originalText(numeric[0]), format), details };
  const low = withSymbol(originalText(numeric[0]), format);
  const high = withSymbol(originalText(numeric[numeric.length - 1]), format);
  return { cost: `${low} \u2013 ${high}`, details };
}
