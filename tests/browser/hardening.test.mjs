// Issue #14, the page's part: names that are Object.prototype keys, bad sentences, runs finishing out of
// order or answering nonsense, non-web origins for the host helper, and stored progress that lies. Every
// page is watched (watchedPage): an uncaught error, a console error or a CSP violation fails the test.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { startServer } from '../../scripts/serve.mjs';
import { openLab, watchedPage, lessonTotal, lessonUrl, choice, progressLine, axe } from './browser.mjs';

const path = (p) => fileURLToPath(new URL(p, import.meta.url));
const shots = new URL('../../test-results/hardening/', import.meta.url);
const INHERITED = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'];

let lab, fixtures, fixturesUrl;
before(async () => {
  lab = await openLab();
  // A second origin: the package's files, the plain static consumer page and this test's fixtures.
  fixtures = await startServer({
    port: 0,
    mounts: [
      ['/dist/', path('../../dist')],
      ['/static/', path('../consumer/static')],
      ['/', path('fixtures/hardening')],
    ],
  });
  fixturesUrl = `http://127.0.0.1:${fixtures.address().port}`;
  await mkdir(shots, { recursive: true });
});
after(async () => {
  await lab.close();
  fixtures.close();
});

// The page of lesson `lesson` (web/course/outline.js), with `initScript` run before the page's own.
async function lessonPage(initScript, lesson = 'in-practice') {
  const watched = await watchedPage(lab.browser, { viewport: { width: 1100, height: 900 } });
  if (initScript) await watched.page.addInitScript(initScript);
  await watched.page.goto(lessonUrl(lab.url, lesson));
  await watched.page.waitForSelector('body[data-ready=true]', { timeout: 15000 });
  return watched;
}

test('embed.html shows "unknown exercise" for names inherited from Object.prototype', async () => {
  const { page, problems } = await watchedPage(lab.browser);
  for (const name of INHERITED) {
    await page.goto(`${lab.url}embed.html?exercise=${encodeURIComponent(name)}`);
    const alert = page.locator('[role=alert]');
    await alert.waitFor({ timeout: 10000 });
    assert.match(await alert.innerText(), new RegExp(`^Unknown exercise “${name}”\\. Known: mask-order, `), name);
  }
  await page.goto(`${lab.url}embed.html?exercise=conventions`); // and a real one still works
  await page.waitForSelector('body[data-ready=true]');
  assert.deepEqual(problems, []);
  await page.close();
});

test('<pe-exercise> shows "unknown exercise" for inherited names, and mounts a real one afterwards', async () => {
  const { page, problems } = await watchedPage(lab.browser);
  await page.goto(`${fixturesUrl}/static/`);
  await page.waitForSelector('body[data-ready=true]');
  const alerts = await page.evaluate(
    (names) =>
      names.map((name) => {
        const el = document.createElement('pe-exercise');
        el.setAttribute('name', name);
        document.body.append(el);
        return el.shadowRoot.querySelector('[role=alert]')?.textContent ?? el.shadowRoot.textContent;
      }),
    INHERITED,
  );
  INHERITED.forEach((name, i) => assert.match(alerts[i], new RegExp(`^Unknown exercise “${name}”\\.`), name));
  // Renaming a mounted element to such a name, then back, leaves a working exercise.
  const el = page.locator('pe-exercise').first();
  await el.evaluate((e) => e.setAttribute('name', 'constructor'));
  assert.match(await el.locator('[role=alert]').innerText(), /^Unknown exercise “constructor”/);
  await el.evaluate((e) => e.setAttribute('name', 'why-positional-encoding'));
  await page.waitForFunction(() => document.querySelector('pe-exercise').ready);
  await choice(el, 'why-positional-encoding', 'b').check();
  await el.getByRole('button', { name: /^Check\b/ }).click();
  assert.equal(JSON.parse(await page.getAttribute('body', 'data-result')).correct, true);
  assert.deepEqual(problems, []);
  await page.close();
});

test('same-token: an empty, one-word or too-long sentence gets a message in the exercise, never an error', async () => {
  const { page, problems } = await lessonPage();
  const s = page.locator('section[data-exercise="same-token-different-position"]');
  const input = s.locator('input[type=text]');
  const view = s.locator('.demo').first(); // the rows without the encoding (those with it wait for the answer)
  const cases = [
    ['', /^The sentence is empty\. Type 2 to 12 words, one of them twice/],
    ['   ', /^The sentence is empty\./],
    ['dog', /^“dog” is a single word\. Type 2 to 12 words/],
    [Array(13).fill('the').join(' '), /^The sentence has 13 words; at most 12 are allowed\. Shorten it\./],
  ];
  for (const [text, message] of cases) {
    await input.fill(text);
    assert.match(await view.innerText(), message, JSON.stringify(text));
    assert.equal(await input.getAttribute('aria-invalid'), 'true');
    assert.equal(await view.locator('table').count(), 0);
  }
  await input.fill('');
  await s.screenshot({ path: new URL('same-token-empty.png', shots).pathname });
  const { violations } = await axe(page).include('section[data-exercise="same-token-different-position"]').analyze();
  assert.deepEqual(
    violations.map((v) => v.id),
    [],
  );
  // Typing a valid sentence brings the tables back (the one with the encoding, below the question, once it
  // is checked), and the question still answers.
  await input.fill('a cat saw a dog');
  assert.equal(await s.locator('table').count(), 2);
  assert.equal(await s.locator('.demo-answer').isHidden(), true);
  assert.equal(await input.getAttribute('aria-invalid'), 'false');
  assert.match(await view.innerText(), /“a” @ 3/);
  await choice(s, 'same-token-different-position', 'a').check();
  await s.getByRole('button', { name: /^Check\b/ }).click();
  assert.match(await s.locator('.feedback').innerText(), /^Right\./);
  assert.equal(await s.locator('.demo-answer').isVisible(), true);
  // No switch to the learner's own pe() before implement-it has run one right on this page.
  assert.equal(await s.getByLabel('Add my pe() instead').isVisible(), false);
  assert.deepEqual(problems, []);
  await page.close();
});

// A stand-in for implement-it's worker: each run waits until the test answers it, in any order.
function fakeWorker() {
  window.runs = [];
  window.Worker = class {
    postMessage({ code }) {
      window.runs.push({ code, answer: (data) => this.onmessage({ data }) });
    }
    terminate() {}
  };
}

// In the page: run (or edit) as `steps` say, answer the runs as `answers` say, then let the exercise
// finish. Steps and answers are in one evaluate, so no run can reach the exercise's 2 s limit.
function drive({ steps, answers }) {
  const s = document.querySelector('section[data-exercise="implement-it"]');
  const editor = s.querySelector('textarea');
  const button = (text) => [...s.querySelectorAll('button')].find((b) => b.textContent === text);
  window.pelab.lesson.controllers['implement-it'].forget(); // a fresh first attempt for each scenario
  window.pelab.lesson.progress.reset();
  window.runs.length = 0;
  const right = Float64Array.from(window.pelab.lab.sinusoidal({ positions: 8, dModel: 8 }));
  const values = {
    right,
    wrong: new Float64Array(64),
    array: Array.from(right),
    short: right.slice(0, 10),
    float32: Float32Array.from(right),
    none: undefined,
  };
  for (const step of steps) {
    if (step === 'run') button('Run and compare').click();
    else if (step === 'solution') button('Show solution').click();
    else editor.value = step;
  }
  for (const [run, kind] of answers) window.runs[run].answer({ values: values[kind] });
  return new Promise((done) =>
    setTimeout(() =>
      done({
        // a task later every run's continuation has run
        runs: window.runs.length,
        feedback: s.querySelector('.feedback').textContent,
        recorded: window.pelab.lesson.progress.summary().byId['implement-it'] ?? null,
        score: window.pelab.lesson.controllers['implement-it'].getScore(),
        tables: s.querySelectorAll('table').length,
      }),
    ),
  );
}

test('implement-it records only the newest run, for the code still in the editor', async () => {
  const { page, problems } = await lessonPage(fakeWorker);
  // A slow right run, then a fast wrong one: the wrong one is the answer, whatever finishes last.
  let r = await page.evaluate(drive, {
    steps: ['// right', 'run', '// wrong', 'run'],
    answers: [
      [1, 'wrong'],
      [0, 'right'],
    ],
  });
  assert.equal(r.runs, 2);
  assert.match(r.feedback, /^First mismatch at position 0, dimension 1: expected 1.000000, got 0.000000/);
  assert.deepEqual(r.recorded, { answered: true, correct: false, score: 0, maxScore: 1, solutionViewed: false });
  assert.equal(r.score, 0);
  // The same two runs finishing in order give the same answer.
  r = await page.evaluate(drive, {
    steps: ['// right', 'run', '// wrong', 'run'],
    answers: [
      [0, 'right'],
      [1, 'wrong'],
    ],
  });
  assert.deepEqual(r.recorded, { answered: true, correct: false, score: 0, maxScore: 1, solutionViewed: false });
  // The code edited while its run was out: nothing is graded or recorded.
  r = await page.evaluate(drive, { steps: ['// right', 'run', '// edited'], answers: [[0, 'right']] });
  assert.match(r.feedback, /^The code changed while it ran, so this run was not graded\. Run it again\./);
  assert.equal(r.recorded, null);
  // "Show solution" (or a reset) while a run is out discards that run too; the solution viewed is the record.
  r = await page.evaluate(drive, { steps: ['// wrong', 'run', 'solution'], answers: [[0, 'wrong']] });
  assert.match(r.feedback, /^This is one correct version/);
  assert.deepEqual(r.recorded, { answered: true, correct: false, score: 0, maxScore: 1, solutionViewed: true });
  // The newest run, right, with the code unchanged, counts.
  r = await page.evaluate(drive, {
    steps: ['// wrong', 'run', '// right', 'run'],
    answers: [
      [1, 'right'],
      [0, 'wrong'],
    ],
  });
  assert.match(r.feedback, /^All 64 values match/);
  assert.deepEqual(r.recorded, { answered: true, correct: true, score: 1, maxScore: 1, solutionViewed: false });
  assert.equal(r.score, 1);
  assert.deepEqual(problems, []);
  await page.close();
});

test('implement-it: values that are not a Float64Array of 64 are one verdict: shown, not graded, not recorded', async () => {
  const { page, problems } = await lessonPage(fakeWorker);
  const s = page.locator('section[data-exercise="implement-it"]');
  for (const [kind, got] of [
    ['array', 'Array of length 64'],
    ['short', 'Float64Array of length 10'],
    ['float32', 'Float32Array of length 64'],
    ['none', 'Undefined'],
  ]) {
    const r = await page.evaluate(drive, { steps: ['// code', 'run'], answers: [[0, kind]] });
    assert.equal(
      r.feedback,
      `The worker's values are not a Float64Array of 64 numbers (got: ${got}), so nothing was compared. ` +
        'Not graded: fix it and run again.',
      kind,
    );
    assert.equal(r.recorded, null, kind);
    assert.equal(r.score, 0, kind);
    assert.equal(r.tables, 0, kind);
    assert.equal(await s.locator('.verdict.wrong, .verdict.right').count(), 0, kind);
    if (kind === 'array') await s.screenshot({ path: new URL('implement-it-array.png', shots).pathname });
  }
  // Nothing was recorded, so the first run that computes values is the first attempt.
  const r = await page.evaluate(drive, { steps: ['// code', 'run'], answers: [[0, 'right']] });
  assert.deepEqual(r.recorded, { answered: true, correct: true, score: 1, maxScore: 1, solutionViewed: false });
  assert.equal(r.tables, 1);
  assert.deepEqual(problems, []);
  await page.close();
});

test('stored progress counts only as the page writes it: unanswered, scoreless and inflated records are dropped', async () => {
  const right = { answered: true, correct: true, score: 1, maxScore: 1, solutionViewed: false };
  const { page, problems } = await lessonPage(() => {
    if (sessionStorage.getItem('seeded')) return; // seed once, so the page's own writes are what a reload sees
    sessionStorage.setItem('seeded', '1');
    const right = { answered: true, correct: true, score: 1, maxScore: 1, solutionViewed: false };
    localStorage.setItem(
      'pelab:progress:v1', // the one-page lesson's format: migrated, then checked like any record
      JSON.stringify({
        'implement-it': { ...right, answered: false },
        'mask-order': right,
        conventions: { ...right, correct: 'yes' },
        rope: { answered: true, correct: true }, // no score: nothing to check against rope's maxScore
        // 1000 of 1000: an exercise worth 1 (or 4) cannot have scored it.
        alibi: { ...right, score: 1000, maxScore: 1000 },
        'four-properties': { ...right, score: 1000, maxScore: 1000 },
        'not-an-exercise': right,
      }),
    );
  }, 'sinusoid');
  assert.match(await page.locator('.progress-text').innerText(), new RegExp(`^${progressLine('sinusoid', 1, 1)}$`));
  assert.deepEqual(await page.evaluate(() => JSON.parse(localStorage.getItem('pelab:progress:v2'))), {
    version: 2,
    records: { 'mask-order': right },
  });
  await page.reload();
  await page.waitForSelector('body[data-ready=true]');
  assert.match(await page.locator('.progress-text').innerText(), new RegExp(`^${progressLine('sinusoid', 1, 1)}$`));
  assert.deepEqual(problems, []);
  await page.close();
});

test('a URL fragment that does not decode (#%, #%zz, a cut UTF-8 sequence) is no link: every exercise mounts', async () => {
  for (const hash of ['#%', '#%zz', '#%E0%A4%A']) {
    const { page, problems } = await watchedPage(lab.browser, { viewport: { width: 1100, height: 900 } });
    await page.goto(lessonUrl(lab.url, 'sinusoid') + hash);
    await page.waitForSelector('body[data-ready=true]', { timeout: 15000 });
    const mounted = await page.evaluate(() => Object.keys(window.pelab.lesson.controllers).length);
    assert.equal(mounted, lessonTotal('sinusoid'), hash);
    assert.equal(await page.locator('.error').count(), 0, `${hash}: no error line`);
    assert.equal(await page.isHidden('#loading'), true, hash);
    assert.deepEqual(problems, [], hash);
    await page.close();
  }
});

test('the error line names what failed: the core, the explorer or the lesson’s code; an exercise, its own section', async () => {
  const failing = [
    [(page) => page.route('**/pelab*.wasm', (route) => route.abort()), /^The WebAssembly core could not start: /],
    [(page) => page.addInitScript(() => delete window.ResizeObserver), /^The explorer could not start: /],
    [(page) => page.route('**/assets/lesson-*.js', (route) => route.abort()), /^The lesson’s code could not load: /],
  ];
  for (const [breakIt, words] of failing) {
    const { page } = await watchedPage(lab.browser);
    await breakIt(page);
    await page.goto(lessonUrl(lab.url, 'sinusoid')); // the lesson with the explorer
    const line = page.locator('#loading.error');
    await line.waitFor({ timeout: 15000 });
    assert.match(await line.innerText(), words);
    await page.close();
  }
  // One exercise whose mount throws (its core call, broken once the page has the core) says so alone.
  const { page, problems } = await lessonPage(() => {
    let kept;
    Object.defineProperty(window, 'pelab', {
      configurable: true,
      get: () => kept,
      set(value) {
        kept = value;
        value.lab.alibiSlopes = () => {
          throw new Error('broken for the test');
        };
      },
    });
  }, 'beyond-absolute');
  assert.deepEqual(await page.locator('.error').allInnerTexts(), [
    'This exercise could not start: broken for the test',
  ]);
  assert.equal(await page.locator('section[data-exercise="alibi"] .error').count(), 1);
  assert.equal(await page.isHidden('#loading'), true);
  assert.deepEqual(problems, []);
  await page.close();
  // One exercise whose code cannot be fetched says so in its own section, on the lesson page and in the
  // embed page; the lesson's others mount (its chunk is its own: web/exercises/loaders.js).
  const cut = (p) => p.route('**/assets/binary-analogy-*.js', (route) => route.abort());
  const broken = await watchedPage(lab.browser, { viewport: { width: 1100, height: 900 } });
  await cut(broken.page);
  await broken.page.goto(lessonUrl(lab.url, 'sinusoid'));
  await broken.page.waitForSelector('body[data-ready=true]', { timeout: 15000 });
  const said = /^This exercise’s code could not be fetched \(.+\): check the connection and reload the page\.$/;
  const errors = await broken.page.locator('.error').allInnerTexts();
  assert.equal(errors.length, 1, errors.join('\n'));
  assert.match(await broken.page.locator('section[data-exercise="binary-analogy"] .error').innerText(), said);
  assert.equal(await broken.page.locator('section[data-exercise][data-mounted=true]').count(), lessonTotal('sinusoid'));
  assert.equal(await broken.page.locator('section[data-exercise="mask-order"] .question').count(), 1);
  await broken.page.goto(`${lab.url}embed.html?exercise=binary-analogy`);
  await broken.page.locator('[role=alert]').waitFor({ timeout: 15000 });
  assert.match(await broken.page.locator('[role=alert]').innerText(), said);
  await broken.page.close();
});

test('the host helper refuses non-web origins at setup, and never hears a sandboxed (null-origin) frame', async () => {
  const { page, problems } = await watchedPage(lab.browser);
  await page.goto(`${fixturesUrl}/host.html`);
  const bad = [
    'about:blank',
    'null',
    'data:text/html,hi',
    'file:///tmp/lab.html',
    'javascript:void(0)',
    'blob:null/x',
    'ftp://lab.example.org',
    'lab.example.org',
    '',
  ];
  const errors = await page.evaluate(
    (origins) =>
      origins.map((o) => {
        try {
          window.PelabEmbed.connectEmbeds({ origins: ['https://lab.example.org', o] });
          return 'accepted';
        } catch (e) {
          return `${e.name}: ${e.message}`;
        }
      }),
    bad,
  );
  bad.forEach((o, i) =>
    assert.equal(
      errors[i],
      `TypeError: connectEmbeds: origin ${JSON.stringify(o)} is not an http: or ` +
        'https: origin, e.g. ["https://lab.example.org"]',
      o,
    ),
  );

  // Trusting this page's own origin: the same poster is heard from a plain frame, not from a sandboxed one.
  const heard = await page.evaluate(
    () =>
      new Promise((done) => {
        window.PelabEmbed.connectEmbeds({ origins: [location.origin] });
        const results = [];
        document.addEventListener('pelab-result', (e) => results.push(e.target.id));
        const arrived = [];
        // Added after the helper's listener, so by the time this sees a message the helper has acted on it.
        window.addEventListener('message', (e) => {
          if (e.data?.type === 'pelab:result') arrived.push(e.origin);
          if (arrived.length === 2)
            done({
              arrived: arrived.sort(),
              results,
              heights: [...document.querySelectorAll('iframe')].map((f) => `${f.id}:${f.style.height}`),
            });
        });
        for (const [id, sandbox] of [
          ['plain', null],
          ['sandboxed', 'allow-scripts'],
        ]) {
          const frame = Object.assign(document.createElement('iframe'), { id, src: '/poster.html', title: id });
          if (sandbox) frame.setAttribute('sandbox', sandbox);
          document.body.append(frame);
        }
      }),
  );
  assert.deepEqual(heard.arrived, ['null', fixturesUrl].sort());
  assert.deepEqual(heard.results, ['plain']);
  assert.deepEqual(heard.heights, ['plain:321px', 'sandboxed:']);
  assert.deepEqual(problems, []);
  await page.close();
});
