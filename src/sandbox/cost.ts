/**
 * Event cost as the real server formats it: the text is scanned for prices and a
 * currency symbol; `"15"` shows as `"$15"`, `"5-10"` as `"$5 – $10"`, `"Free"` stays.
 */
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
const NUMBER = /\d+(?:[.,]\d+)?/g;

interface Scan {
  numbers: { text: string; value: string }[];
  symbol: string;
  position: '' | 'prefix' | 'postfix';
  free: boolean;
}

function scan(text: string): Scan {
  const numbers = [...text.matchAll(NUMBER)].map((match) => ({ text: match[0], value: match[0].replace(',', '.') }));
  const symbolMatch = /([^\d\s.,\-–a-z]+)\s*\d|\d\s*([^\d\s.,\-–a-z]+)/i.exec(text);
  const symbol = symbolMatch ? (symbolMatch[1] ?? symbolMatch[2]) : '';
  const position = !symbolMatch ? '' : symbolMatch[1] ? 'prefix' : 'postfix';
  return { numbers, symbol, position, free: /free/i.test(text) };
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
  const values = new Set<string>();
  for (const part of scans) {
    if (part.free && !part.numbers.length) values.add('free');
    for (const number of part.numbers) if (Number(number.value) > 0) values.add(number.value);
  }
  const numeric = [...values].filter((value) => value !== 'free').sort((a, b) => Number(a) - Number(b));
  details.values = [...(values.has('free') ? ['free'] : []), ...numeric];
  const withPrice = scans.filter((part) => part.numbers.length);
  const symbolSource = withPrice.find((part) => part.symbol);
  if (symbolSource) {
    details.currency_symbol = symbolSource.symbol;
    details.currency_position = symbolSource.position;
  }
  if (!withPrice.length) {
    const text = texts[texts.length - 1];
    return { cost: /^0+(?:[.,]0+)?$/.test(text) ? '' : text, details };
  }
  if (!numeric.length) return { cost: '', details: { ...details, values: [] } };
  if (Array.isArray(raw) && withPrice.length === 1) return { cost: texts[scans.indexOf(withPrice[0])], details };
  const format = symbolSource ?? withPrice[0];
  const originalText = (value: string) => withPrice.flatMap((part) => part.numbers).find((number) => number.value === value)?.text ?? value;
  if (numeric.length === 1) return { cost: withSymbol(originalText(numeric[0]), format), details };
  const low = withSymbol(originalText(numeric[0]), format);
  const high = withSymbol(originalText(numeric[numeric.length - 1]), format);
  return { cost: `${low} \u2013 ${high}`, details };
}
