// The course as a learner and a course site meet it: course.json at the site root says what the outline says,
// each lesson's stated minutes are what the rule (web/course/minutes.js) counts on its rendered page, the home
// lists the lessons with the learner's progress, links into the one-page lesson of version 1 still land, and
// that version's stored records come back on the lesson pages.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { openLab, watchedPage, lessonUrl } from './browser.mjs';
import { LESSONS, MERGED } from '../../web/course/outline.js';
import { lessonMinutes } from '../../web/course/minutes.js';
import { lessonCounts } from '../../web/course/lesson-counts.js';
import { exercises, maxScores } from '../../web/exercises/index.js';

let lab;
before(async () => {
  lab = await openLab();
});
after(async () => {
  await lab.close();
});

const v1 = JSON.parse(await readFile(new URL('../web/fixtures/records-v1.json', import.meta.url), 'utf8'));
// The site's storage as the one-page lesson left it, once per page (a reload then sees what the page wrote).
const seedWithV1 = (page) =>
  page.addInitScript((stored) => {
    if (sessionStorage.getItem('seeded')) return;
    sessionStorage.setItem('seeded', '1');
    for (const [key, value] of Object.entries(stored)) localStorage.setItem(key, value);
  }, v1);

test('course.json lists the three lessons of the outline, every exercise once, and the merged ids', async () => {
  const response = await fetch(new URL('course.json', lab.url));
  assert.equal(response.status, 200);
  const course = await response.json();
  assert.deepEqual(
    course.lessons,
    LESSONS.map(({ id, title, url, minutes, exercises: ids }) => ({ id, title, url, minutes, exercises: ids })),
  );
  assert.equal(course.lessons.length, 3);
  assert.deepEqual(course.lessons.flatMap((l) => l.exercises).sort(), exercises.map((e) => e.id).sort());
  assert.deepEqual(course.merged, Object.fromEntries(MERGED));
  for (const into of Object.values(course.merged))
    assert.ok(
      exercises.some((e) => e.id === into),
      into,
    );
});

// Each lesson's time by the rule, counted on its page with every question's solution shown (what a learner
// reads after answering), and the minutes the outline states: that figure, rounded up, and at most 30.
for (const lesson of LESSONS)
  test(`lesson “${lesson.id}” takes ${lesson.minutes} minutes by the rule, at most 30`, async (t) => {
    const { page, problems } = await watchedPage(lab.browser, { viewport: { width: 1280, height: 900 } });
    await page.goto(lessonUrl(lab.url, lesson.id));
    await page.waitForSelector('body[data-ready=true]', { timeout: 30000 });
    for (const id of lesson.exercises) {
      const shows = page.locator(`section[data-exercise="${id}"]`).getByRole('button', { name: /^Show solution/ });
      for (let i = 0; i < (await shows.count()); i++) await shows.nth(i).click();
    }
    // Shown the solution, train-it starts its trainer and then shows its results: counted once they are there.
    if (lesson.exercises.includes('train-it'))
      await page.waitForSelector('.train-lab[data-state=idle] .train-results:not([hidden])', { timeout: 60000 });
    // Longer-than-trained's run, unlocked by the solution, is the learner's to start: counted once it is done.
    if (lesson.exercises.includes('longer-than-trained')) {
      await page.getByRole('button', { name: 'Train and stretch' }).click();
      await page.waitForSelector('.stretch-lab[data-state=done]', { timeout: 120000 });
    }
    const counts = await page.evaluate(`(${lessonCounts})()`);
    const scores = maxScores();
    const graded = lesson.exercises.reduce((sum, id) => sum + scores.get(id), 0);
    // A prediction (recorded, not graded: maxScore 0) is a control the learner uses: 20 s, not 45.
    const predictions = lesson.exercises.filter((id) => scores.get(id) === 0).length;
    const minutes = lessonMinutes({ words: counts.words, graded, controls: counts.controls + predictions });
    const said = `${counts.words} words, ${graded} graded, ${counts.controls} + ${predictions} controls: ${minutes.toFixed(1)} min`;
    t.diagnostic(said);
    assert.ok(minutes <= 30, `${lesson.id}: ${said}`);
    assert.equal(lesson.minutes, Math.ceil(minutes), `${lesson.id}: the outline states ${lesson.minutes}; ${said}`);
    // "At most about 10 graded questions a lesson": a question is an exercise worth points (four-properties'
    // four matches are one question, four answers).
    const questions = lesson.exercises.filter((id) => scores.get(id) > 0).length;
    assert.ok(questions <= 11, `${lesson.id}: ${questions} graded questions`);
    assert.deepEqual(problems, []);
    await page.close();
  });

test('the home lists each lesson with its time and the learner’s progress in it', async () => {
  const { page, problems } = await watchedPage(lab.browser);
  await page.goto(lessonUrl(lab.url, 'sinusoid'));
  await page.waitForSelector('body[data-ready=true]', { timeout: 30000 });
  await page
    .locator('section[data-exercise="mask-order"]')
    .getByRole('button', { name: /^Show solution/ })
    .click();
  await page.goto(lab.url);
  await page.waitForSelector('body[data-ready=true]'); // its lessons listed, once its words are loaded
  const cards = page.locator('.lesson-card');
  assert.equal(await cards.count(), 3);
  for (const [i, lesson] of LESSONS.entries()) {
    const text = await cards.nth(i).innerText();
    assert.ok(text.includes(lesson.title) && text.includes(`About ${lesson.minutes} minutes`), text);
    assert.equal(await cards.nth(i).getByRole('link').getAttribute('href'), lesson.url);
  }
  assert.match(
    await cards.nth(0).innerText(),
    new RegExp(`1 of ${LESSONS[0].exercises.length} answered, 0 of \\d+ right`),
  );
  assert.match(await cards.nth(1).innerText(), /Not started/);
  assert.deepEqual(problems, []);
  await page.close();
});

test('a link into the one-page lesson lands on the exercise’s lesson; a merged id lands on the merged exercise', async () => {
  const { page, problems } = await watchedPage(lab.browser);
  for (const [hash, lesson, heading] of [
    ['#conventions-title', 'in-practice', 'conventions-title'],
    ['#rope', 'beyond-absolute', 'rope-title'],
    ['#shifted-dot-product-title', 'sinusoid', 'clock-hands-title'],
  ]) {
    await page.goto(`${lab.url}${hash}`);
    await page.waitForURL(`${lessonUrl(lab.url, lesson)}#${heading}`);
  }
  // embed.html and the components open the merged exercise under the id a course site already uses.
  await page.goto(`${lab.url}embed.html?exercise=closest-offset`);
  await page.waitForSelector('body[data-ready=true]', { timeout: 30000 });
  assert.equal(await page.locator('section[data-exercise]').getAttribute('data-exercise'), 'clock-hands');
  assert.deepEqual(problems, []);
  await page.close();
});

test('records the one-page lesson stored come back on the lesson pages, merged ids under the merged one', async () => {
  const { page, problems } = await watchedPage(lab.browser);
  await seedWithV1(page);
  await page.goto(lessonUrl(lab.url, 'sinusoid'));
  await page.waitForSelector('body[data-ready=true]', { timeout: 30000 });
  const status = (id) => page.locator(`section[data-exercise="${id}"] .attempt-status`).innerText();
  assert.match(await status('mask-order'), /^Recorded on an earlier visit: your first answer \(1 of 1\)/);
  // clock-hands (wrong) came before shifted-dot-product (right) on the one-page lesson: its record stands.
  assert.match(await status('clock-hands'), /^Recorded on an earlier visit: your first answer \(0 of 1\)/);
  await page.goto(lessonUrl(lab.url, 'in-practice'));
  await page.waitForSelector('body[data-ready=true]', { timeout: 30000 });
  assert.match(await status('four-properties'), /^Recorded on an earlier visit: your first answer \(2 of 4\)/);
  assert.deepEqual(problems, []);
  await page.close();
});

test('a migrated prediction whose letter is not known stays closed: no prediction is made with the demo open', async () => {
  const { page, problems } = await watchedPage(lab.browser);
  await seedWithV1(page);
  await page.goto(lessonUrl(lab.url, 'sinusoid'));
  await page.waitForSelector('body[data-ready=true]', { timeout: 30000 });
  // The fixture's swap-invariance was a wrong graded answer: a prediction now, which option unknown.
  const section = page.locator('section[data-exercise="swap-invariance"]');
  assert.match(await section.locator('.attempt-status').innerText(), /made before the page kept which option/);
  assert.equal(await section.getByRole('button', { name: /^Run it/ }).isEnabled(), true, 'the demo is open');
  const radios = section.locator('input[type=radio]');
  assert.deepEqual(await radios.evaluateAll((all) => all.map((r) => r.disabled)), [true, true, true]);
  await radios.first().dispatchEvent('click'); // forced through, as a script would
  await section.getByRole('button', { name: /^Record my prediction/ }).dispatchEvent('click'); // closed: pressed anyway
  await section.getByRole('button', { name: /^Run it/ }).click();
  // The verdict says nothing of a prediction (the record line under it says there is one, option unknown).
  const verdict = (await section.locator('.feedback > :not(.attempt-status)').allInnerTexts()).join(' ');
  assert.doesNotMatch(verdict, /prediction|predicted/i);
  assert.deepEqual(problems, []);
  await page.close();
});

test('<pe-exercise> under a merged name is the merged exercise: one record for both names, reported under its id', async () => {
  const { page, problems } = await watchedPage(lab.browser);
  await page.goto(lab.url);
  const seen = await page.evaluate(async () => {
    await import('/dist/components.js');
    const results = [];
    document.addEventListener('pe-result', (e) => results.push(e.detail.exercise));
    const make = (name) => {
      const el = document.createElement('pe-exercise');
      el.setAttribute('name', name);
      const ready = new Promise((resolve) => el.addEventListener('pe-ready', (e) => resolve(e.detail.exercise)));
      document.body.append(el);
      return { el, ready };
    };
    const old = make('closest-offset');
    const merged = make('clock-hands');
    const ready = [await old.ready, await merged.ready];
    const show = [...old.el.shadowRoot.querySelectorAll('button')].find((b) => /^Show solution/.test(b.textContent));
    show.click();
    const status = merged.el.shadowRoot.querySelector('.attempt-status').textContent;
    return { ready, results, status };
  });
  assert.deepEqual(seen.ready, ['clock-hands', 'clock-hands']);
  assert.deepEqual(seen.results, ['clock-hands'], 'one first record, under the merged id');
  assert.match(seen.status, /^Recorded/, 'the twin under the other name shows that record');
  assert.deepEqual(problems, []);
  await page.close();
});
