// Formatting a compiled message (scripts/messages.mjs writes them) and a number, for one locale. A message is
// a string when it has no placeholder, or an array of parts: a string, ['#'] (a plural's number), or
// [arg] | [arg, 'number'] | [arg, 'plural' | 'selectordinal', offset, cases] | [arg, 'select', cases], where
// cases maps a key ('one', 'other', '=0', a select value) to a message. Plurals follow the platform's
// Intl.PluralRules (CLDR's rules, no table shipped); numbers follow fmt's rules (widgets/dom.js) with the
// locale's decimal sign.

import { localeOf } from './locales.js';

const cache = new Map();
function memo(kind, locale, make) {
  const key = `${kind}:${locale}`;
  if (!cache.has(key)) cache.set(key, make());
  return cache.get(key);
}
const pluralRules = (locale, type) => memo(`plural-${type}`, locale, () => new Intl.PluralRules(locale, { type }));
const integerFormat = (locale) => memo('integer', locale, () => new Intl.NumberFormat(locale));
// A course language's notation is in its record (locales.js: no Intl.NumberFormat made on the way to the first
// picture); another locale's is the platform's.
const numbersOf = (locale) => localeOf(locale)?.numbers ?? null;

/** The locale's decimal sign: '.' in English and Chinese, ',' in Spanish. */
export const decimalSign = (locale) =>
  numbersOf(locale)?.decimal ??
  memo(
    'decimal',
    locale,
    () => new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal').value,
  );

// en-XA is English made longer: its numbers are English numbers.
const numberLocale = (locale) => (locale === 'en-XA' ? 'en' : locale);

/**
 * `value` with `digits` decimals in `locale`'s notation: fmt's rules (widgets/dom.js: fixed, exponential where
 * fixed would show only zeros or too many digits, ±∞ and a true minus sign for infinities), its '.' written as
 * the locale's decimal sign. No grouping: a number in prose reads as the same digits as in the code beside it.
 */
export function formatNumber(locale, value, digits = 4) {
  if (!Number.isFinite(value)) return Number.isNaN(value) ? 'NaN' : value > 0 ? '∞' : '−∞';
  const exponential = value !== 0 && (Math.abs(value) < 0.5 * 10 ** -digits || Math.abs(value) >= 1e6);
  const text = exponential ? value.toExponential(2) : value.toFixed(digits);
  const sign = decimalSign(numberLocale(locale));
  return sign === '.' ? text : text.replace('.', sign);
}

/** A number as JavaScript writes it (String(x): 0.001, 1e-7), its '.' the locale's decimal sign. */
export const formatDecimal = (locale, value) => String(value).replace('.', decimalSign(numberLocale(locale)));

/** A count in `locale`'s notation, grouped as the locale groups (1,000 · 1.000 · 1,000). */
export function formatInteger(locale, n) {
  const numbers = numbersOf(locale);
  if (!numbers || !Number.isSafeInteger(n)) return integerFormat(numberLocale(locale)).format(n);
  const digits = String(Math.abs(n));
  const grouped =
    digits.length < 3 + numbers.minimumGrouping ? digits : digits.replace(/\B(?=(\d{3})+$)/g, numbers.group);
  return n < 0 || Object.is(n, -0) ? `-${grouped}` : grouped; // Intl writes -0 too
}

function argument(args, name, where) {
  if (!Object.hasOwn(args, name)) throw new Error(`${where}: the message needs {${name}}`);
  return args[name];
}

function pick(cases, value, locale, type, offset) {
  if (typeof value === 'number' && Object.hasOwn(cases, `=${value}`)) return cases[`=${value}`];
  const category = pluralRules(numberLocale(locale), type === 'selectordinal' ? 'ordinal' : 'cardinal').select(
    value - offset,
  );
  return Object.hasOwn(cases, category) ? cases[category] : cases.other;
}

function render(message, args, locale, where, count) {
  if (typeof message === 'string') return message;
  let out = '';
  for (const part of message) {
    if (typeof part === 'string') {
      out += part;
      continue;
    }
    const [name, type, ...rest] = part;
    if (name === '#') {
      out += formatInteger(locale, count);
      continue;
    }
    const value = argument(args, name, where);
    if (type === undefined) out += String(value);
    else if (type === 'number') out += formatInteger(locale, value);
    else if (type === 'select') {
      const [cases] = rest;
      const key = String(value);
      out += render(Object.hasOwn(cases, key) ? cases[key] : cases.other, args, locale, where, count);
    } else {
      const [offset, cases] = rest;
      if (typeof value !== 'number') throw new Error(`${where}: {${name}} must be a number`);
      out += render(pick(cases, value, locale, type, offset), args, locale, where, value - offset);
    }
  }
  return out;
}

/** The text of a compiled `message` in `locale` with `args`; `where` names it in an error (a missing argument). */
export const formatMessage = (message, args, locale, where = 'message') =>
  render(message, args ?? {}, locale, where, 0);
