// web/platforms/scorm.js against scorm-again's runtime (the LMS of tests/browser/scorm.test.mjs), here in
// node and made to misbehave: methods that throw, refuse ('false') or are missing, an API that is a Proxy
// throwing on every access or a string, a cmi.interactions._count that names no index, and suspend data
// that lies about a score. The learner must be able to work, and a record counts as kept only if the LMS
// kept it. (The page's side, what it shows, is tests/browser/scorm.test.mjs.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Scorm12API } from 'scorm-again/scorm12';
import { Scorm2004API } from 'scorm-again/scorm2004';
import { connectScorm } from '../../web/platforms/scorm.js';
import { offlineSession } from '../../web/platforms/connect.js';
import { createProgress } from '../../web/progress.js';
import { exercises, findExercise, maxScores } from '../../web/exercises/index.js';
import { CALLS, misbehaving } from '../browser/fixtures/lms/misbehaving.js';

const PROGRESS_KEY = 'pelab:progress:v1';

/** A scorm-again runtime of `version` behind an API that misbehaves as `sabotage` says (misbehaving.js). */
function lms(version, sabotage = {}, kept = null) {
  const runtime = version === '1.2' ? new Scorm12API({ logLevel: 5 }) : new Scorm2004API({ logLevel: 5 });
  if (kept !== null) runtime.loadFromJSON({ suspend_data: kept });
  return { runtime, win: windowWith(version, misbehaving(version, runtime, sabotage)) };
}
const windowWith = (version, api) => ({ [version === '1.2' ? 'API' : 'API_1484_11']: api });
const cmi = (runtime) => JSON.parse(JSON.stringify(runtime.renderCMIToJSONObject().cmi));
const interactionsOf = (data) => Object.values(data.interactions?.childArray ?? data.interactions ?? {});

const graded = findExercise('buffer-vs-parameter');
const RIGHT = { correct: true, score: 1, maxScore: 1, answer: null, solutionViewed: false };

/** What the page does with a session (lesson.js, exercise.js): progress in it, tracked, one record made. */
function answerOne(session, exercise = graded) {
  const progress = createProgress(maxScores([exercise]), session.storage);
  session.track(progress, Object.fromEntries(maxScores([exercise])));
  progress.record(exercise.id, RIGHT);
  return session.record(exercise.id, RIGHT);
}

for (const version of ['1.2', '2004']) {
  test(`SCORM ${version}: a well-behaved LMS keeps the record, and the session says so`, () => {
    const { runtime, win } = lms(version);
    const session = connectScorm({ version, passing: 1, exercises: [graded], win });
    assert.equal(session.problem, null);
    assert.equal(answerOne(session), true);
    const [interaction, ...rest] = interactionsOf(cmi(runtime));
    assert.equal(rest.length, 0);
    assert.equal(interaction.id, 'buffer-vs-parameter');
  });

  test(`SCORM ${version}: a package whose only question is a prediction reports completion, never a score out of 0`, () => {
    const { runtime, win } = lms(version);
    const predict = findExercise('swap-invariance');
    const session = connectScorm({ version, passing: 1, exercises: [predict], win });
    const progress = createProgress(maxScores([predict]), session.storage);
    session.track(progress, Object.fromEntries(maxScores([predict])));
    const record = { correct: false, score: 0, maxScore: 0, prediction: 'b)', solutionViewed: false };
    progress.record(predict.id, record);
    assert.equal(session.record(predict.id, record), true);
    const data = cmi(runtime);
    const [interaction] = interactionsOf(data);
    assert.equal(interaction.result, 'neutral');
    assert.equal(Number(interaction.weighting), 0);
    const score = version === '1.2' ? data.core.score : data.score;
    assert.equal(score.raw, '', 'no score out of 0');
    if (version === '1.2') assert.equal(data.core.lesson_status, 'completed');
    else {
      assert.equal(data.completion_status, 'completed');
      assert.equal(data.success_status, 'unknown');
      assert.equal(data.score.scaled, '');
    }
  });

  test(`SCORM ${version}: an LMS that will not start a session is refused in words naming the call`, () => {
    const init = CALLS[version][0];
    const cases = [
      ['throws', lms(version, { initialize: 'throws' }).win, `${init}: ${init} broke`],
      ['answers false', lms(version, { initialize: 'false' }).win, `${init} answered “false”`],
      ['has none', lms(version, { initialize: 'missing' }).win, `${init}: the API has no ${init} method`],
      ['is a string', lms(version, { api: 'string' }).win, `${init}: the API has no ${init} method`],
      ['is a Proxy that throws on any access', lms(version, { api: 'proxy' }).win, `${init}: no access`],
    ];
    for (const [what, win, words] of cases)
      assert.throws(
        () => connectScorm({ version, passing: 1, exercises: [graded], win }),
        (error) =>
          error.message === `The course platform did not start a session (${words}).` ||
          assert.fail(`${what}: ${error.message}`),
        what,
      );
  });

  test(`SCORM ${version}: GetValue, SetValue or Commit failing leaves a working session that never claims the record`, () => {
    const cases = [
      { getValue: 'throws' },
      { setValue: 'throws' },
      { setValue: 'false' },
      { commit: 'throws' },
      { commit: 'missing' },
      { commit: 'false' },
    ];
    for (const sabotage of cases) {
      const { win } = lms(version, sabotage);
      const session = connectScorm({ version, passing: 1, exercises: [graded], win });
      assert.equal(answerOne(session), false, JSON.stringify(sabotage));
      session.finish(); // and leaving does not throw either
    }
  });

  test(`SCORM ${version}: a cmi.interactions._count that is no index is refused, not written to`, () => {
    for (const count of ['-3', 'NaN', '1e9', '2x', '1000000000', '', ' 1', '1.5']) {
      const { runtime, win } = lms(version, { count });
      const session = connectScorm({ version, passing: 1, exercises: [graded], win });
      assert.equal(answerOne(session), false, `count ${JSON.stringify(count)}`);
      assert.deepEqual(interactionsOf(cmi(runtime)), [], `count ${JSON.stringify(count)}: no interaction written`);
    }
    // The count the LMS gives is where the interaction goes.
    const { runtime, win } = lms(version, { count: '0' });
    assert.equal(answerOne(connectScorm({ version, passing: 1, exercises: [graded], win })), true);
    assert.equal(interactionsOf(cmi(runtime)).length, 1);
  });

  test(`SCORM ${version}: an inflated record in the suspend data never reaches the LMS's score`, () => {
    const lie = { answered: true, correct: true, score: 1000, maxScore: 1000, solutionViewed: false };
    const kept = JSON.stringify({ [PROGRESS_KEY]: JSON.stringify({ 'mask-order': lie }) });
    const score = (data) => (version === '1.2' ? data.core.score : data.score);
    // The whole lesson: 1000 of 1000 would be a raw score of 3333.33.
    const lesson = lms(version, {}, kept);
    const session = connectScorm({ version, passing: 1, exercises, win: lesson.win });
    const progress = createProgress(maxScores(exercises), session.storage);
    session.track(progress, Object.fromEntries(maxScores(exercises)));
    assert.equal(Number(score(cmi(lesson.runtime)).raw), 0);
    assert.equal(progress.restored('mask-order'), null);
    // One exercise: it would be raw 5000 and "passed".
    const mask = findExercise('mask-order');
    const single = lms(version, {}, kept);
    const one = connectScorm({ version, passing: 1, exercises: [mask], win: single.win });
    const its = createProgress(maxScores([mask]), one.storage);
    one.track(its, Object.fromEntries(maxScores([mask])));
    const data = cmi(single.runtime);
    assert.equal(Number(score(data).raw), 0);
    if (version === '1.2') assert.equal(data.core.lesson_status, 'incomplete');
    else assert.deepEqual([data.completion_status, data.success_status], ['incomplete', 'unknown']);
  });
}

test('a session that keeps nothing says why, keeps progress for the visit and claims no record', () => {
  const session = offlineSession('The course platform did not start a session (Initialize answered “false”).');
  assert.match(session.problem, /^The course platform did not start a session .*none reaches the course/);
  const progress = createProgress(maxScores([graded]), session.storage);
  progress.record(graded.id, RIGHT);
  assert.equal(createProgress(maxScores([graded]), session.storage).summary().correct, 1, 'kept for the visit');
  assert.equal(session.record(graded.id, RIGHT), false);
});

test('the suspend data’s learner seed is kept only if order.js would take it: else the page and its reports would disagree', () => {
  const SEED_KEY = 'pelab:learner-seed:v1';
  const seedOf = (runtime) => JSON.parse(cmi(runtime).suspend_data)[SEED_KEY];
  for (const version of ['1.2', '2004']) {
    const good = lms(version, {}, JSON.stringify({ [SEED_KEY]: '12345' }));
    createProgress(
      maxScores([graded]),
      connectScorm({ version, passing: 1, exercises: [graded], win: good.win }).storage,
    );
    assert.equal(seedOf(good.runtime), '12345');
    for (const bad of ['abc', '0', '-1', '1.5', '4294967296', '', { n: 1 }]) {
      const { runtime, win } = lms(version, {}, JSON.stringify({ [SEED_KEY]: bad }));
      createProgress(maxScores([graded]), connectScorm({ version, passing: 1, exercises: [graded], win }).storage);
      const seed = Number(seedOf(runtime));
      assert.ok(Number.isInteger(seed) && seed > 0 && seed < 2 ** 32, `${JSON.stringify(bad)} → ${seed}`);
    }
  }
});

test('a passing score the LMS writes as blanks is no passing score: a wrong answer does not pass', () => {
  for (const [version, element, status] of [
    ['1.2', 'cmi.student_data.mastery_score', (c) => c.core.lesson_status],
    ['2004', 'cmi.scaled_passing_score', (c) => c.success_status],
  ])
    for (const blank of [' ', '\t', '1e', '0x1']) {
      const { runtime, win } = lms(version);
      const api = win[version === '1.2' ? 'API' : 'API_1484_11'];
      const call = version === '1.2' ? 'LMSGetValue' : 'GetValue';
      const original = api[call];
      api[call] = (e) => (e === element ? blank : original(e)); // the LMS's passing score, as it wrote it
      const session = connectScorm({ version, passing: 1, exercises: [graded], win });
      const progress = createProgress(maxScores([graded]), session.storage);
      session.track(progress, Object.fromEntries(maxScores([graded])));
      const wrong = { correct: false, score: 0, maxScore: 1, answer: null, solutionViewed: false };
      progress.record(graded.id, wrong);
      session.record(graded.id, wrong);
      assert.equal(status(cmi(runtime)), 'failed', `${version}, passing score ${JSON.stringify(blank)}`);
    }
});

test('an LMS whose interaction count never grows does not get each record written over the one before', () => {
  for (const version of ['1.2', '2004']) {
    const { runtime, win } = lms(version);
    const api = win[version === '1.2' ? 'API' : 'API_1484_11'];
    const call = version === '1.2' ? 'LMSGetValue' : 'GetValue';
    const original = api[call];
    api[call] = (e) => (e === 'cmi.interactions._count' ? '0' : original(e)); // stuck at '0'
    const two = [graded, exercises.find((e) => e.id !== graded.id)];
    const session = connectScorm({ version, passing: 1, exercises: two, win });
    const progress = createProgress(maxScores(two), session.storage);
    session.track(progress, Object.fromEntries(maxScores(two)));
    for (const e of two) {
      progress.record(e.id, RIGHT);
      session.record(e.id, RIGHT);
    }
    assert.deepEqual(
      interactionsOf(cmi(runtime)).map((i) => i.id),
      two.map((e) => e.id),
      version,
    );
  }
});
