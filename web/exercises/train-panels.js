// The train-it page's parts, each built once: its control bar, and the four panels updated from the
// worker's answers (the table of the latest losses and accuracies, the training curves, the extrapolation
// chart, the attention heatmap with the learner's own sequence). Each returns {element, ...its updates};
// train-it.js wires them. Their words are train-it's (web/i18n/catalogs/<locale>/train-it.json): each panel
// takes that exercise's translator `t`.
import { h, fmt, uid } from '../widgets/dom.js';
import { LinePlot } from '../widgets/lineplot.js';
import { Heatmap } from '../widgets/heatmap.js';
import { select } from './common.js';
import { ARMS, MODEL, SEED_MAX } from './train-arms.js';
import {
  TRAIN_MIN,
  TRAIN_MAX,
  armName,
  fillersText,
  parseSequence,
  verdict,
  belowChance,
  learnedRowsNote,
  extrapolationLine,
} from './train-words.js';

const PAUSE_MS = 700; // a pause in typing this long counts as done
const UNLABELLED = 12; // a test length drawn but not labelled: its label would touch 8's and 16's on a phone

/**
 * Play (or Pause), Step, Reset and the seed, with the status line under them. `on` holds what each button
 * does; show() sets what each allows; seed() is the field's seed, or null (and the field says why).
 */
export function controlBar(on, chunk, t) {
  const play = h('button', { type: 'button', disabled: true, onclick: on.play }, t('controls.play'));
  const step = h(
    'button',
    { type: 'button', class: 'secondary', disabled: true, onclick: on.step },
    t('controls.step', { steps: chunk }),
  );
  const reset = h(
    'button',
    { type: 'button', class: 'secondary', disabled: true, onclick: on.reset },
    t('controls.reset'),
  );
  const seedId = uid('seed'),
    seedHint = uid('seed-hint');
  const seed = h('input', {
    id: seedId,
    type: 'number',
    min: 0,
    max: SEED_MAX,
    step: 1,
    value: 1,
    disabled: true,
    inputmode: 'numeric',
    'aria-describedby': seedHint,
  });
  const NEW_SEED = t('seed.hint');
  const seedMessage = h('p', { class: 'hint', id: seedHint }, NEW_SEED);
  const status = h('p', { class: 'status', role: 'status' });
  // The buttons' group, focusable from script: where focus waits while every button is disabled (a reset
  // starting the trainers again), rather than falling to the page.
  const actions = h(
    'div',
    { class: 'actions', role: 'group', 'aria-label': t('controls.group'), tabindex: '-1' },
    play,
    step,
    reset,
  );
  return {
    element: h(
      'div',
      { class: 'train-controls' },
      actions,
      h('div', { class: 'control seed' }, h('label', { for: seedId }, t('seed.label')), seed),
      seedMessage,
    ),
    status,
    seedInput: seed,
    /** `live`: trainers are there to drive; `playing`: Play reads Pause; `done`: the page's last step is reached. */
    show({ live, playing, done }) {
      const focused = [play, step, reset].find((b) => b === document.activeElement);
      play.textContent = t(playing ? 'controls.pause' : 'controls.play');
      play.disabled = !live || (!playing && done);
      step.disabled = !live || playing || done;
      reset.disabled = seed.disabled = !live;
      // A button disabled under the learner's focus (Play or Step at the last step) hands it to Reset, the
      // one that still works, or while none works (Reset starting the trainers) to their group.
      if (focused?.disabled) (reset.disabled ? actions : reset).focus();
      else if (document.activeElement === actions && !reset.disabled) reset.focus(); // back once it works
    },
    seed() {
      const value = seed.value.trim() === '' ? NaN : Number(seed.value);
      if (!Number.isInteger(value) || value < 0 || value > SEED_MAX) {
        seed.setAttribute('aria-invalid', 'true');
        seedMessage.textContent = t('seed.invalid', { max: SEED_MAX });
        status.textContent = t('seed.notReset', { max: SEED_MAX }); // the status line is what is announced
        return null;
      }
      seed.removeAttribute('aria-invalid');
      seedMessage.textContent = NEW_SEED;
      return value;
    },
  };
}

/** The latest mean loss and accuracy of each arm, as a table (its rows carry the numbers as data-*). */
export function statsPanel(chunk, t) {
  const body = h('tbody', {});
  const caption = h('caption', {});
  const rows = Object.fromEntries(
    ARMS.map((a, i) => {
      const loss = h('td', {}, '–'),
        accuracy = h('td', {}, '–');
      const name = h('th', { scope: 'row', class: `arm s${i}` }, armName(a.id, t));
      const tr = h('tr', { 'data-arm': a.id }, name, loss, accuracy);
      body.append(tr);
      return [a.id, { tr, loss, accuracy }];
    }),
  );
  const head = h(
    'tr',
    {},
    ...['model', 'loss', 'accuracy'].map((name) => h('th', { scope: 'col' }, t(`stats.${name}`))),
  );
  const element = h(
    'div',
    { class: 'table-scroll' },
    h('table', { class: 'matrix train-stats' }, caption, h('thead', {}, head), body),
  );
  function show(step, latest) {
    caption.textContent =
      step === 0 ? t('stats.untrained') : t('stats.caption', { step: t.integer(step), steps: chunk });
    for (const a of ARMS) {
      const row = rows[a.id],
        now = latest?.[a.id];
      row.loss.textContent = now ? t.decimal(now.loss.toFixed(3)) : '–';
      row.accuracy.textContent = now ? t.decimal(now.accuracy.toFixed(3)) : '–';
      if (now) {
        row.tr.dataset.loss = String(now.loss);
        row.tr.dataset.accuracy = String(now.accuracy);
      } else {
        delete row.tr.dataset.loss;
        delete row.tr.dataset.accuracy;
      }
    }
  }
  return { element, show };
}

/** The loss and accuracy curves against the step: add() records a point, draw() draws them all. */
export function curvesPanel(heading, chunk, t) {
  const lossHost = h('div', {}, heading(2, t('curves.loss.heading')));
  const accuracyHost = h('div', {}, heading(2, t('curves.accuracy.heading')));
  const curves = h('div', { class: 'side-by-side train-curves' }, lossHost, accuracyHost);
  const lossPlot = new LinePlot(lossHost, {
    label: t('curves.loss.plot'),
    xLabel: t('curves.x'),
    yLabel: t('curves.loss.y'),
    yRange: [0, 1],
    t,
  });
  const accuracyPlot = new LinePlot(accuracyHost, {
    label: t('curves.accuracy.plot'),
    xLabel: t('curves.x'),
    yLabel: t('curves.accuracy.y'),
    yRange: [0, 1],
    t,
  });
  const note = h(
    'p',
    { class: 'hint' },
    t('curves.note', { steps: chunk, batch: MODEL.batch, min: TRAIN_MIN, max: TRAIN_MAX }),
  );
  let history = { x: [], arms: {} };
  function draw() {
    const { x, arms } = history;
    curves.hidden = note.hidden = x.length === 0;
    if (x.length === 0) return;
    const series = (key) => ARMS.map((a) => ({ name: armName(a.id, t), values: arms[a.id][key] }));
    const losses = ARMS.flatMap((a) => arms[a.id].loss);
    lossPlot.yRange = [0, Math.max(1, Math.ceil(Math.max(...losses) * 4) / 4)];
    lossPlot.update(x, series('loss'));
    accuracyPlot.update(x, series('accuracy'), { rules: [{ y: 0.5, label: t('chance') }] });
  }
  return {
    element: h('div', {}, curves, note),
    /** Back to no points, drawn at once. */
    clear() {
      history = { x: [], arms: Object.fromEntries(ARMS.map((a) => [a.id, { loss: [], accuracy: [] }])) };
      draw();
    },
    draw,
    /** One point per arm ({id: {loss, accuracy}}) at `step`, drawn at the next draw(). */
    add(step, arms) {
      history.x.push(step);
      for (const a of ARMS) {
        history.arms[a.id].loss.push(arms[a.id].loss);
        history.arms[a.id].accuracy.push(arms[a.id].accuracy);
      }
    },
  };
}

/** Accuracy against the test length, with a line per arm, the notes it supports and its data table. */
export function extrapolationPanel(heading, evalSeed, t) {
  const element = h('div', { class: 'train-extrapolation', hidden: true });
  const plotHost = h('div', {});
  const plot = new LinePlot(plotHost, {
    label: t('extrapolation.plot', { min: TRAIN_MIN, max: TRAIN_MAX }),
    xLabel: t('extrapolation.x'),
    yLabel: t('extrapolation.y'),
    yRange: [0, 1],
    points: true,
    table: t('extrapolation.table'),
    t,
  });
  const measuredNote = h('p', { class: 'hint' });
  const summary = h('ul', { class: 'train-summary' });
  const belowNote = h('p', { class: 'train-below' });
  const learnedNote = h('p', {});
  element.append(heading(1, t('extrapolation.heading')), measuredNote, plotHost, summary, belowNote, learnedNote);
  return {
    element,
    clear() {
      element.hidden = true;
      delete element.dataset.step;
    },
    measuring(step) {
      measuredNote.textContent = t('extrapolation.measuring', { step: t.integer(step) });
    },
    show({ step, lengths, samples, arms, learnedRows }) {
      element.hidden = false;
      element.dataset.step = String(step);
      measuredNote.textContent = t('extrapolation.measured', {
        step: t.integer(step),
        samples,
        seed: evalSeed,
        min: TRAIN_MIN,
        max: TRAIN_MAX,
      });
      const series = ARMS.map((a) => ({ name: armName(a.id, t), values: arms[a.id] }));
      plot.update(lengths, series, {
        bands: [{ from: TRAIN_MIN, to: TRAIN_MAX, label: t('extrapolation.band') }],
        rules: [{ y: 0.5, label: t('chance') }],
        xTicks: lengths.filter((l) => l !== UNLABELLED),
      });
      summary.replaceChildren(
        ...ARMS.map((a) => h('li', { 'data-arm': a.id }, extrapolationLine(armName(a.id, t), lengths, arms[a.id], t))),
      );
      belowNote.textContent = belowChance(lengths, samples, arms, t);
      learnedNote.textContent = learnedRows ? learnedRowsNote(learnedRows, t) : '';
    },
  };
}

/**
 * The learner's sequence, a model and a head, and where that head looks; `ask(request)` sends the worker
 * {request, arm, layer, head, tokens}, and `show(answer)` draws the answer to the latest request only.
 */
export function attentionPanel(heading, ask, t) {
  const sequenceId = uid('sequence'),
    messageId = uid('sequence-message');
  const sequence = h('input', {
    id: sequenceId,
    type: 'text',
    value: 'x x A x B x',
    autocomplete: 'off',
    spellcheck: 'false',
    'aria-describedby': messageId,
  });
  const sequenceError = h('p', { class: 'hint', id: messageId, 'aria-live': 'polite' });
  const armSelect = select({
    label: t('attention.model'),
    options: ARMS.map((a) => [a.id, armName(a.id, t)]),
    value: 'sinusoidal',
    onchange: () => panel.request(),
  });
  const headSelect = select({
    label: t('attention.head'),
    options: Array.from({ length: MODEL.heads }, (_, i) => [
      String(i),
      t('attention.headOption', { head: i + 1, heads: MODEL.heads }),
    ]),
    value: '0',
    onchange: () => panel.request(),
  });
  // Checked when the learner pauses or presses Enter, not at every key (a screen reader would read an error
  // for almost every letter of "x A x x B y").
  let typing = 0;
  sequence.addEventListener('input', () => {
    clearTimeout(typing);
    typing = setTimeout(() => panel.request(), PAUSE_MS);
  });
  sequence.addEventListener('keydown', (e) => {
    if (e.key !== 'Enter') return;
    clearTimeout(typing);
    panel.request();
  });
  const mapHost = h('div', { class: 'attention-map' });
  const tokensLine = h('p', { class: 'hint' });
  const answerLine = h('p', { class: 'train-answer' });
  const reverseLine = h('p', { class: 'train-reverse' });
  const element = h(
    'div',
    { class: 'train-attention' },
    heading(1, t('attention.heading')),
    h('p', {}, t('attention.intro', { fillers: fillersText(t) })),
    h('div', { class: 'control wide' }, h('label', { for: sequenceId }, t('attention.sequence')), sequence),
    sequenceError,
    h('div', { class: 'controls' }, armSelect.element, headSelect.element),
    answerLine,
    reverseLine,
    tokensLine,
    mapHost,
  );
  let latest = 0; // the request whose answer is shown; an answer to an older one is dropped
  let letters = []; // the latest request's letters
  let shown = []; // the shown map's token at each position (the heatmap's readout reads it, so it follows edits)
  let heatmap = null;
  const label = (i) => t('attention.position', { index: i, token: shown[i] });
  const CLS = t('token.cls');

  function show({ request, step, arm, head, n, weights, probability, reversed }) {
    if (request !== latest) return;
    // A CLS arm's map has one more row and column, for the CLS token at position 0.
    shown = n === letters.length + 1 ? [CLS, ...letters] : letters;
    heatmap ??= new Heatmap(mapHost, {
      label: t('attention.map'),
      rowName: t('attention.rows'),
      columnName: t('attention.columns'),
      limit: 1,
      signed: false,
      describe: (r, c, v) => t('attention.cell', { row: label(r), column: label(c), weight: t.decimal(v.toFixed(4)) }),
      t,
    });
    mapHost.hidden = false;
    heatmap.update(weights, n, n);
    tokensLine.textContent = t('attention.tokens', {
      list: shown.map((l, i) => `${i} ${l}`).join(t('attention.tokensSeparator')),
    });
    const aFirst = shown.indexOf('A') < shown.indexOf('B');
    answerLine.textContent = t('attention.answer', {
      model: armName(arm, t),
      head: head + 1,
      step: t.integer(step),
      p: t.number(probability, 4),
      order: aFirst ? 'before' : 'after',
      verdict: verdict(probability, aFirst, t),
    });
    const same = fmt(reversed, 4) === fmt(probability, 4);
    reverseLine.textContent = t('attention.reverse', {
      order: aFirst ? 'after' : 'before',
      p: t.number(reversed, 4),
      same: same ? 'yes' : 'no',
    });
    reverseLine.dataset.same = String(same);
  }

  const panel = {
    element,
    armInput: armSelect.input,
    show,
    /** Asks for the map of the typed sequence, or says why it cannot be read (and clears the old answer). */
    request() {
      latest += 1; // an answer still in flight is for the old sequence
      const parsed = parseSequence(sequence.value, undefined, t);
      if (parsed.error) {
        sequence.setAttribute('aria-invalid', 'true');
        sequenceError.textContent = parsed.error;
        answerLine.textContent = t('attention.noAnswer');
        reverseLine.textContent = '';
        tokensLine.textContent = '';
        mapHost.hidden = true;
        return;
      }
      sequence.removeAttribute('aria-invalid');
      sequenceError.textContent = '';
      letters = parsed.letters;
      ask({
        request: latest,
        arm: armSelect.input.value,
        layer: 0,
        head: Number(headSelect.input.value),
        tokens: parsed.tokens,
      });
    },
    set disabled(value) {
      for (const input of [sequence, armSelect.input, headSelect.input]) input.disabled = value;
    },
  };
  return panel;
}
