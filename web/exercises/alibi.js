import { h } from '../widgets/dom.js';
import { Heatmap } from '../widgets/heatmap.js';
import { textTable } from '../widgets/tables.js';
import { numberQuestion } from '../widgets/number.js';
import { slider } from './common.js';

const N = 12, // tokens in the bias heatmaps
  MAX_HEADS = 16,
  // The question: a model with QUESTION.heads heads; the bias of head QUESTION.head (counted from 1)
  // for the query at position `query` and the key at `key`.
  ASKED = { heads: 8, head: 3, query: 40, key: 13 }; // past the heatmaps, so no cell reads it out

/** The slopes as the page shows them: 2^(−x) when the slope is a power of two, else the number. */
function slopeText(slope) {
  const exponent = -Math.log2(slope);
  return Number.isInteger(exponent) ? `2^(−${exponent}) = ${slope}` : slope.toPrecision(4);
}

export default {
  id: 'alibi',
  title: 'ALiBi: a penalty that grows with distance',
  explain: {
    prompt: 'Why does ALiBi add nothing to the token embeddings, and what tells a head how far apart two tokens are?',
    model:
      'ALiBi puts position into the scores instead: each head subtracts its slope times the distance |i − j| ' +
      'from the score of query i for key j before the softmax. The embeddings carry no position at all; only ' +
      'the distance between two tokens enters, steeply in heads with large slopes and gently in the others.',
  },
  mount(host, { lab, onResult }) {
    const state = { heads: 4 };
    const slopesSlot = h('div');
    const maps = h('div', { class: 'head-maps' });
    function draw() {
      const slopes = lab.alibiSlopes({ heads: state.heads });
      const bias = lab.alibiBias({ heads: state.heads, n: N });
      slopesSlot.replaceChildren(
        textTable({
          caption: `The slopes of ${state.heads} heads (the paper’s reference get_slopes)`,
          head: ['head', 'slope'],
          rows: Array.from(slopes, (s, i) => [String(i + 1), slopeText(s)]),
        }),
      );
      // One heatmap per head, on a shared colour scale so the heads can be compared.
      const limit = Math.max(...bias.map(Math.abs));
      maps.replaceChildren();
      for (let head = 0; head < state.heads; head++) {
        const slot = h('div', { class: 'head-map' }, h('p', {}, `head ${head + 1}`));
        maps.append(slot);
        new Heatmap(slot, {
          label: `ALiBi bias of head ${head + 1} of ${state.heads}, ${N} × ${N}`,
          rowName: 'query i',
          columnName: 'key j',
          limit,
        }).update(bias.subarray(head * N * N, (head + 1) * N * N), N, N);
      }
    }
    const heads = slider({
      label: 'heads',
      min: 1,
      max: MAX_HEADS,
      value: state.heads,
      oninput: (v) => {
        state.heads = v;
        draw();
      },
    });
    const asked = lab.alibiBias({ heads: ASKED.heads, n: ASKED.query + 1 });
    const expected = asked[(ASKED.head - 1) * (ASKED.query + 1) ** 2 + ASKED.query * (ASKED.query + 1) + ASKED.key];
    const question = numberQuestion({
      onResult,
      expected,
      tolerance: 1e-3,
      prompt:
        `With ${ASKED.heads} heads, what does head ${ASKED.head} add to the score of the query at position ` +
        `${ASKED.query} for the key at position ${ASKED.key}? (Set the slider to ${ASKED.heads} heads to see ` +
        'their slopes.)',
      explain: () => {
        const slope = lab.alibiSlopes({ heads: ASKED.heads })[ASKED.head - 1];
        return (
          `Head ${ASKED.head}’s slope is ${slopeText(slope)} and the distance is |${ASKED.query} − ${ASKED.key}| = ` +
          `${Math.abs(ASKED.query - ASKED.key)}, so the bias is −${slope} · ${Math.abs(ASKED.query - ASKED.key)} ` +
          `= ${expected} (the core’s bias matrix).`
        );
      },
    });
    host.append(
      h(
        'p',
        {},
        'ALiBi (Press, Smith and Lewis, 2022) adds nothing to the embeddings. Each head adds −slope·|i − j| to ',
        'the score of query i for key j before the softmax, so a key far away weighs less. The slopes form a ',
        'geometric sequence: the first heads fall off steeply and look near, the last ones gently and look far. ',
        'In a causal model the mask hides the keys after i as usual, so only distances to earlier tokens count.',
      ),
      heads.element,
      slopesSlot,
      maps,
      h(
        'p',
        {},
        'Only distances enter, never positions, so a longer input gets the same pattern, extended. The paper ',
        'measured language models trained on 1,024 tokens keeping their perplexity on much longer inputs, where ',
        'sinusoidal models degraded soon past the training length.',
      ),
      question.element,
    );
    draw();
    return question;
  },
};
