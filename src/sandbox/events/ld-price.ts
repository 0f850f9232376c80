/**
 * The price of an event's structured data (json_ld `offers.price`): the plugin's cost without
 * currency, which keeps each amount as it was typed (`10,20`, not `10.20`): the lowest and the
 * highest amount above zero joined by an en dash, the one amount, `0` for a zero or free cost,
 * else the text itself as typed (`Donation`). Null when the event has no cost.
 */
import { costAmounts } from '../../wordpress/cost.js';

export function ldPrice(raw: unknown): string | null {
  const texts = (Array.isArray(raw) ? raw : raw === undefined || raw === null ? [] : [raw]).map((item) => String(item).trim()).filter(Boolean);
  if (!texts.length) return null;
  const amounts = texts.flatMap((text) => costAmounts(text));
  if (!amounts.length) {
    const word = texts[texts.length - 1];
    return /^free$/i.test(word) ? '0' : word;
  }
  const positive = amounts.filter((amount) => Number(amount.value) > 0).sort((a, b) => Number(a.value) - Number(b.value));
  if (!positive.length) return '0';
  const [low, high] = [positive[0].text, positive[positive.length - 1].text];
  return Number(positive[0].value) === Number(positive[positive.length - 1].value) ? low : `${low} \u2013 ${high}`;
}
