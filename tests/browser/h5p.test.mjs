// The H5P package (dist/packages/pelab-exercise.h5p, made by scripts/package.mjs) played by h5p-standalone
// 3.8.2 on a test host (tests/browser/fixtures/h5p), unzipped first as that player needs. The test answers
// the exercise in the player and receives the xAPI statements with their scores, checks H5P's question
// contract on the instance, and relaunches with the saved state.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from '../../scripts/serve.mjs';
import { watchedPage, choice, launchChromium } from './browser.mjs';
import { exercises } from '../../web/exercises/index.js';

const path = (p) => fileURLToPath(new URL(p, import.meta.url));
const PACKAGE = path('../../dist/packages/pelab-exercise.h5p');
const LIBRARY = 'H5P.PelabExercise-1.1';
let browser, host, hostUrl, content;
// A graded exercise: the example content (swap-invariance) is a prediction, worth 0.
const GRADED = 'why-positional-encoding';
const optionOf = (id, correct) =>
  exercises.find((e) => e.id === id).questions[0].options.find((o) => o.correct === correct).id;
const right = optionOf(GRADED, true);
const wrong = optionOf(GRADED, false);

before(async () => {
  content = mkdtempSync(join(tmpdir(), 'pelab-h5p-'));
  execFileSync('unzip', ['-q', PACKAGE, '-d', join(content, 'pelab')]);
  // The example content is a prediction (not graded); the graded tests play the same package set to GRADED.
  cpSync(join(content, 'pelab'), join(content, 'pelab-graded'), { recursive: true });
  const example = join(content, 'pelab-graded', 'content', 'content.json');
  writeFileSync(example, JSON.stringify({ ...JSON.parse(readFileSync(example, 'utf8')), exercise: GRADED }));
  browser = await launchChromium();
  // An H5P platform's page is not ours: h5p-standalone writes its frame with inline code, so no strict CSP.
  host = await startServer({
    port: 0,
    csp: "default-src 'self' 'unsafe-inline' 'unsafe-eval' data: blob:",
    mounts: [
      ['/h5p-player/', path('../../node_modules/h5p-standalone/dist')],
      ['/content/', content],
      ['/', path('fixtures/h5p')],
    ],
  });
  hostUrl = `http://127.0.0.1:${host.address().port}`;
});
after(async () => {
  await browser?.close();
  host?.close();
  rmSync(content, { recursive: true, force: true });
});

const json = (file) => JSON.parse(readFileSync(join(content, 'pelab', file), 'utf8'));

test('the package holds the library (library.json, semantics.json listing every exercise) and example content', () => {
  const h5p = json('h5p.json');
  assert.equal(h5p.mainLibrary, 'H5P.PelabExercise');
  const library = json(`${LIBRARY}/library.json`);
  assert.equal(`${library.machineName}-${library.majorVersion}.${library.minorVersion}`, LIBRARY);
  assert.deepEqual(h5p.preloadedDependencies, [{ machineName: 'H5P.PelabExercise', majorVersion: 1, minorVersion: 1 }]);
  assert.deepEqual(library.preloadedDependencies ?? [], [], 'only H5P core (jQuery, EventDispatcher) is needed');
  const semantics = json(`${LIBRARY}/semantics.json`);
  const field = semantics.find((f) => f.name === 'exercise');
  assert.equal(field.type, 'select');
  assert.deepEqual(
    field.options.map((o) => o.value),
    exercises.map((e) => e.id),
  );
  assert.equal(json('content/content.json').exercise, 'swap-invariance');
  // H5P platforms accept only these extensions in a library (a .wasm or .mjs would be refused on upload).
  const listed = execFileSync('unzip', ['-Z1', PACKAGE], { encoding: 'utf8' }).split('\n').filter(Boolean);
  for (const f of listed.filter((f) => !f.endsWith('/')))
    assert.match(f, /\.(js|css|json)$/, `${f}: an extension H5P platforms accept`);
});

async function play(state = null, name = 'pelab-graded') {
  const { page, problems } = await watchedPage(browser);
  const query = new URLSearchParams({ content: name, ...(state ? { state } : {}) });
  await page.goto(`${hostUrl}/?${query}`);
  await page.waitForSelector('body[data-ready=true]');
  const frame = page.frameLocator('iframe.h5p-iframe');
  const exercise = frame.locator('pe-exercise');
  const shown = name === 'pelab' ? 'swap-invariance' : GRADED;
  await exercise.locator(`section[data-exercise="${shown}"]`).waitFor({ timeout: 60000 });
  await page.waitForFunction(() =>
    [...document.querySelectorAll('iframe')].some((f) => f.contentDocument?.querySelector('pe-exercise')?.ready),
  );
  const instance = (expression) =>
    frame.locator('body').evaluate((body, expression) => {
      const h5p = body.ownerDocument.defaultView.H5P.instances[0];
      return new Function('h5p', `return ${expression}`)(h5p);
    }, expression);
  return { page, problems, exercise, instance };
}

test('h5p-standalone plays it: the first answer goes out as xAPI answered and completed, with a score', async () => {
  const { page, problems, exercise, instance } = await play();
  assert.equal(await instance('h5p.getAnswerGiven()'), false);
  assert.equal(await instance('h5p.getMaxScore()'), 1);
  await choice(exercise, GRADED, wrong).check();
  await exercise.getByRole('button', { name: /^Check\b/ }).click();
  await page.waitForFunction(() => window.statements.length >= 2);
  // A second check is practice: no new statement, and the score stays the first one's.
  await choice(exercise, GRADED, right).check();
  await exercise.getByRole('button', { name: /^Check\b/ }).click();
  await exercise.getByText(/^Practice: not recorded/).waitFor();
  const statements = await page.evaluate(() => window.statements);
  assert.deepEqual(
    statements.map((s) => s.verb.id),
    ['http://adlnet.gov/expapi/verbs/answered', 'http://adlnet.gov/expapi/verbs/completed'],
  );
  for (const s of statements) {
    assert.deepEqual(s.result.score, { min: 0, max: 1, raw: 0, scaled: 0 });
    assert.equal(s.result.success, false);
    assert.equal(s.result.completion, true);
    assert.equal(s.result.extensions['https://www.npmjs.com/package/positional-encoding-lab#solution-viewed'], false);
    assert.equal(s.actor.mbox, 'mailto:ada@example.org', 'the platform names the learner');
    assert.equal(s.object.definition.interactionType, 'other');
    const category = s.context.contextActivities.category.map((c) => c.id);
    assert.deepEqual(category, [`http://h5p.org/libraries/${LIBRARY}`]);
  }
  assert.equal(await instance('h5p.getScore()'), 0);
  assert.equal(await instance('h5p.getAnswerGiven()'), true);
  assert.equal((await instance('h5p.getXAPIData()')).statement.result.score.raw, 0);
  await instance('h5p.resetTask()');
  assert.equal(await instance('h5p.getScore()'), 0, 'resetTask clears inputs, not the record');
  assert.deepEqual(problems, []);
  await page.close();
});

test('the solution shown first records 0, not correct; a relaunch with the saved state sends nothing new', async () => {
  let { page, problems, exercise, instance } = await play();
  await instance('h5p.showSolutions()');
  await page.waitForFunction(() => window.statements.length >= 2);
  const [answered] = await page.evaluate(() => window.statements);
  assert.equal(answered.result.score.raw, 0);
  assert.equal(answered.result.success, false);
  assert.equal(
    answered.result.extensions['https://www.npmjs.com/package/positional-encoding-lab#solution-viewed'],
    true,
  );
  const state = JSON.stringify(await instance('h5p.getCurrentState()'));
  assert.deepEqual(problems, []);
  await page.close();

  ({ page, problems, exercise, instance } = await play(state));
  assert.equal(await instance('h5p.getAnswerGiven()'), true);
  assert.equal(await instance('h5p.getScore()'), 0);
  await choice(exercise, GRADED, right).check();
  await exercise.getByRole('button', { name: /^Check\b/ }).click();
  await exercise
    .locator('.feedback')
    .getByText(/^Right\./)
    .waitFor();
  assert.deepEqual(await page.evaluate(() => window.statements), [], 'the record was sent on the first launch');
  assert.equal(await instance('h5p.getScore()'), 0);
  assert.deepEqual(problems, []);
  await page.close();
});

test('a saved state that lies about the score (1e9) is no record: getScore stays within getMaxScore', async () => {
  const lies = [
    { correct: true, score: 1e9, maxScore: 1e9, solutionViewed: false },
    { correct: true, score: 1e9, maxScore: 1, solutionViewed: false },
    { correct: true, score: 4, maxScore: 4, solutionViewed: false }, // GRADED is worth 1
  ];
  for (const record of lies) {
    const { page, problems, exercise, instance } = await play(JSON.stringify({ record }));
    const what = JSON.stringify(record);
    assert.equal(await instance('h5p.getAnswerGiven()'), false, what);
    assert.equal(await instance('h5p.getScore()'), 0, what);
    assert.equal(await instance('h5p.getMaxScore()'), 1, what);
    assert.equal(await instance('h5p.getCurrentState()'), undefined, `${what}: not saved back`);
    // Nor is a pe-result that any script in the frame dispatches with such a record.
    await exercise.evaluate(
      (element, { record, exercise }) => {
        const detail = { exercise, ...record };
        element.dispatchEvent(new CustomEvent('pe-result', { bubbles: true, composed: true, detail }));
      },
      { record, exercise: GRADED },
    );
    assert.equal(await instance('h5p.getScore()'), 0, `${what}: dispatched`);
    assert.deepEqual(await page.evaluate(() => window.statements), [], `${what}: nothing sent`);
    // The learner's first answer is the record, and it goes out.
    await choice(exercise, GRADED, right).check();
    await exercise.getByRole('button', { name: /^Check\b/ }).click();
    await page.waitForFunction(() => window.statements.length >= 2);
    const [answered] = await page.evaluate(() => window.statements);
    assert.deepEqual(answered.result.score, { min: 0, max: 1, raw: 1, scaled: 1 }, what);
    assert.equal(await instance('h5p.getScore()'), 1, what);
    assert.deepEqual(problems, [], what);
    await page.close();
  }
});

test('the example content, a prediction, goes out without a score: completion only, and the prediction stays', async () => {
  let { page, problems, exercise, instance } = await play(null, 'pelab');
  assert.equal(await instance('h5p.getMaxScore()'), 0);
  await choice(exercise, 'swap-invariance', optionOf('swap-invariance', false)).check();
  await exercise.getByRole('button', { name: /^Record my prediction\b/ }).click();
  await page.waitForFunction(() => window.statements.length >= 2);
  const statements = await page.evaluate(() => window.statements);
  for (const s of statements) {
    assert.equal('score' in s.result, false, 'no score out of 0');
    assert.equal('success' in s.result, false, 'a prediction is neither right nor wrong');
    assert.equal(s.result.completion, true);
  }
  assert.equal(await instance('h5p.getScore()'), 0);
  assert.equal(await instance('h5p.getAnswerGiven()'), true);
  const state = JSON.stringify(await instance('h5p.getCurrentState()'));
  assert.match(JSON.parse(state).record.prediction, /^[a-z]\)$/);
  assert.deepEqual(problems, []);
  await page.close();

  ({ page, problems, exercise, instance } = await play(state, 'pelab'));
  assert.equal(await instance('h5p.getAnswerGiven()'), true);
  assert.equal(await instance('h5p.getMaxScore()'), 0);
  assert.deepEqual(await page.evaluate(() => window.statements), [], 'the record was sent on the first launch');
  assert.deepEqual(problems, []);
  await page.close();
});
