// The card "Where the encoding enters": a figure of the absolute scheme's input, drawn as SVG by code (no
// image file, so it takes the page's colours, light or dark). Placed before position-in-embeddings, the
// lesson-1 exercise it illustrates; it shows the pipeline, not why position must enter there (the question).
// Its words are ids of the course catalog (web/i18n/catalogs/<locale>/course.json); web/cards/card.js lays the
// card out and calls figure.draw(t) with the course's translator. A box's label is one message, its lines
// separated by newlines (the first is bold), so that a language breaks it where it reads best; the formula-like
// labels (PE(p), e(cat), x = e(cat) + PE(p)) are written as they are in every language.
import { uid } from '../widgets/dom.js';
import { translator } from '../i18n/messages.js';

const NS = 'http://www.w3.org/2000/svg';

/** An SVG element: attributes as presentation attributes (the CSP forbids style attributes). */
function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS(NS, tag);
  for (const [key, value] of Object.entries(attrs)) el.setAttribute(key, String(value));
  el.append(...children);
  return el;
}

// The drawing's own units: 340 wide, a column a phone can show at nearly full size (web/styles/exercise.css
// caps its width on a wide screen so its 13-unit text stays near the page's text size).
const WIDTH = 340;
const HEIGHT = 416;

/** A labelled box: lines of text centred in it, the first one bold. */
function box({ x, y, w, h, lines, kind = '' }) {
  const step = 17;
  const top = y + h / 2 - ((lines.length - 1) * step) / 2 + 4.5;
  return svg(
    'g',
    // The sum is a formula, written alike in every language.
    { class: `box ${kind}`.trim(), translate: kind === 'sum' ? 'no' : undefined },
    svg('rect', { x, y, width: w, height: h, rx: 6 }),
    ...lines.map((line, i) => svg('text', { x: x + w / 2, y: top + i * step, class: i === 0 ? 'strong' : '' }, line)),
  );
}

/** A line from (x1, y1) to (x2, y2) ending in an arrowhead at (x2, y2). */
function arrow(x1, y1, x2, y2) {
  const a = Math.atan2(y2 - y1, x2 - x1);
  const head = (turn) => `${x2 - 8 * Math.cos(a + turn)},${y2 - 8 * Math.sin(a + turn)}`;
  return svg(
    'g',
    { class: 'arrow' },
    svg('line', { x1, y1, x2: x2 - 6 * Math.cos(a), y2: y2 - 6 * Math.sin(a) }),
    svg('polygon', { points: `${x2},${y2} ${head(0.45)} ${head(-0.45)}` }),
  );
}

function draw(t) {
  t = (t ?? translator('en')).in('course');
  const lines = (id) => t(id).split('\n');
  const titleId = uid('where-title');
  const descId = uid('where-desc');
  const mid = WIDTH / 2;
  const plus = { x: mid, y: 170, r: 14 };
  return svg(
    'svg',
    {
      class: 'where-figure',
      viewBox: `0 0 ${WIDTH} ${HEIGHT}`,
      role: 'img',
      'aria-labelledby': `${titleId} ${descId}`,
    },
    svg('title', { id: titleId }, t('card.where.figure.title')),
    svg('desc', { id: descId }, t('card.where.figure.desc')),
    box({ x: 95, y: 6, w: 150, h: 44, lines: lines('card.where.figure.token') }),
    arrow(135, 50, 90, 82),
    arrow(205, 50, 250, 82),
    box({ x: 6, y: 84, w: 156, h: 62, lines: lines('card.where.figure.embedding') }),
    box({
      x: 178,
      y: 84,
      w: 156,
      h: 62,
      lines: lines('card.where.figure.encoding'),
      kind: 'pe',
    }),
    arrow(90, 146, plus.x - 12, plus.y - 8),
    arrow(250, 146, plus.x + 12, plus.y - 8),
    svg(
      'g',
      { class: 'plus' },
      svg('circle', { cx: plus.x, cy: plus.y, r: plus.r }),
      svg('line', { x1: plus.x - 8, y1: plus.y, x2: plus.x + 8, y2: plus.y }),
      svg('line', { x1: plus.x, y1: plus.y - 8, x2: plus.x, y2: plus.y + 8 }),
    ),
    svg('text', { x: plus.x + 24, y: plus.y + 5, class: 'note start' }, t('card.where.figure.added')),
    arrow(plus.x, plus.y + plus.r, plus.x, 210),
    box({ x: 70, y: 212, w: 200, h: 36, lines: ['x = e(cat) + PE(p)'], kind: 'sum' }),
    arrow(plus.x, 248, plus.x, 284),
    svg('text', { x: 38, y: 262, class: 'note' }, 'x₀, x₁, …'),
    arrow(38, 268, 38, 284),
    svg('text', { x: WIDTH - 38, y: 262, class: 'note' }, '…, xₙ₋₁'),
    arrow(WIDTH - 38, 268, WIDTH - 38, 284),
    box({
      x: 6,
      y: 286,
      w: WIDTH - 12,
      h: 62,
      lines: lines('card.where.figure.block'),
      kind: 'block',
    }),
    arrow(mid, 348, mid, 374),
    box({ x: 16, y: 376, w: WIDTH - 32, h: 34, lines: lines('card.where.figure.later'), kind: 'later' }),
  );
}

export default {
  id: 'where-it-enters',
  before: 'position-in-embeddings',
  title: 'card.where.title',
  intro: 'card.where.intro',
  figure: { draw, caption: 'card.where.caption' },
};
