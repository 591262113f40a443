// "Train it yourself" (issues #10, #11) in headless Chromium: the prediction gates the training, the
// page's table, chart and heatmap show what the trainer computes for the seven arms (lab.trainer in
// Node, same seed and chunks: the same wasm gives the same numbers), Reset follows, and the same
// exercise trains inside <pe-exercise> from the package's own files. What the arms reach when trained
// is asserted once, natively (tests/cpp/training/test_experiment.cpp), not here. The tests wait on what
// the page exposes (data-state, data-step, data-accuracy), never on time.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { createLab } from 'positional-encoding-lab';
import { startServer } from '../../scripts/serve.mjs';
import { ARMS, MODEL, TEST_LENGTHS, TEST_SAMPLES } from '../../web/exercises/train-arms.js';
import { verdict } from '../../web/exercises/train-words.js';
import { plan } from '../../web/exercises/train-session.js';
import { fmt } from '../../web/widgets/dom.js';
import { openLab, watchedPage, lessonUrl, choice, axe } from './browser.mjs';

const path = (p) => fileURLToPath(new URL(p, import.meta.url));
const shots = new URL('../../test-results/train-it/', import.meta.url);
const SECTION = 'section[data-exercise="train-it"]';

let lab;
before(async () => {
  lab = await openLab();
  await mkdir(shots, { recursive: true });
});
after(async () => {
  await lab.close();
});

const trainLab = (page) => page.locator(`${SECTION} .train-lab`);
const stateIs = (page, state) =>
  page.waitForFunction((s) => document.querySelector('.train-lab')?.dataset.state === s, state, { timeout: 20000 });
const stepAtLeast = (page, n) =>
  page.waitForFunction((k) => Number(document.querySelector('.train-lab')?.dataset.step) >= k, n, { timeout: 60000 });
const statsRows = (page) =>
  page.$$eval(`${SECTION} tr[data-arm]`, (rows) =>
    Object.fromEntries(rows.map((r) => [r.dataset.arm, [Number(r.dataset.loss), Number(r.dataset.accuracy)]])),
  );

// What the page's worker computes, in Node: every arm from seed 1 (the page's first reset), trained in
// chunks of 20 steps (train-it.js's CHUNK) up to `step`; each arm's last chunk, trainer kept for probes.
async function trainedInNode(step) {
  const lab = await createLab();
  const arms = {};
  for (const a of ARMS) {
    const run = lab.trainer({ ...MODEL, ...a.options, seed: 1 });
    let chunk;
    for (let done = 0; done < step; done += 20) chunk = run.step(20);
    arms[a.id] = { run, chunk };
  }
  return arms;
}
const X_X_A_X_B_X = [5, 5, 1, 5, 2, 5]; // the sequence field's initial text, as token ids
const literally = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'); // for a RegExp

test('the prediction gates the training; Show solution, then a prediction, is no prediction', async () => {
  const { page, problems } = await watchedPage(lab.browser, { viewport: { width: 1100, height: 900 } });
  await page.goto(lessonUrl(lab.url, 'train-it'));
  await page.waitForSelector('body[data-ready=true]', { timeout: 20000 });
  const s = page.locator(SECTION);
  const controls = [
    s.getByRole('button', { name: 'Play' }),
    s.getByRole('button', { name: /^Step/ }),
    s.getByRole('button', { name: 'Reset' }),
    s.getByLabel('Seed'),
  ];
  for (const c of controls) assert.equal(await c.isDisabled(), true);
  assert.equal(await trainLab(page).getAttribute('data-state'), 'locked');
  // An empty plot is no tab stop (the curves have no point before training).
  assert.deepEqual(await s.locator('svg.lineplot').evaluateAll((p) => p.map((x) => x.getAttribute('tabindex'))), [
    null,
    null,
    null,
  ]);
  assert.match(await s.innerText(), /Training unlocks once you have checked your prediction/);

  await s.getByRole('button', { name: /^Show solution/ }).click();
  await s.getByRole('button', { name: /^Record my prediction\b/ }).dispatchEvent('click'); // closed: pressed anyway
  assert.match(await s.locator('.feedback').innerText(), /^Solution: /); // the answer shown closed the prediction
  assert.deepEqual(await page.evaluate(() => window.pelab.lesson.controllers['train-it'].record), {
    correct: false,
    score: 0,
    maxScore: 0,
    prediction: null,
    solutionViewed: true,
  });
  await stateIs(page, 'idle'); // the worker has started and made its trainers
  for (const c of controls) assert.equal(await c.isDisabled(), false);
  assert.deepEqual(problems, []);
  await page.close();
});

test('the seven arms trained in the page: the table, chart and heatmap show what the trainer computes', async () => {
  const { page, problems } = await watchedPage(lab.browser, { viewport: { width: 1000, height: 900 } });
  await page.goto(`${lab.url}embed.html?exercise=train-it&theme=light`);
  await page.waitForSelector(SECTION);
  const s = page.locator(SECTION);
  await s.screenshot({ path: new URL('before-light.png', shots).pathname });
  await choice(s, 'train-it', 'only-none').check(); // a wrong prediction unlocks too
  await s.getByRole('button', { name: /^Record my prediction\b/ }).click();
  // A prediction, not graded: said back, and beside what happened once training reaches 1,000 steps.
  assert.match(await s.locator('.feedback').innerText(), /^Your prediction: [a-z]\) .*Now see what happens\./);
  await stateIs(page, 'idle');
  // The arms train in a pool sized from the cores (train-session.js's poolSize: 2 on this 2-core machine), and
  // the numbers below are the same as one worker's would be: each arm is its own trainer, and the arm split
  // between two workers (plan's traveller: RoPE with two) moves its state between them every chunk.
  const cores = await page.evaluate(() => navigator.hardwareConcurrency);
  const workers = Number(await trainLab(page).getAttribute('data-workers'));
  assert.equal(workers, Math.min(ARMS.length, cores <= 2 ? cores : cores - 1));
  assert.equal(page.workers().length, workers);
  if (workers === 2)
    assert.deepEqual(
      plan(2).travellers.map((t) => t.id),
      ['rope'],
      'one arm moves, and is checked below',
    );
  // Each worker started its lab from the page's compiled core (lab.wasmModule): none fetched a .wasm, by its
  // own resource timing, which does record a worker's fetches (one made here, after, shows).
  for (const worker of page.workers()) {
    const fetched = await worker.evaluate(async (probe) => {
      const before = performance.getEntriesByType('resource').map((e) => e.name);
      await (await fetch(probe)).text();
      await new Promise((resolve) => setTimeout(resolve, 50)); // (an entry is added once its body has ended)
      return { before, after: performance.getEntriesByType('resource').map((e) => e.name) };
    }, `${lab.url}course.json`);
    assert.deepEqual(
      fetched.before.filter((name) => name.endsWith('.wasm')),
      [],
    );
    assert.ok(
      fetched.after.some((name) => name.endsWith('/course.json')),
      fetched.after.join(', '),
    );
  }

  await s.getByRole('button', { name: 'Play' }).click();
  await stepAtLeast(page, 40);
  await s.getByRole('button', { name: 'Pause' }).click();
  await stateIs(page, 'idle');
  const step = Number(await trainLab(page).getAttribute('data-step'));
  assert.ok(step >= 40 && step % 20 === 0, `step ${step}`);
  assert.match(await s.locator('.train-lab .status').innerText(), new RegExp(`^Paused at step ${step}\\.`));
  const node = await trainedInNode(step);
  const shown = await statsRows(page);
  // (A split arm's figures are the means of its two parts', so equal but for rounding in the last bits.)
  const split = plan(workers).travellers.map((t) => t.id);
  for (const a of ARMS) {
    const want = [node[a.id].chunk.loss, node[a.id].chunk.accuracy];
    if (!split.includes(a.id)) assert.deepEqual(shown[a.id], want, `${a.id}: loss, accuracy`);
    else shown[a.id].forEach((got, i) => assert.ok(Math.abs(got - want[i]) <= 1e-12, `${a.id}: ${got} vs ${want[i]}`));
  }

  // The extrapolation chart, measured once training stopped, for this step: its data table holds each
  // arm's accuracy per test length (TEST_SAMPLES fresh sequences, evaluation seed 7).
  await page.waitForFunction((k) => document.querySelector('.train-extrapolation')?.dataset.step === String(k), step, {
    timeout: 30000,
  });
  const chart = s.locator('.train-extrapolation');
  assert.equal(await chart.locator('svg .band').count(), 1, 'the training lengths are shaded');
  assert.equal(await chart.locator('svg .point').count(), 7 * 7);
  assert.equal(await chart.locator('.train-summary li').count(), 7);
  assert.equal(await chart.locator('.plot-legend li:not(.rule-key)').count(), 7);
  // The chance line is named in the legend, not written over the curves.
  assert.equal(await chart.locator('.plot-legend li.rule-key').innerText(), 'chance (0.5)');
  assert.equal(await chart.locator('svg text', { hasText: 'chance' }).count(), 0);
  assert.match(await chart.innerText(), /The learned table has 128 rows; training has reached 16 of them/);
  await chart.locator('details.data-table summary').click(); // the table is built when it is opened,
  await chart.locator('details.data-table tbody tr').first().waitFor(); // on the toggle event, a task later
  const table = await chart
    .locator('details.data-table tbody tr')
    .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)));
  assert.deepEqual(
    table,
    TEST_LENGTHS.map((length) =>
      ARMS.map((a) => fmt(node[a.id].run.evaluate({ length, samples: TEST_SAMPLES, seed: 7 }).accuracy, 6)),
    ),
  );

  // The heatmap of a trained head on a typed sequence, with the model's answer for it and for its reverse.
  const answer = s.locator('.train-answer');
  await page.waitForFunction(() => /at step [1-9]/.test(document.querySelector('.train-answer')?.textContent));
  const probe = (arm, tokens) => node[arm].run.attentionWeights({ tokens, layer: 0, head: 0 }).probability;
  const p = probe('sinusoidal', X_X_A_X_B_X);
  assert.match(
    await answer.innerText(),
    new RegExp(
      `^Sinusoidal, head 1, at step ${step}: the model gives P\\(A before B\\) = ${literally(fmt(p, 4))}\\. ` +
        `Here A is before B, ${literally(verdict(p, true))}`, // its words are tests/web/train-it.test.mjs's
    ),
  );
  assert.match(
    await s.locator('.train-reverse').innerText(),
    new RegExp(`P\\(A before B\\) = ${literally(fmt(probe('sinusoidal', [...X_X_A_X_B_X].reverse()), 4))}`),
  );
  const sequence = s.getByRole('textbox', { name: 'Sequence' });
  // ALiBi with the mean readout: the sequence and its reverse get the same P (and opposite labels).
  await s.getByLabel('Model', { exact: true }).selectOption('alibi');
  await page.waitForFunction(() => /^ALiBi, head/.test(document.querySelector('.train-answer').textContent));
  assert.match(
    await s.locator('.train-reverse').innerText(),
    /reversed, where A is after B: .*the same to four decimals/,
  );
  await s.getByLabel('Model', { exact: true }).selectOption('alibi-cls');
  await page.waitForFunction(() => /^ALiBi \+ CLS/.test(document.querySelector('.train-answer').textContent));
  const [cls, clsReversed] = [X_X_A_X_B_X, [...X_X_A_X_B_X].reverse()].map((t) => fmt(probe('alibi-cls', t), 4));
  assert.match(await answer.innerText(), new RegExp(`P\\(A before B\\) = ${literally(cls)}\\.`));
  assert.equal(await s.locator('.train-reverse').getAttribute('data-same'), String(cls === clsReversed));
  assert.match(await s.locator('.train-attention').innerText(), /Positions: 0 CLS · 1 /);
  for (const { run } of Object.values(node)) run.delete();
  await sequence.fill('x x A x x');
  await sequence.press('Enter'); // read on Enter (or a pause), not at every key
  assert.equal(await sequence.getAttribute('aria-invalid'), 'true');
  // The last sequence's answer is not left standing under a sequence that has none.
  assert.match(await answer.innerText(), /^No answer: /);
  assert.doesNotMatch(await s.locator('.train-attention').innerText(), /P\(A before B\)/);
  assert.equal(await s.locator('.attention-map').isHidden(), true);
  assert.match(await s.locator('.train-attention').innerText(), /exactly one A and one B; this one has 1 A and 0 B/);
  await sequence.fill('x q A B');
  await sequence.press('Enter'); // read on Enter (or a pause), not at every key
  assert.match(await s.locator('.train-attention').innerText(), /“q” is not a token here/);
  await s.getByLabel('Model', { exact: true }).selectOption('causal');
  await sequence.fill('yBxAz');
  await sequence.press('Enter'); // read on Enter (or a pause), not at every key
  assert.equal(await sequence.getAttribute('aria-invalid'), null);
  await page.waitForFunction(() =>
    /^No encoding \+ causal mask/.test(document.querySelector('.train-answer').textContent),
  );
  assert.match(await answer.innerText(), /Here A is after B/);
  // The map's readout names the edited sequence's tokens (it kept the first sequence's before).
  const map = s.getByRole('img', { name: /^Attention weights of the chosen head/ });
  await map.focus();
  await map.press('ArrowDown');
  assert.match(await s.locator('.attention-map .readout').innerText(), /^query 1 \(B\) attends to key 0 \(y\)/);
  // Causal attention: no position attends to a later one (the data table holds the weights).
  await s.locator('.attention-map details summary').click();
  await s.locator('.attention-map details tbody tr').nth(4).waitFor(); // filled when opened
  const rows = await s
    .locator('.attention-map details tbody tr')
    .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => Number(td.textContent))));
  assert.equal(rows.length, 5);
  rows.forEach((row, i) => row.forEach((w, j) => j > i && assert.equal(w, 0, `query ${i}, key ${j}`)));

  const { violations } = await axe(page).include(SECTION).analyze();
  assert.deepEqual(
    violations.map((v) => v.id),
    [],
  );
  await s.screenshot({ path: new URL('after-light.png', shots).pathname });

  // Reset: back to step 0 with another seed, the chart gone until the next training stops.
  await s.getByLabel('Seed').fill('-3');
  await s.getByRole('button', { name: 'Reset' }).click();
  assert.equal(await s.getByLabel('Seed').getAttribute('aria-invalid'), 'true');
  await s.getByLabel('Seed').fill('5');
  await s.getByRole('button', { name: 'Reset' }).click();
  await page.waitForFunction(() => document.querySelector('.train-lab').dataset.step === '0');
  await stateIs(page, 'idle');
  assert.equal(await chart.isHidden(), true);
  await s.getByRole('button', { name: /^Step/ }).click();
  await page.waitForFunction(() => document.querySelector('.train-lab').dataset.step === '20');
  assert.deepEqual(problems, []);
  await page.close();
});

test('at 360 px in the dark scheme the trained exercise fits the width', async () => {
  const { page, problems } = await watchedPage(lab.browser, {
    viewport: { width: 360, height: 800 },
    colorScheme: 'dark',
  });
  await page.goto(`${lab.url}embed.html?exercise=train-it`);
  await page.waitForSelector(SECTION);
  const s = page.locator(SECTION);
  await s.screenshot({ path: new URL('before-dark-360.png', shots).pathname });
  await s.getByRole('button', { name: /^Show solution/ }).click();
  await stateIs(page, 'idle');
  await s.getByRole('button', { name: /^Step/ }).click(); // one chunk: the panels it shows are all there
  await stepAtLeast(page, 20);
  await stateIs(page, 'idle');
  await page.waitForSelector('.train-extrapolation[data-step]:not([hidden])', { timeout: 30000 });
  // The weights heatmap follows the theme: weight 0 is drawn in the page's own background, not white.
  // (Causal attention: query 0's weight on the last key is exactly 0.)
  await s.getByLabel('Model', { exact: true }).selectOption('causal');
  await page.waitForFunction(() => /^No encoding \+ causal/.test(document.querySelector('.train-answer').textContent));
  const { low, background, pixel } = await page.evaluate(() => {
    const figure = document.querySelector('.attention-map .heatmap');
    const canvas = figure.querySelector('canvas');
    const ctx = canvas.getContext('2d');
    const ratio = canvas.width / canvas.getBoundingClientRect().width;
    // Query 0 (top row), last key (right column): the cell's centre, in canvas pixels.
    const area = {
      x: 48,
      y: 10,
      w: canvas.getBoundingClientRect().width - 58,
      h: canvas.getBoundingClientRect().height - 44,
    };
    const n = Number(
      document
        .querySelector('.train-attention')
        .textContent.match(/Positions: (.*)/)[1]
        .split('·').length,
    );
    const x = Math.round((area.x + area.w * (1 - 0.5 / n)) * ratio),
      y = Math.round((area.y + (area.h * 0.5) / n) * ratio);
    const [r, g, b] = ctx.getImageData(x, y, 1, 1).data;
    return { low: figure.dataset.low, background: getComputedStyle(document.body).backgroundColor, pixel: [r, g, b] };
  });
  const hex = (rgb) => `#${rgb.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
  assert.equal(hex(pixel), low, 'weight 0 is drawn in the theme colour');
  assert.equal(
    background,
    `rgb(${parseInt(low.slice(1, 3), 16)}, ${parseInt(low.slice(3, 5), 16)}, ${parseInt(low.slice(5, 7), 16)})`,
  );
  assert.ok(
    pixel.every((v) => v < 64),
    `a zero weight is dark in the dark scheme: ${pixel}`,
  );
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  assert.ok(overflow <= 0, `the page scrolls sideways by ${overflow} px`);
  await s.screenshot({ path: new URL('after-dark-360.png', shots).pathname });
  assert.deepEqual(problems, []);
  await page.close();
});

test('<pe-exercise name="train-it"> trains from the package’s files: its worker loads ../index.js', async () => {
  const fixtures = await startServer({
    port: 0,
    mounts: [
      ['/dist/', path('../../dist')],
      ['/static/', path('../consumer/static')],
    ],
  });
  try {
    const { page, problems } = await watchedPage(lab.browser);
    await page.goto(`http://127.0.0.1:${fixtures.address().port}/static/`);
    await page.waitForSelector('body[data-ready=true]');
    await page.evaluate(() => {
      const el = document.createElement('pe-exercise');
      el.setAttribute('name', 'train-it');
      el.id = 'train';
      document.body.append(el);
    });
    const el = page.locator('#train');
    await el.getByRole('button', { name: /^Show solution/ }).click();
    await page.waitForFunction(
      () => document.querySelector('#train').shadowRoot.querySelector('.train-lab')?.dataset.state === 'idle',
      null,
      { timeout: 20000 },
    );
    await el.getByRole('button', { name: /^Step/ }).click();
    await page.waitForFunction(
      () => document.querySelector('#train').shadowRoot.querySelector('.train-lab').dataset.step === '20',
      null,
      { timeout: 20000 },
    );
    const rows = await el.locator('tr[data-arm]').evaluateAll((trs) => trs.map((tr) => tr.dataset.accuracy));
    assert.equal(rows.length, 7);
    for (const a of rows) assert.ok(Number(a) >= 0 && Number(a) <= 1, a);
    assert.deepEqual(problems, []);
    await page.close();
  } finally {
    fixtures.close();
  }
});
