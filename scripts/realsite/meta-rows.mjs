/**
 * Rows the tribe route writes with no meaning of their own (measured on 6.17.1: `_EventAllDay`
 * `no` where there was none, and empty `_EventURL`, `_EventCurrencySymbol`,
 * `_EventCurrencyPosition`): the same value as none. The real-site scripts count them apart,
 * not as changes.
 */
const NONE = { _EventAllDay: ['', 'no'], _EventURL: [''], _EventCurrencySymbol: [''], _EventCurrencyPosition: [''] };

const meansNone = (key, value) => value === undefined || (NONE[key] ?? []).includes(value);

/** Whether two stored values of `key` say the same. */
export const sameMeaning = (key, a, b) => a === b || (meansNone(key, a) && meansNone(key, b));
