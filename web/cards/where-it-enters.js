// The card "Where the encoding enters": a figure of the absolute scheme's input, drawn as SVG by code (no
// image file, so it takes the page's colours, light or dark). Placed before position-in-embeddings, the
// lesson-1 exercise it illustrates; it shows the pipeline, not why position must enter there (the question).
// Words are data; web/cards/card.js lays the card out and calls figure.draw().
import { uid } from '../widgets/dom.js';

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
    { class: `box ${kind}`.trim() },
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

function draw() {
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
    svg('title', { id: titleId }, 'Where the positional encoding enters the model'),
    svg(
      'desc',
      { id: descId },
      'A token at position p is looked up as its token embedding, a learned vector, and its positional ' +
        'encoding PE(p) is computed from p alone. The two vectors, each d_model numbers, are added entry by ' +
        'entry into x = e + PE(p). The first block, attention and then a feed-forward layer, takes this x ' +
        'together with the x of the other positions. Later blocks get no encoding of their own.',
    ),
    box({ x: 95, y: 6, w: 150, h: 44, lines: ['token “cat”', 'at position p'] }),
    arrow(135, 50, 90, 82),
    arrow(205, 50, 250, 82),
    box({ x: 6, y: 84, w: 156, h: 62, lines: ['token embedding', 'e(cat), learned', 'd_model numbers'] }),
    box({
      x: 178,
      y: 84,
      w: 156,
      h: 62,
      lines: ['positional encoding', 'PE(p), from p alone', 'd_model numbers'],
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
    svg('text', { x: plus.x + 24, y: plus.y + 5, class: 'note start' }, 'added entry by entry'),
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
      lines: ['first block', 'attention over the positions’ x,', 'then a feed-forward layer'],
      kind: 'block',
    }),
    arrow(mid, 348, mid, 374),
    box({ x: 16, y: 376, w: WIDTH - 32, h: 34, lines: ['later blocks: no encoding of their own'], kind: 'later' }),
  );
}

export default {
  id: 'where-it-enters',
  before: 'position-in-embeddings',
  title: 'Where the encoding enters',
  intro:
    'In the sinusoidal scheme, as in a learned position table, position is written into the input once, ' +
    'before the first block runs.',
  figure: {
    draw,
    caption:
      'Each token’s embedding and the encoding of its position are added into one vector x. The blocks receive ' +
      'these sums; none of them is given the position again.',
  },
};
