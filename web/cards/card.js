// A card of the lesson's exposition (its words and formulas as data, web/cards/*.js): a titled aside with
// display formulas, a figure (an SVG its card draws, with a caption), a list of symbols and what they mean, a
// note and the sources it rests on.
import { h } from '../widgets/dom.js';
import { formula } from '../widgets/math.js';

export function card({ id, title, intro, formulas = [], figure, symbols = [], note, sources = [] }) {
  const headingId = `${id}-title`;
  return h(
    'aside',
    { class: 'card', id, 'aria-labelledby': headingId },
    h('h2', { id: headingId }, title),
    intro ? h('p', {}, intro) : null,
    formulas.map((tex) => formula(tex, { display: true })),
    // figure.draw() builds the SVG element (drawn by code, coloured by the stylesheet); the caption says what
    // to read in it.
    figure
      ? h(
          'figure',
          { class: 'card-figure' },
          figure.draw(),
          figure.caption ? h('figcaption', {}, figure.caption) : null,
        )
      : null,
    symbols.length
      ? h(
          'dl',
          { class: 'symbols' },
          symbols.flatMap(([name, meaning]) => [h('dt', {}, name), h('dd', {}, meaning)]),
        )
      : null,
    note ? h('p', { class: 'hint' }, note) : null,
    sources.length
      ? h(
          'p',
          { class: 'sources' },
          'Sources: ',
          sources.flatMap(([text, href], i) => [i ? '; ' : null, h('a', { href, rel: 'noopener' }, text)]),
        )
      : null,
  );
}
