// A card of the lesson's exposition (its words and formulas as data, web/cards/*.js): a titled aside with
// display formulas, a figure (an SVG its card draws, with a caption), a list of symbols and what they mean, a
// note and the sources it rests on. Its words are ids of the course catalog (web/i18n/catalogs/<locale>/
// course.json), written in the language of the translator `t` (English unless told: the page loads the course
// catalog first); its formulas are TeX, typeset as MathML, in every language; a symbol's name is as written.
import { h } from '../widgets/dom.js';
import { formula } from '../widgets/math.js';
import { translator } from '../i18n/messages.js';

export function card({ id, title, intro, formulas = [], figure, symbols = [], note, sources = [] }, t) {
  t = (t ?? translator('en')).in('course');
  const headingId = `${id}-title`;
  return h(
    'aside',
    { class: 'card', id, 'aria-labelledby': headingId },
    h('h2', { id: headingId }, t(title)),
    intro ? h('p', {}, t(intro)) : null,
    formulas.map((tex) => formula(tex, { display: true })),
    // figure.draw(t) builds the SVG element (drawn by code, coloured by the stylesheet, labelled in t's
    // language); the caption says what to read in it.
    figure
      ? h(
          'figure',
          { class: 'card-figure' },
          figure.draw(t),
          figure.caption ? h('figcaption', {}, t(figure.caption)) : null,
        )
      : null,
    symbols.length
      ? h(
          'dl',
          { class: 'symbols' },
          symbols.flatMap(([name, meaning]) => [
            h('dt', { translate: 'no' }, name) /* a formula's symbol */,
            h('dd', {}, t(meaning)),
          ]),
        )
      : null,
    note ? h('p', { class: 'hint' }, t(note)) : null,
    sources.length
      ? h(
          'p',
          { class: 'sources' },
          t('card.sources'),
          sources.flatMap(([text, href], i) => [
            i ? t('card.sourcesSeparator') : null,
            h('a', { href, rel: 'noopener' }, t(text)),
          ]),
        )
      : null,
  );
}
