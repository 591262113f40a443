// Every exercise of the course's lesson pages answered wrong and right in headless Chromium, its feedback
// checked, and the numbers it shows compared with what the core returns through the public API.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { openLab, watchedPage, lessonOf, lessonUrl, choice, progressLine } from './browser.mjs';
import { LESSONS } from '../../web/course/outline.js';
import { exercises, isPrediction, maxScores } from '../../web/exercises/index.js';
import { shuffled } from '../../web/order.js';

// Every lesson page open at once (each in its own context, as three learners): `page` is lesson 1's, where
// the lab itself is asked; pageOf(id) is the page holding exercise id.
let lab, page;
const pages = {};

const shots = new URL('../../test-results/', import.meta.url);
before(async () => {
  lab = await openLab();
  for (const lesson of LESSONS) {
    const watched = await watchedPage(lab.browser, { viewport: { width: 1100, height: 900 } });
    pages[lesson.id] = watched;
    await watched.page.goto(lessonUrl(lab.url, lesson.id));
    await watched.page.waitForSelector('body[data-ready=true]', { timeout: 20000 });
  }
  page = pages[LESSONS[0].id].page;
});
after(async () => {
  await lab.close();
});

const pageOf = (id) => pages[lessonOf(id).id].page;
const everyPage = () => LESSONS.map((l) => pages[l.id].page);
const pageProblems = () => [...LESSONS.flatMap((l) => pages[l.id].problems)];
const section = (id) => pageOf(id).locator(`section[data-exercise="${id}"]`);

// [right option, wrong option] of every choice-question exercise, read from the questions' data: the graded
// ones (CHOICES) and the predictions, recorded but not graded (PREDICTIONS).
const pairs = (list) =>
  list.map((e) => {
    const { options } = e.questions[0];
    return [e.id, [options.find((o) => o.correct).id, options.find((o) => !o.correct).id]];
  });
const PREDICTIONS = Object.fromEntries(pairs(exercises.filter(isPrediction)));
const CHOICES = Object.fromEntries(
  exercises
    .filter((e) => e.questions?.[0]?.options && !isPrediction(e))
    .map((e) => {
      const { options } = e.questions[0];
      return [e.id, [options.find((o) => o.correct).id, options.find((o) => !o.correct).id]];
    }),
);

async function answer(id, option) {
  await choice(section(id), id, option).check();
  await section(id)
    .getByRole('button', { name: /^Check\b/ })
    .click();
  return section(id).locator('.feedback').innerText();
}

const progressText = (lesson) => pages[lesson.id].page.locator('.progress-text').innerText();

test('each lesson page has a section for each of its exercises, in the outline’s order; together, every exercise', async () => {
  const all = [];
  for (const lesson of LESSONS) {
    const ids = await pages[lesson.id].page.$$eval('section[data-exercise]', (s) => s.map((x) => x.dataset.exercise));
    assert.deepEqual(ids, lesson.exercises, lesson.id);
    all.push(...ids);
  }
  assert.deepEqual(
    all,
    exercises.map((e) => e.id),
  );
  for (const id of [
    ...Object.keys(CHOICES),
    ...Object.keys(PREDICTIONS),
    'attention-equation',
    'four-properties',
    'implement-it',
  ])
    assert.ok(all.includes(id), id);
});

// What answers each question by inspection, and sits below it until the question is checked.
const ANSWERS = {
  'frequency-structure': 'th:text("the raw integer p")',
  'clock-hands': 'p:text("each diagonal holds one value")',
  'same-token-different-position': 'caption:text("Token embeddings + sinusoidal encoding")',
  conventions: 'table',
  'learned-embeddings': '.heatmap, canvas',
  'relative-offset': 'p:text("Largest |M")',
};

test('answers are not on screen before their question: each waits below it, hidden', async () => {
  for (const [id, selector] of Object.entries(ANSWERS)) {
    const shown = section(id).locator(selector).first();
    assert.equal(await shown.count(), 1, `${id}: ${selector}`);
    assert.equal(await shown.isVisible(), false, `${id}: ${selector} is on screen before the question`);
    const below = await section(id)
      .locator('.question')
      .evaluate((q, el) => Boolean(q.compareDocumentPosition(el) & 4), await shown.elementHandle());
    assert.ok(below, `${id}: ${selector} is below the question`);
  }
});

test('every exercise’s maxScore, known before it mounts (stored records are checked by it), is its getMaxScore()', async () => {
  const mounted = {};
  for (const p of everyPage())
    Object.assign(
      mounted,
      await p.evaluate(() =>
        Object.fromEntries(Object.entries(window.pelab.lesson.controllers).map(([id, c]) => [id, c.getMaxScore()])),
      ),
    );
  assert.deepEqual(mounted, Object.fromEntries(maxScores()));
  assert.equal(maxScores().get('four-properties'), 4);
});

test('every choice question explains a wrong answer without naming the right one; wrong, then right, stays wrong', async () => {
  const status = (id) => section(id).locator('.attempt-status').innerText();
  for (const [id, [right, wrong]] of Object.entries(CHOICES)) {
    const bad = await answer(id, wrong);
    assert.match(bad, /^Not quite\./, id);
    const rightLabel = exercises.find((e) => e.id === id).questions[0].options.find((o) => o.id === right).label;
    assert.ok(!bad.includes(rightLabel), `${id}: the feedback names the right option`);
    assert.match(await status(id), /^Recorded: your first answer \(0 of 1\)/, id);
    const good = await answer(id, right);
    assert.match(good, /^Right\./, id);
    assert.ok(good.length > 60, `${id} explains why`);
    assert.match(await status(id), /^Practice: not recorded/, id);
  }
  for (const lesson of LESSONS) {
    const answered = lesson.exercises.filter((id) => id in CHOICES).length;
    assert.match(await progressText(lesson), new RegExp(`^${progressLine(lesson.id, 0, answered)}`), lesson.id);
  }
});

test('a prediction is recorded, not graded, locked once made, and shown beside what happened', async () => {
  const status = (id) => section(id).locator('.attempt-status').innerText();
  for (const [id, [right, wrong]] of Object.entries(PREDICTIONS)) {
    const s = section(id);
    await choice(s, id, wrong).check();
    await s.getByRole('button', { name: /^Record my prediction\b/ }).click();
    const said = await s.locator('.feedback').innerText();
    assert.doesNotMatch(said, /Right|Not quite|Solution/, `${id}: a prediction is not graded`);
    assert.match(await status(id), /^Recorded: your prediction, [a-z]\) \(not graded\)/, id);
    // Once the demo can show the answer, the prediction cannot change.
    assert.equal(await choice(s, id, right).isDisabled(), true, `${id}: a new prediction after the demo`);
  }
  // The demos: swap-invariance's run, absolute-vs-relative's table (shown at once); then what happened.
  const swap = section('swap-invariance');
  assert.match(await swap.locator('.feedback').innerText(), /^Your prediction: [a-z]\) .*Now see what happens\./);
  await swap.getByRole('button', { name: /^Run it/ }).click();
  for (const id of ['swap-invariance', 'absolute-vs-relative'])
    assert.match(
      await section(id).locator('.feedback').innerText(),
      /^You predicted [a-z]\) .* What happened is [a-z]\) /,
      id,
    );
  // Each lesson counts its predictions as answered, and none as right.
  for (const lesson of LESSONS) {
    const answered = lesson.exercises.filter((id) => id in CHOICES || id in PREDICTIONS).length;
    assert.match(await progressText(lesson), new RegExp(`^${progressLine(lesson.id, 0, answered)}`), lesson.id);
  }
});

test('the attention tiles grade a wrong order and run the right one through the core', async () => {
  const s = section('attention-equation');
  const place = (label) => s.getByRole('button', { name: `Add ${label}`, exact: true }).click();
  for (const t of ['softmax(', 'Q', 'K']) await place(t);
  await s.getByRole('button', { name: /^Check\b/ }).click(); // half an equation: not graded, no hint
  assert.match(await s.locator('.feedback').innerText(), /^The equation has 6 tiles; 3 placed/);
  assert.equal(await s.locator('.attempt-status').innerText(), '');
  for (const t of ['/√dₖ', ')', 'V']) await place(t);
  await s.getByRole('button', { name: /^Check\b/ }).click();
  assert.match(await s.locator('.feedback').innerText(), /Tile 3 \(“K”\) is where it first goes wrong/);
  await s.getByRole('button', { name: 'Clear' }).click();
  await s.getByRole('button', { name: 'Add softmax(', exact: true }).focus();
  await page.keyboard.press('Enter'); // keyboard works as well as the pointer
  for (const t of ['Q', 'Kᵀ', '/√dₖ', ')', 'V']) await place(t);
  await s.getByRole('button', { name: /^Check\b/ }).click();
  assert.match(await s.locator('.feedback').innerText(), /^Right\./);
  const shown = await s.locator('table').nth(3).locator('tbody td').allInnerTexts();
  const expected = await page.evaluate(() =>
    Array.from(
      window.pelab.lab.attention({ q: [1, 0, 0, 1, 1, 1], k: [1, 0, 0, 1, 1, 1], v: [1, 2, 3, 4, 5, 6], n: 3, dK: 2 })
        .output,
      (v) => v.toFixed(3),
    ),
  );
  assert.deepEqual(shown, expected);
});

// four-properties' checks in this learner's order, as four-properties.js shuffles them (the select's values
// are opaque): check c is listed as item n and chosen in a select as "check n: its short name".
async function checkOrder() {
  const seed = Number(await pageOf('four-properties').evaluate(() => localStorage.getItem('pelab:learner-seed:v1')));
  return shuffled(['distance', 'seed', 'near', 'length', 'bounded'], seed, 'four-properties:checks');
}

test('matching the four properties scores each match', async () => {
  const s = section('four-properties');
  const selects = s.locator('select');
  const order = await checkOrder();
  const option = (check) => ({ label: `check ${order.indexOf(check) + 1}` });
  assert.match(await selects.first().locator('option').nth(1).getAttribute('aria-label'), /^check 1: [a-z]/);
  const check = () => s.getByRole('button', { name: /^Check\b/ }).click();
  await selects.first().selectOption(option('distance'));
  await check(); // unfinished: not graded, not recorded
  assert.match(await s.locator('.feedback').innerText(), /^Choose a check for every property first\./);
  assert.equal(await s.locator('.attempt-status').innerText(), '');
  for (let i = 0; i < 4; i++) await selects.nth(i).selectOption(option('distance'));
  await check();
  assert.match(await s.locator('.feedback').innerText(), /^1 of 4 right\./);
  // The rows come in this learner's order: each select is found by its property's name.
  const key = {
    Unambiguous: 'distance',
    Deterministic: 'seed',
    'Distance-aware': 'near',
    'Length-independent': 'length',
  };
  for (const [name, v] of Object.entries(key)) await s.getByLabel(new RegExp(`^${name}:`)).selectOption(option(v));
  await check();
  assert.match(await s.locator('.feedback').innerText(), /^4 of 4 right\./);
  const text = await s.locator('ol.checks').innerText();
  const p = await page.evaluate(() => window.pelab.lab.properties({ positions: 256, dModel: 64, k: 3 }));
  assert.ok(text.includes(p.minDistance.toFixed(4)), text);
});

test('implement-it runs code in a worker: a mismatch is located, the solution matches, an endless loop is stopped', async () => {
  const s = section('implement-it');
  const run = () => s.getByRole('button', { name: /^Run and compare/ }).click();
  await run(); // the untouched blank start is not an attempt
  assert.match(await s.locator('.feedback').innerText(), /unchanged start/);
  await s.locator('textarea.code').fill('function pe(p, i) { return p === 0 && i % 2 === 1 ? 1 : 0; }');
  await run();
  await s.locator('.verdict').waitFor();
  assert.match(
    await s.locator('.feedback').innerText(),
    /First mismatch at position 1, dimension 0: expected 0\.841471, got 0\.000000/,
  );
  await s.locator('textarea.code').fill('function pe() { while (true) {} }');
  await run();
  await pageOf('implement-it').waitForFunction(
    () => /Stopped after/.test(document.querySelector('[data-exercise="implement-it"] .feedback').textContent),
    null,
    { timeout: 10000 },
  );
  assert.equal(await pageOf('implement-it').evaluate(() => 1 + 1), 2); // the page still answers
  await s.getByRole('button', { name: /^Show solution/ }).click();
  await run();
  await pageOf('implement-it').waitForFunction(
    () => /All 64 values match/.test(document.querySelector('[data-exercise="implement-it"] .feedback').textContent),
    null,
    { timeout: 10000 },
  );
  // The first run (a mismatch) is the record: the solution shown later and run does not change it.
  assert.equal(
    await pageOf('implement-it').evaluate(() => window.pelab.lesson.controllers['implement-it'].record.correct),
    false,
  );
});

test('same-token adds the learner’s own pe() once implement-it ran it right, and says how far it is from the core', async () => {
  const s = section('same-token-different-position');
  const mine = s.getByLabel('Add my pe() instead');
  // (An earlier test has already run implement-it's solution on this page; run it again to be sure.)
  await section('implement-it')
    .getByRole('button', { name: /^Show solution/ })
    .click();
  await section('implement-it')
    .getByRole('button', { name: /^Run and compare/ })
    .click();
  await pageOf('implement-it').waitForFunction(
    () => /All 64 values match/.test(document.querySelector('[data-exercise="implement-it"] .feedback').textContent),
    null,
    { timeout: 10000 },
  );
  await s.getByRole('button', { name: /^Show solution/ }).click();
  await mine.check();
  await s.locator('caption', { hasText: 'Token embeddings + your pe()' }).waitFor();
  const text = await s.locator('.demo-answer').innerText();
  const distance = await page.evaluate(() => {
    const { lab } = window.pelab;
    // “the dog chased the cat”: “the” at 0 and 3, seeded as the page embeds it
    const x = lab.embed({ tokens: [0, 1, 2, 0, 3], vocabSize: 4, dModel: 16, seed: 7 });
    const t = new Float32Array(32);
    t.set(x.subarray(0, 16));
    t.set(x.subarray(48, 64), 16);
    return lab.distanceMatrix({ table: t, rows: 2, dModel: 16 })[1].toFixed(6);
  });
  assert.ok(text.includes(`Distance over all 16 dimensions: ${distance}`), text);
  assert.match(text, /Your pe\(\) differs from the core’s encoding of these positions by at most [0-9.e-]+\./);
  await mine.uncheck();
  await s.locator('caption', { hasText: 'Token embeddings + sinusoidal encoding' }).waitFor();
});

test('numbers on the page equal what the core returns', async () => {
  // mask-order: weights zeroed after softmax, and their row sums
  await section('mask-order').locator('select').selectOption('after-softmax');
  const sums = await section('mask-order').locator('td.extra').allInnerTexts();
  const expected = await page.evaluate(() => {
    const { lab } = window.pelab;
    // “the dog chased the cat”: four distinct words, and one more for the changed last token.
    const x = lab.embed({ tokens: [0, 1, 2, 0, 3], vocabSize: 5, dModel: 16, seed: 7 });
    const w = lab.selfAttention({ x, n: 5, dModel: 16, dK: 8, seed: 7, mask: 'after-softmax' }).weights;
    return Array.from({ length: 5 }, (_, i) =>
      w
        .slice(i * 5, i * 5 + 5)
        .reduce((a, b) => a + b, 0)
        .toFixed(4),
    );
  });
  assert.deepEqual(sums, expected);
  assert.ok(
    sums.slice(0, 4).every((s) => Number(s) < 1),
    'rows no longer sum to 1',
  );

  // pipeline: seven stages in each sentence's fold, each caption starting with its sentence; Q, K, the
  // scores and the weights are the core's, and the sentence above the folds says how the outputs compare
  const pipe = section('pipeline');
  await choice(pipe, 'pipeline', 'differs').check();
  await pipe.getByRole('button', { name: /^Check\b/ }).click();
  await pipe.locator('select').selectOption('sinusoidal');
  for (const summary of await pipe.locator('.pipeline summary').all()) await summary.click();
  const captions = await pipe.locator('.pipeline table caption').allInnerTexts();
  const sentences = ['dog bites man', 'man bites dog'];
  assert.equal(captions.length, 14);
  captions.forEach((c, i) => assert.ok(c.startsWith(`“${sentences[Math.floor(i / 7)]}”, ${(i % 7) + 1}. `), c));
  assert.match(captions[4], /5\. scores QKᵀ\/√dₖ$/);
  assert.match(
    await pipe.locator('p[role=status]', { hasText: '“dog”' }).innerText(),
    /^“dog”: the outputs differ by up to [0-9.]+; “bites”: the outputs differ by up to [0-9.]+\.$/,
  );
  const tables = pipe.locator('.pipeline table');
  const stages = await page.evaluate((sentences) => {
    const { lab } = window.pelab;
    const vocabulary = ['dog', 'bites', 'man'];
    // The page's fmt at two digits: −∞ for a masked score.
    const show = (v) => (v === -Infinity ? '−∞' : v !== 0 && Math.abs(v) < 0.005 ? v.toExponential(2) : v.toFixed(2));
    return sentences.map((sentence) => {
      const tokens = sentence.split(' ').map((w) => vocabulary.indexOf(w));
      const x = lab.embed({ tokens, vocabSize: 3, dModel: 8, seed: 5, encoding: 'sinusoidal' });
      const r = lab.selfAttention({ x, n: 3, dModel: 8, dK: 4, seed: 5 });
      return [r.q, r.k, r.scores, r.weights].map((m) => Array.from(m, show));
    });
  }, sentences);
  for (let s = 0; s < 2; s++)
    for (let k = 0; k < 4; k++)
      assert.deepEqual(
        await tables
          .nth(s * 7 + 2 + k)
          .locator('tbody td')
          .allInnerTexts(),
        stages[s][k],
        `${s} ${k}`,
      );

  // conventions: the fingerprints
  const cells = await section('conventions').locator('tbody td').allInnerTexts();
  const fp = await page.evaluate(() =>
    ['paper', 'halves', 'tensor2tensor'].flatMap((variant) =>
      Array.from(window.pelab.lab.sinusoidal({ positions: 1, dModel: 8, start: 1, variant }), (v) => v.toFixed(6)),
    ),
  );
  assert.deepEqual(cells, fp);
  assert.equal(cells[9], '0.099833');

  // relative-offset: the residual for k = 3
  const residual = await section('relative-offset').locator('p', { hasText: 'Largest |M₃' }).innerText();
  const r = await page.evaluate(() => window.pelab.lab.relativeOffset({ positions: 500, dModel: 8, k: 3 }).maxResidual);
  assert.ok(residual.endsWith(r.toExponential(2)), `${residual} vs ${r}`);
  assert.ok(r < 1e-5);

  // extrapolation: beyond the table the core's own error is shown
  await section('extrapolation').locator('input[type=range]').fill('600');
  assert.match(await section('extrapolation').locator('.core-message').innerText(), /no row for position 600/);
});

test('binary-analogy: the later columns’ feedback is true of every pair shown (the core’s table)', async () => {
  const feedback = await answer('binary-analogy', 'first');
  // Which later pairs change sign within the 8 rows shown, from the same table the page shows.
  const { changing, steady } = await page.evaluate(() => {
    const table = window.pelab.lab.sinusoidal({ positions: 8, dModel: 6, base: 8 });
    const sign = (p, k) => table[p * 6 + 2 * k] >= 0;
    const later = [1, 2];
    const changes = (k) => Array.from({ length: 7 }, (_, p) => sign(p, k) !== sign(p + 1, k)).some(Boolean);
    return { changing: later.filter(changes), steady: later.filter((k) => !changes(k)) };
  });
  assert.deepEqual(changing, [1], 'pair 1 (ω = 1/2) changes sign at 2π ≈ 6.3 < 7');
  assert.deepEqual(steady, [2], 'pair 2 (ω = 1/4) keeps its sign: 7/4 < π');
  assert.ok(feedback.includes('pair 1 changes sign too'), feedback);
  assert.ok(feedback.includes('pair 2 turns too slowly to change sign within these 8 rows'), feedback);
});

test('feedback that points above or below points where the thing is', async () => {
  const before = (a, b) => a.evaluate((x, y) => Boolean(x.compareDocumentPosition(y) & 4), b); // a precedes b
  // extrapolation: the readout of the slowest pair is below the question
  const x = section('extrapolation');
  assert.match(await answer('extrapolation', 'a'), /the readout below/);
  const readout = x.locator('p.core-message', { hasText: 'The sine of the slowest pair' });
  assert.ok(await before(x.locator('.question'), await readout.elementHandle()));
  // frequency-structure: the table of lengths is below the question
  const f = section('frequency-structure');
  assert.match(await answer('frequency-structure', 'bounded'), /the table below/);
  assert.ok(await before(f.locator('.question'), await f.locator('table').last().elementHandle()));
  // position-in-embeddings: the two outputs' distances are above the question
  const e = section('position-in-embeddings');
  assert.match(await answer('position-in-embeddings', 'a'), /the two outputs for “the” above/);
  const distances = e.locator('p', { hasText: 'Distance between the two outputs' });
  assert.ok(await before(distances, await e.locator('.question').elementHandle()));
});

test('four-properties: each check shows one property; the deterministic one does not name learned tables, taught later', async () => {
  const s = section('four-properties');
  const items = await s.locator('ol.checks li').allInnerTexts();
  const order = await checkOrder();
  const itemOf = async (check) => items[order.indexOf(check)];
  const unambiguous = await itemOf('distance');
  assert.match(unambiguous, /^Smallest distance between two different positions/);
  assert.doesNotMatch(unambiguous, /offset|Σ|cos/, 'the distance check says nothing of distance-awareness');
  const deterministic = await itemOf('seed');
  assert.match(deterministic, /^PE\(37\) from two separate calls: differs by 0\.000000; rows drawn at random/);
  // learned tables come later in the lesson: the check neither names them nor calls them random
  assert.doesNotMatch(deterministic, /learned/i);
  // distance-aware is measured as distances, not as lesson 1's dot products
  const near = await itemOf('near');
  assert.match(near, /^‖PE\(c\) − PE\(c\+k\)‖ for k = 1, 4, 50: /);
  assert.doesNotMatch(near, /·/);
});

test('clock-hands: once answered, it says the distance is not monotone in |k|, with the core’s distances', async () => {
  const s = section('clock-hands');
  await s.getByRole('button', { name: /^Show solution/ }).click();
  const text = await s.innerText();
  // d[k]: the distance from PE(0) to PE(k) at dModel 16, k = 0 … 20 (the core's distance matrix, row 0).
  const d = await page.evaluate(() => {
    const { lab } = window.pelab;
    const table = lab.sinusoidal({ positions: 21, dModel: 16 });
    return Array.from(lab.distanceMatrix({ table, rows: 21, dModel: 16 }).subarray(0, 21));
  });
  const near = text.match(/PE\(p\+(\d+)\) is ([\d.]+) from PE\(p\), nearer than PE\(p\+(\d+)\) at ([\d.]+)/);
  assert.ok(near, text);
  const [b, a] = [Number(near[1]), Number(near[3])];
  assert.ok(a < b && d[b] < d[a], `PE(p+${b}) is nearer than PE(p+${a}), though further along`);
  assert.equal(near[2], d[b].toFixed(3));
  assert.equal(near[4], d[a].toFixed(3));
  assert.match(text, /does not grow steadily with \|k\|/);
  assert.match(text, /each diagonal holds one value/);
});

test('attention-equation accepts the equivalent softmax(Q/√dₖ·Kᵀ)V', async () => {
  const s = section('attention-equation');
  await s.getByRole('button', { name: 'Clear' }).click();
  for (const t of ['softmax(', 'Q', '/√dₖ', 'Kᵀ', ')', 'V'])
    await s.getByRole('button', { name: `Add ${t}`, exact: true }).click();
  await s.getByRole('button', { name: /^Check\b/ }).click();
  assert.match(await s.locator('.feedback').innerText(), /^Right\./);
});

test('train-it says it is one small model on one toy task', async () => {
  assert.match(await section('train-it').innerText(), /This is one small model on one toy task/);
});

test('no prose on the page names a lab API or quotes an argument rule', async () => {
  await section('extrapolation').locator('input[type=range]').fill('600');
  assert.match(
    await section('extrapolation').locator('.core-message').innerText(),
    /^The learned table has no row for position 600: its 512 rows are positions 0 to 511\. The sine/,
  );
  const read = (p) =>
    p.evaluate(() => {
      const { lab } = window.pelab;
      // (A trainer's methods from the page whose lab trains: lessons 1 and 2 load the core without the trainer.)
      const run = lab.training ? lab.trainer({ task: 'order', encoding: 'learned' }) : null;
      // Every method name along each object's prototype chain (the lab's and a trainer's).
      const methods = (o) => {
        const found = [];
        for (let p = o; p && p !== Object.prototype; p = Object.getPrototypeOf(p))
          found.push(...Object.getOwnPropertyNames(p).filter((n) => typeof o[n] === 'function'));
        return found;
      };
      const names = [...methods(lab), ...(run ? methods(run) : [])].filter((n) => /[a-z][A-Z]/.test(n));
      run?.delete();
      // Prose: everything but code listings and the code a learner types.
      const clone = document.querySelector('main').cloneNode(true);
      clone.querySelectorAll('pre, code, textarea').forEach((e) => e.remove());
      return { text: clone.innerText ?? clone.textContent, names };
    });
  const read1 = await Promise.all(everyPage().map(read));
  const names = [...new Set(read1.flatMap((r) => r.names))];
  const text = read1.map((r) => r.text).join('\n');
  assert.ok(names.includes('learnedRowsTrained') && names.includes('learnedLookup'), names.join(' '));
  for (const name of names) assert.ok(!text.includes(name), `the page’s prose names ${name}`);
  assert.doesNotMatch(text, /must be an integer from/);
});

test('once its question is checked, what answered it is shown', async () => {
  for (const [id, selector] of Object.entries(ANSWERS))
    assert.equal(await section(id).locator(selector).first().isVisible(), true, `${id}: ${selector}`);
});

test('no curve runs along its plot’s frame: every plotted value keeps clear of the top and the bottom', async () => {
  const plotsOf = (p) =>
    p.$$eval('section[data-exercise] svg.lineplot', (svgs) =>
      svgs
        .filter((svg) => svg.querySelector('path.series'))
        .map((svg) => {
          const frame = svg.querySelector('rect.frame');
          const ys = [...svg.querySelectorAll('path.series')].flatMap((p) =>
            [...p.getAttribute('d').matchAll(/[ML][^,]+,([^ML]+)/g)].map((m) => Number(m[1])).filter(Number.isFinite),
          );
          const exercise = svg.closest('section').dataset.exercise;
          return { exercise, top: Number(frame.getAttribute('y')), height: Number(frame.getAttribute('height')), ys };
        }),
    );
  const plots = (await Promise.all(everyPage().map(plotsOf))).flat();
  // five since four-properties states its distances as numbers (its plot only repeated them)
  assert.ok(plots.length >= 5, `${plots.length} plots`);
  for (const { exercise, top, height, ys } of plots) {
    const margin = Math.min(...ys.map((y) => Math.min(y - top, top + height - y)));
    assert.ok(margin >= 0.04 * height, `${exercise}: a curve comes within ${margin.toFixed(1)} of the frame`);
  }
});

test('colour scales: ALiBi’s never-positive bias has no positive half; learned-embeddings’ two maps share one', async () => {
  const labels = (id) =>
    section(id)
      .locator('.heatmap .legend-labels')
      .evaluateAll((ls) => ls.map((l) => [...l.children].map((c) => c.textContent)));
  const [alibi] = await labels('alibi');
  assert.equal(alibi.at(-1), '0', alibi.join(' '));
  assert.ok(alibi.every((t) => !t.startsWith('+')) && alibi[0].startsWith('−'), alibi.join(' '));
  const [learned, sinusoid] = await labels('learned-embeddings');
  assert.deepEqual(learned, sinusoid);
});

test('typed text is never interpreted as HTML, in any field that takes text', async () => {
  const payload = '<img src=x onerror="window.__xss=1"> the <b>the</b>';
  let count = 0;
  for (const p of everyPage()) {
    const fields = p.locator('input[type=text]:visible, input:not([type]):visible, textarea:visible');
    const n = await fields.count();
    for (let i = 0; i < n; i++) await fields.nth(i).fill(payload);
    count += n;
  }
  assert.ok(count >= 2, `text fields: ${count}`);
  await section('implement-it')
    .getByRole('button', { name: /^Run and compare/ })
    .click();
  await section('implement-it').locator('.verdict').waitFor();
  await mkdir(shots, { recursive: true });
  for (const [i, p] of everyPage().entries()) {
    assert.equal(await p.evaluate(() => window.__xss), undefined);
    assert.equal(await p.locator('section img, section b').count(), 0);
    await p.screenshot({ path: new URL(`lesson-${i + 1}-answered.png`, shots).pathname, fullPage: true });
  }
  assert.deepEqual(pageProblems(), []);
});
