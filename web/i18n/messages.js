// The catalogs a page has loaded, and the translator an exercise, a widget or a page writes with. A catalog
// is one namespace of one locale (web/i18n/catalogs/<locale>/<namespace>.json: `common` for what every page
// and widget says, `course` for the lessons' own words, one per exercise), compiled to a module by
// scripts/messages.mjs and loaded when a page needs it: a lesson page loads its own exercises' and no
// other language's.
import { SOURCE, dirOf, localeOf } from './locales.js';
import { formatDecimal, formatInteger, formatMessage, formatNumber } from './format.js';

import englishCommon from './compiled/en/common.js';
import englishWidgets from './compiled/en/widgets.js';
import START from './compiled/start.js';

const loaded = new Map(); // `${locale}/${namespace}` → the compiled catalog, or the promise of it
const key = (locale, namespace) => `${locale}/${namespace}`;
/** English's catalogs that are part of every page's code, never fetched: its common words and the widgets'
 *  (a widget given no translator speaks English). */
export const BUILT_IN = Object.freeze({ common: englishCommon, widgets: englishWidgets });
for (const [namespace, catalog] of Object.entries(BUILT_IN)) loaded.set(key(SOURCE, namespace), catalog);

// Each locale's index of its catalogs (scripts/messages.mjs writes it): four small chunks, rather than every
// catalog of every language listed in the page's own script; but what pages load as they start is listed here
// (START), so that a page's first words wait for no index.
const INDEXES = {
  en: () => import('./compiled/en/index.js'),
  es: () => import('./compiled/es/index.js'),
  'zh-CN': () => import('./compiled/zh-CN/index.js'),
  'en-XA': () => import('./compiled/en-XA/index.js'),
};
async function importCatalog(code, namespace) {
  if (Object.hasOwn(START[code], namespace)) return START[code][namespace]();
  const index = (await INDEXES[code]()).default;
  if (!Object.hasOwn(index, namespace)) throw new Error(`loadCatalogs: ${code} has no ${namespace} catalog`);
  return index[namespace]();
}

/**
 * Loads the catalogs of `namespaces` in `locale` (each once, however often asked). A part of a catalog
 * (`course~sinusoid`: scripts/messages.mjs says which) is loaded as that catalog, `course`.
 */
export async function loadCatalogs(locale, namespaces) {
  const code = localeOf(locale)?.code;
  if (!code) throw new TypeError(`loadCatalogs: no catalog is written in ${JSON.stringify(String(locale))}`);
  await Promise.all(
    namespaces.map((file) => {
      const namespace = file.split('~')[0];
      const k = key(code, namespace);
      if (!loaded.has(k))
        loaded.set(
          k,
          importCatalog(code, file).then(
            (module) => loaded.set(k, module.default).get(k),
            (error) => {
              loaded.delete(k); // a later call tries again
              throw error;
            },
          ),
        );
      return loaded.get(k);
    }),
  );
  return code;
}

/** Whether `namespace` of `locale` is loaded (an exercise not yet written as catalogs has none). */
export const hasCatalog = (locale, namespace) => {
  const value = loaded.get(key(localeOf(locale)?.code, namespace));
  return value !== undefined && typeof value.then !== 'function';
};

function catalog(locale, namespace) {
  if (!hasCatalog(locale, namespace))
    throw new Error(`messages: the ${namespace} catalog of ${locale} is not loaded (loadCatalogs first)`);
  return loaded.get(key(locale, namespace));
}

/** The text of `namespace`'s message `id` in `locale`; an unknown id is an error, never a silent blank. */
export function message(locale, namespace, id, args) {
  const messages = catalog(locale, namespace);
  if (!Object.hasOwn(messages, id)) throw new Error(`messages: ${locale}/${namespace} has no message ${id}`);
  return formatMessage(messages[id], args, locale, `${locale}/${namespace}:${id}`);
}

/** Whether `namespace` of `locale` (loaded) has message `id`. */
export const hasMessage = (locale, namespace, id) => Object.hasOwn(catalog(locale, namespace), id);

/**
 * What an exercise, a widget or a page writes with, for one locale and its own namespace:
 *   t(id, args)         its message id (`common`'s when its own has none);
 *   t.number(x, digits) a number in prose, in the locale's notation (never inside code or a formula);
 *   t.integer(n)        a count, grouped as the locale groups;
 *   t.decimal(x)        a number as written in code (0.001), with the locale's decimal sign;
 *   t.join(a, b)        two sentences one after the other, as the language writes them;
 *   t.has(id)           whether its own namespace has message id (an exercise not yet in catalogs has none);
 *   t.in(namespace)     the same locale's translator for another namespace;
 *   t.locale, t.dir     for lang and dir attributes.
 */
export function translator(locale = SOURCE, namespace = 'common') {
  const code = localeOf(locale)?.code ?? SOURCE;
  const own = (id) => hasCatalog(code, namespace) && hasMessage(code, namespace, id);
  const t = (id, args) => message(code, namespace === 'common' || own(id) ? namespace : 'common', id, args);
  t.number = (value, digits) => formatNumber(code, value, digits);
  t.decimal = (value) => formatDecimal(code, value);
  t.integer = (n) => formatInteger(code, n);
  t.in = (other) => translator(code, other);
  t.has = own;
  // Two sentences one after the other: a space between them, or none in Chinese (common's sentence.join).
  t.join = (first, second) => message(code, 'common', 'sentence.join', { first, second });
  t.locale = code;
  t.dir = dirOf(code);
  t.namespace = namespace;
  return t;
}
