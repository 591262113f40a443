// The languages the course is written in, and which one a learner gets. English is the source: every other
// catalog (web/i18n/catalogs/<locale>/) has exactly its keys (tests/web/i18n.test.mjs). en-XA is a
// pseudo-locale made from English by scripts/messages.mjs (accented, 40% longer, bracketed) for the tests
// that look for text no catalog holds: it is never offered, never negotiated, only asked for by ?lang=en-XA.
// This module imports nothing and is also run as a plain script (web/i18n/early.js, its exports dropped by the
// build): keep it so.
export const SOURCE = 'en';

/** Where a learner's choice of language is kept (the site's storage; for the visit only where it is denied). */
export const LANG_KEY = 'pelab:lang:v1';

// How each language writes a number: its decimal sign, its group separator (groups of three) and the fewest
// digits a group needs before one is written (CLDR's minimumGroupingDigits: Spanish writes 1234 but 12.345).
// The pages format with these rather than with Intl.NumberFormat, whose first use in a page loads the
// platform's number data (33–68 ms measured in Chromium here, on the way to the first picture);
// tests/web/i18n.test.mjs checks them against Intl.NumberFormat.
const POINT_COMMA = Object.freeze({ decimal: '.', group: ',', minimumGrouping: 1 });
const COMMA_POINT = Object.freeze({ decimal: ',', group: '.', minimumGrouping: 2 });

/** The languages a learner can choose, in the switch's order: each its code, its own name, direction and numbers. */
export const LOCALES = Object.freeze([
  Object.freeze({ code: 'en', name: 'English', dir: 'ltr', numbers: POINT_COMMA }),
  Object.freeze({ code: 'es', name: 'Español', dir: 'ltr', numbers: COMMA_POINT }),
  Object.freeze({ code: 'zh-CN', name: '简体中文', dir: 'ltr', numbers: POINT_COMMA }),
]);
// Its numbers are English numbers.
export const PSEUDO = Object.freeze({ code: 'en-XA', name: 'Pseudo (test)', dir: 'ltr', numbers: POINT_COMMA });

const BY_CODE = new Map([...LOCALES, PSEUDO].map((l) => [l.code.toLowerCase(), l]));

/** The locale record of an exact code (case aside: 'zh-cn' is 'zh-CN'), or null. */
export function localeOf(code) {
  return typeof code === 'string' ? (BY_CODE.get(code.toLowerCase()) ?? null) : null;
}

/** The direction a locale's text runs in ('ltr' for every language here; the markup sets it all the same). */
export const dirOf = (code) => localeOf(code)?.dir ?? 'ltr';

// A browser language that names no locale here exactly may name its language: es-MX reads es, and every
// Chinese (zh, zh-Hans-SG, zh-TW) reads the Simplified Chinese catalog, closer than English for all of them.
function nearest(tag) {
  const exact = localeOf(tag);
  if (exact && exact !== PSEUDO) return exact.code;
  const language = String(tag).toLowerCase().split(/[-_]/)[0];
  return LOCALES.find((l) => l.code.toLowerCase().split('-')[0] === language)?.code ?? null;
}

/** The locale `asked` (a ?lang= or lang attribute) names, exactly or by its language (es-ES, zh-Hans), or null. */
export const askedLocale = (asked) => localeOf(asked)?.code ?? (typeof asked === 'string' ? nearest(asked) : null);

/**
 * The learner's language: `asked` (a ?lang= or lang attribute: any locale here including en-XA, or a tag of
 * its language, es-ES or zh-Hans, as a course site's <html lang> usually is) if it names one, else `saved`
 * (their earlier choice), else the first of the browser's `languages` this course is written in, else English.
 */
export function chooseLocale({ asked = null, saved = null, languages = [] } = {}) {
  const explicit = askedLocale(asked);
  if (explicit) return explicit;
  const kept = localeOf(saved);
  if (kept && kept !== PSEUDO) return kept.code;
  for (const tag of languages) {
    const code = nearest(tag);
    if (code) return code;
  }
  return SOURCE;
}

/** What a page is asked for: `search`'s ?lang= (an empty one asks nothing), else a course package's language. */
export const pageAsked = (search, packaged) => new URLSearchParams(search).get('lang') || packaged || null;

/**
 * A page's language from what it is told: what it is asked for (pageAsked: ?lang=, else a course package's
 * <meta name="pelab-lang">), else `saved`, else the browser's `languages`. web/i18n/page.js reads these for a
 * page's script, web/i18n/early.js in <head>: both decide here.
 */
export function pageLocaleFrom({ search = '', packaged = null, saved = null, languages = [] } = {}) {
  return chooseLocale({ asked: pageAsked(search, packaged), saved, languages });
}
