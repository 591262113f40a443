// Lesson prose with glossary links: [[text|term-id]] links `text` to the term, [[term-id]] links the term's
// own name. Everything else stays plain text (text nodes, never innerHTML), so a '<' in prose is a '<'.
import { h } from '../widgets/dom.js';
import { glossaryTerm, glossaryHref } from './glossary.js';

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

/** As parse, each link's text filled in; an unknown id throws, also when the link has its own text. */
function pieces(text) {
  return parse(text).map((p) => {
    if (typeof p === 'string') return p;
    const term = glossaryTerm(p.id);
    return { id: p.id, text: p.text ?? term.term };
  });
}

/** DOM nodes for `text`: text nodes, and an <a href="glossary.html#id"> for each glossary link. */
export function prose(text) {
  return pieces(text).map((p) =>
    typeof p === 'string'
      ? document.createTextNode(p)
      : // A new tab: the lesson keeps its place (and, in a course platform, its session).
        h(
          'a',
          { href: glossaryHref(p.id), target: '_blank', rel: 'noopener' },
          p.text,
          h('span', { class: 'visually-hidden' }, ' (glossary, new tab)'),
        ),
  );
}

/** The words a reader sees, links reduced to their text (for counting words, titles, aria labels). */
export function proseText(text) {
  return pieces(text)
    .map((p) => (typeof p === 'string' ? p : p.text))
    .join('');
}

/** The ids `text` links to, in order of appearance, repeats kept; not checked (tests check them). */
export function termIds(text) {
  return parse(text)
    .filter((p) => typeof p !== 'string')
    .map((p) => p.id);
}
