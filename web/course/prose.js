// Lesson prose with glossary links: [[text|term-id]] links `text` to the term, [[term-id]] links the term's
// own name, in the page's language. Everything else stays plain text (text nodes, never innerHTML), so a '<' in
// prose is a '<'. Each function takes the page's translator `t` (web/i18n/messages.js; any namespace, its
// locale's glossary-terms catalog loaded); without one it writes English, as the catalogs' source.
import { h } from '../widgets/dom.js';
import { checkTermId, glossaryHref, termName } from './glossary-links.js';

// [[id]] or [[text|id]]: the text may be anything but ']' and '|'; the id is checked against the glossary.
const LINK = /\[\[(?:([^\]|]+)\|)?([^\]|]+)\]\]/g;

/** The pieces of `text`: strings, and {id, text} for each link (text null for [[id]]). */
function parse(text) {
  const source = String(text);
  const out = [];
  let last = 0;
  for (const m of source.matchAll(LINK)) {
    if (m.index > last) out.push(source.slice(last, m.index));
    out.push({ id: m[2].trim(), text: m[1] ?? null });
    last = m.index + m[0].length;
  }
  if (last < source.length) out.push(source.slice(last));
  return out;
}

/** As parse, each link's text filled in (the term's name in t's locale); an unknown id throws, text or none. */
function pieces(text, t) {
  return parse(text).map((p) => {
    if (typeof p === 'string') return p;
    checkTermId(p.id); // throws on an unknown id
    return { id: p.id, text: p.text ?? termName(p.id, t) };
  });
}

// What follows each link's text for a screen reader: it opens the glossary, in a new tab. common's message
// glossary.newTab; without t its English words, kept here (tests/web/glossary.test.mjs checks they are the
// English catalog's) rather than importing English's whole common catalog into every page of every language.
export const NEW_TAB_EN = ' (glossary, new tab)';
const newTab = (t) => (t ? t.in('common')('glossary.newTab') : NEW_TAB_EN);

/** DOM nodes for `text`: text nodes, and an <a href="glossary.html#id"> (?lang= outside English) per link. */
export function prose(text, t) {
  let hidden; // read once, and only for a text with a link
  return pieces(text, t).map((p) =>
    typeof p === 'string'
      ? document.createTextNode(p)
      : // A new tab: the lesson keeps its place (and, in a course platform, its session).
        h(
          'a',
          { href: glossaryHref(p.id, t?.locale), target: '_blank', rel: 'noopener' },
          p.text,
          h('span', { class: 'visually-hidden' }, (hidden ??= newTab(t))),
        ),
  );
}

/** The words a reader sees, links reduced to their text (for counting words, titles, aria labels). */
export function proseText(text, t) {
  return pieces(text, t)
    .map((p) => (typeof p === 'string' ? p : p.text))
    .join('');
}

/** The ids `text` links to, in order of appearance, repeats kept; not checked (tests check them). */
export function termIds(text) {
  return parse(text)
    .filter((p) => typeof p !== 'string')
    .map((p) => p.id);
}
