// The course's glossary, the one place its terms are defined: lesson prose links a term as [[text|id]] or
// [[id]] (web/course/prose.js), and web/glossary.html lists them all. The words are catalogs, the `glossary`
// namespace (web/i18n/catalogs/<locale>/glossary.json: `<id>.term`, `<id>.definition`, `source.<name>`); this
// module keeps their structure. Kept in alphabetical order of the English term (tests/web/glossary.test.mjs
// checks it), each term written as it reads mid-sentence, since [[id]] shows it. Each entry: id (URL-safe, the
// anchor on glossary.html), optional see (other ids) and source (a name in SOURCES: where the term comes from).
// Definitions are our own words, plain text, two or three sentences.
import EN from '../i18n/compiled/en/glossary.js';
import { formatMessage } from '../i18n/format.js';
import { SOURCE } from '../i18n/locales.js';
import { ENTRIES, SOURCES, glossaryHref, termName } from './glossary-links.js';

export { glossaryHref, termName };

// English is the source, and the default of every function here: read from the compiled English catalog, so
// it needs no loadCatalogs (web/i18n/messages.js), and a message English lacks is an error, never a blank.
function english(id) {
  if (!Object.hasOwn(EN, id)) throw new Error(`glossary: en/glossary has no message ${id}`);
  return formatMessage(EN[id], {}, SOURCE, `en/glossary:${id}`);
}

/**
 * The glossary in English, in its order: each entry's id, term, definition, see (ids) and, where it has one,
 * source ([title, href]) and sourceId (its `source.<name>`). What the tests and the lessons' minute counts read.
 */
export const GLOSSARY = ENTRIES.map(({ id, see, source }) =>
  Object.freeze({
    id,
    term: english(`${id}.term`),
    definition: english(`${id}.definition`),
    ...(see ? { see: Object.freeze([...see]) } : {}),
    ...(source ? { source: Object.freeze([english(`source.${source}`), SOURCES[source]]), sourceId: source } : {}),
  }),
);

const BY_ID = new Map(GLOSSARY.map((t) => [t.id, t]));

/** The glossary entry with this id (English); throws on an unknown id, so a broken link fails a test, not a reader. */
export function glossaryTerm(id) {
  const term = BY_ID.get(id);
  if (!term) throw new Error(`glossary: no term with id "${id}"`);
  return term;
}

// A message of the glossary in t's locale: English's own without t or when t is English (no catalog to load),
// else the glossary catalog of t's locale, which the page must have loaded (startPage(['glossary', …])).
const local = (t) => (!t || t.locale === SOURCE ? english : t.in('glossary'));

// The letters of a locale's A–Z line, by language: Spanish puts Ñ after N (a letter of its own, as in any
// Spanish dictionary); every other language here the 26 of English.
const A_TO_Z = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'];
const ALPHABETS = { es: [...'ABCDEFGHIJKLMN', 'Ñ', ...'OPQRSTUVWXYZ'] };
const alphabetOf = (locale) => ALPHABETS[locale.split('-')[0].toLowerCase()] ?? A_TO_Z;

// The first letter of a term (skipping anything before it that is not a letter).
const initial = (term) => term.match(/\p{L}/u)?.[0] ?? '';
const LATIN = /^\p{Script=Latin}$/u;

/**
 * The glossary as a page in `t`'s locale lists it (English without t):
 *   entries  each {id, term, definition, see, source: [title, href] | undefined, english, letter}, in reading
 *            order (`english` is the English term, `letter` the one of the A–Z line it files under, or null);
 *   letters  the A–Z line, each {letter, id}: id the first entry under that letter, null for a letter with none;
 *   byEnglish whether entries and letters follow the English terms (then a page shows each English name).
 * English is in the data's order (alphabetical already). Another language whose terms all start with a Latin
 * letter (Spanish) is sorted by its own collation, and a term files under its initial as that language reads it:
 * in Spanish Á under A, and Ñ under its own letter, after N.
 * A language whose terms do not (Chinese: 注意力, 位置编码 beside RoPE, float32) keeps the English order, as the
 * course's Chinese readers meet these terms in English papers and code, and each entry shows its English name
 * beside its own (位置编码（positional encoding）): the A–Z line then gives the English initials, since they
 * are the letters the order follows and that the page shows. A pinyin line would index an order the page does
 * not have, and no line at all would leave 27 entries in an order the reader cannot see the reason for.
 */
export function localGlossary(t) {
  const locale = t?.locale ?? SOURCE;
  const text = local(t);
  const entries = GLOSSARY.map((e) => ({
    id: e.id,
    term: text(`${e.id}.term`),
    definition: text(`${e.id}.definition`),
    see: e.see ?? [],
    source: e.source ? [text(`source.${e.sourceId}`), e.source[1]] : undefined,
    english: e.term,
  }));
  // English (and en-XA, English accented for the tests) is in the data's order, filed by its English initials.
  const inEnglish = locale.split('-')[0].toLowerCase() === SOURCE;
  const byEnglish = !inEnglish && !entries.every((e) => LATIN.test(initial(e.term)));
  const ownOrder = !inEnglish && !byEnglish;
  if (ownOrder) {
    const order = new Intl.Collator(locale);
    entries.sort((a, b) => order.compare(a.term, b.term));
  }
  const lettersLocale = ownOrder ? locale : SOURCE;
  const alphabet = alphabetOf(lettersLocale);
  const same = new Intl.Collator(lettersLocale, { sensitivity: 'base' }); // Á is A; in Spanish Ñ is not N
  for (const e of entries) {
    const first = initial(ownOrder ? e.term : e.english);
    e.letter = alphabet.find((letter) => same.compare(first, letter) === 0) ?? null;
  }
  const letters = alphabet.map((letter) => ({ letter, id: entries.find((e) => e.letter === letter)?.id ?? null }));
  return { entries, letters, byEnglish };
}
