// Nothing in the DOM names an option or the key (the course issue, item 6): every exercise rendered for two
// learners, and no attribute value of an exercise's elements equals an option id of its questions, or holds
// one, unless the id is a word the learner reads in the options' labels anyway. The values that stand for the
// options (radio values, four-properties' select values) are per learner: two seeds give different ones.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openLab, watchedPage, lessonUrl } from './browser.mjs';
import { LESSONS } from '../../web/course/outline.js';
import { exercises } from '../../web/exercises/index.js';
import { SEED_KEY } from '../../web/order.js';

let lab;
before(async () => {
  lab = await openLab();
});
after(async () => {
  await lab.close();
});

// Every attribute of every element of each exercise's section, and the values standing for options: the
// three lesson pages, as the learner with this seed sees them.
async function render(seed) {
  const { page, problems } = await watchedPage(lab.browser);
  await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [SEED_KEY, String(seed)]);
  const sections = [];
  for (const lesson of LESSONS) {
    await page.goto(lessonUrl(lab.url, lesson.id));
    await page.waitForSelector('body[data-ready=true]', { timeout: 20000 });
    sections.push(...(await attributesOf(page)));
  }
  assert.deepEqual(problems, []);
  await page.close();
  return new Map(sections.map((s) => [s.id, s]));
}

function attributesOf(page) {
  return page.$$eval('section[data-exercise]', (all) =>
    all.map((s) => ({
      id: s.dataset.exercise,
      attributes: [s, ...s.querySelectorAll('*')].flatMap((el) =>
        [...el.attributes].map((a) => ({ element: el.tagName.toLowerCase(), name: a.name, value: a.value })),
      ),
      radios: [...s.querySelectorAll('input[type=radio]')].map((i) => ({
        value: i.value,
        names: [...i.attributes].map((a) => a.name).sort(),
      })),
      selectValues: [...s.querySelectorAll('.match select option')].map((o) => o.value).filter(Boolean),
      text: s.textContent, // hidden parts included: the DOM holds them
    })),
  );
}

// The exercises the lesson pages hold (web/course/outline.js).
const onPages = exercises.filter((e) => LESSONS.some((l) => l.exercises.includes(e.id)));
const words = (text) =>
  new Set(
    text
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter(Boolean),
  );

let first, second;
test('the lesson renders every exercise for two learners', async () => {
  first = await render(1);
  second = await render(987654321);
  assert.equal(first.size, onPages.length);
  assert.equal(second.size, onPages.length);
});

test('no attribute value equals or holds an option id of the exercise’s questions', () => {
  const found = [];
  for (const exercise of onPages.filter((e) => e.questions?.length)) {
    const options = exercise.questions.flatMap((q) => q.options);
    // What the learner reads anyway: the labels, and the exercise's own name (in its URL and section).
    const readable = words(`${options.map((o) => o.label).join(' ')} ${exercise.id}`);
    for (const rendered of [first, second]) {
      for (const { element, name, value } of rendered.get(exercise.id).attributes) {
        const where = `${exercise.id}: <${element} ${name}="${value}">`;
        for (const { id } of options) {
          const lower = id.toLowerCase();
          if (value.toLowerCase() === lower && name !== 'data-exercise') found.push(`${where} names option '${id}'`);
          // A one-word id the learner reads anyway (such as 'a' or 'same') tells nothing; any other may not appear.
          const held = lower.includes('-') ? value.toLowerCase().includes(lower) : words(value).has(lower);
          if (held && !readable.has(lower) && !found.includes(`${where} names option '${id}'`))
            found.push(`${where} holds option '${id}'`);
        }
      }
    }
  }
  assert.deepEqual([...new Set(found)], []);
});

test('the right option’s radio is like every other: the same attributes, none marking it', () => {
  for (const exercise of onPages.filter((e) => e.questions?.length)) {
    const { radios } = first.get(exercise.id);
    assert.equal(radios.length, exercise.questions[0].options.length, exercise.id);
    for (const r of radios) assert.deepEqual(r.names, radios[0].names, exercise.id);
  }
});

test('the values standing for options differ between two learners', () => {
  for (const exercise of onPages) {
    const a = first.get(exercise.id),
      b = second.get(exercise.id);
    for (const [kind, x, y] of [
      ['radio', a.radios.map((r) => r.value), b.radios.map((r) => r.value)],
      ['select', [...new Set(a.selectValues)], [...new Set(b.selectValues)]],
    ]) {
      if (x.length === 0) continue;
      assert.equal(new Set(x).size, x.length, `${exercise.id}: ${kind} values are distinct`);
      const shared = x.filter((v) => y.includes(v));
      assert.deepEqual(shared, [], `${exercise.id}: ${kind} values shared by two learners`);
    }
  }
  // four-properties' checks are a select (the one exercise whose answer is not a radio group).
  assert.equal(new Set(first.get('four-properties').selectValues).size, 5);
});

test('before an exercise is answered, its section holds no explain-back prompt or model answer, not even hidden', () => {
  // A prediction's explain-back names what happens (train-it: which model stays at chance), so it may not be
  // in the page before the learner has predicted.
  const found = [];
  for (const exercise of onPages.filter((e) => e.explain)) {
    const { text } = first.get(exercise.id);
    for (const part of ['prompt', 'model'])
      if (text.includes(exercise.explain[part].slice(0, 60))) found.push(`${exercise.id}: its ${part}`);
  }
  assert.deepEqual(found, []);
});
