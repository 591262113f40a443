// The course in the learner's language (web/i18n/): a page opened with ?lang= (or the browser's languages,
// or the learner's kept choice) is in that language, marked lang on the document and on every exercise; the
// switch changes it and is remembered; a typed answer grades as it does in English (the option order is the
// same in every language: tests/web/i18n.test.mjs); and in en-XA, the pseudo-locale, no
// text of a page that is in catalogs came from anywhere else, and nothing overflows a 390 px phone.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openLab, watchedPage, lessonUrl } from './browser.mjs';
import { LESSONS } from '../../web/course/outline.js';
import { loadCatalogs as readCatalogs } from '../../scripts/messages.mjs';

let lab;
before(async () => {
  lab = await openLab();
});
after(async () => {
  await lab.close();
});
const catalogs = await readCatalogs();
const english = catalogs.get('en');
// The exercises whose words are catalogs (an exercise not yet written as one shows English, marked lang=en).
const inCatalogs = LESSONS.flatMap((l) => l.exercises).filter((id) => english.has(id));

async function open(url, options = {}) {
  const watched = await watchedPage(lab.browser, { viewport: { width: 1280, height: 900 }, ...options });
  await watched.page.goto(url);
  await watched.page.waitForSelector('body[data-ready=true]', { timeout: 60000 });
  return watched;
}

// Runs before the page's scripts: notes, in the first animation frame (what the browser then paints) in which the
// page's <h1> exists, whether the page is marked to be rewritten, whether its body can be seen, and the heading.
function watchFirstHeading() {
  requestAnimationFrame(function frame() {
    const h1 = document.querySelector('h1');
    if (!h1) return requestAnimationFrame(frame);
    window.__atHeading = {
      words: document.documentElement.getAttribute('data-words'),
      visibility: getComputedStyle(document.body).visibility,
      heading: h1.textContent.trim(),
    };
  });
}

test('a page opened in another language shows none of its English: hidden until its words are written', async () => {
  const englishHeading = {
    'lesson-2.html': english.get('course')['in-practice.title'],
    'index.html': 'Positional Encoding Lab',
  };
  // Every way of naming a language on the home; a lesson page (the same early script, more to write) in one other
  // language and in English.
  const opened = [
    ...['?lang=es', '?lang=zh-CN', '', '?lang=en'].map((query) => ['index.html', query]),
    ['lesson-2.html', '?lang=es'],
    ['lesson-2.html', ''],
  ];
  for (const [path, query] of opened) {
    const { page, problems } = await watchedPage(lab.browser, { viewport: { width: 1280, height: 900 } });
    await page.addInitScript(watchFirstHeading);
    await page.goto(`${lab.url}${path}${query}`);
    await page.waitForSelector('body[data-ready=true]', { timeout: 60000 });
    const at = await page.evaluate(() => window.__atHeading);
    const where = `${path}${query}: ${JSON.stringify(at)}`;
    if (query === '' || query === '?lang=en') {
      assert.deepEqual([at.words, at.visibility], [null, 'visible'], where); // English: nothing hidden
    } else {
      // Hidden while marked, or already in its own words: never the English heading on screen.
      assert.ok(at.visibility === 'hidden' || at.heading !== englishHeading[path], where);
      assert.equal(at.visibility === 'hidden', at.words === 'pending', where);
    }
    // Once ready: shown, in its own language.
    assert.deepEqual(
      await page.evaluate(() => [
        document.documentElement.getAttribute('data-words'),
        getComputedStyle(document.body).visibility,
      ]),
      [null, 'visible'],
    );
    assert.deepEqual(problems, []);
    await page.close();
  }
  // The browser's languages count as the page's script counts them (here no ?lang=, no kept choice): Spanish
  // hidden until written; French, which the course is not written in, is English at once, never hidden.
  for (const [locale, lang] of [
    ['es-MX', 'es'],
    ['fr-FR', 'en'],
  ]) {
    const { page } = await watchedPage(lab.browser, { locale });
    await page.addInitScript(watchFirstHeading);
    await page.goto(`${lab.url}index.html`);
    await page.waitForSelector('body[data-ready=true]', { timeout: 60000 });
    const at = await page.evaluate(() => window.__atHeading);
    assert.equal(at.words, lang === 'en' ? null : 'pending', `${locale}: ${JSON.stringify(at)}`);
    assert.equal(await page.evaluate(() => document.documentElement.lang), lang);
    await page.close();
  }
});

test('a page whose script cannot load is shown at once, in English, not left blank', async () => {
  const { page } = await watchedPage(lab.browser, { viewport: { width: 1280, height: 900 } });
  await page.route(/\/assets\/index-[^/]*\.js$/, (route) => route.abort()); // the course home's own script
  await page.addInitScript(() => {
    window.__marked = [];
    new MutationObserver((records) => {
      for (const r of records)
        if (r.target === document.documentElement) window.__marked.push(r.target.getAttribute('data-words'));
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-words'] });
  });
  await page.goto(`${lab.url}index.html?lang=es`, { waitUntil: 'domcontentloaded' });
  // (the stylesheet alone would show it after 10 s: the test would time out first)
  await page.waitForFunction(() => getComputedStyle(document.body).visibility === 'visible', null, { timeout: 5000 });
  assert.match(await page.locator('h1').innerText(), /Positional Encoding Lab/);
  assert.deepEqual(await page.evaluate(() => window.__marked), ['pending', null]); // marked, then shown
  await page.close();
});

test('?lang=es opens a lesson in Spanish: the document, each exercise in catalogs, its words and its grade', async () => {
  const { page, problems } = await open(`${lessonUrl(lab.url, 'clock-hands')}?lang=es`);
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'es');
  for (const id of inCatalogs.filter((e) => LESSONS[0].exercises.includes(e))) {
    const section = page.locator(`section[data-exercise="${id}"]`);
    assert.equal(await section.getAttribute('lang'), 'es', id);
    assert.equal(await section.locator('h2').textContent(), catalogs.get('es').get(id).title);
  }
  // A number typed with a decimal comma grades as the same number: the answer the page states, as it states it.
  const section = page.locator('section[data-exercise="clock-hands"]');
  await section.scrollIntoViewIfNeeded();
  const explainText = await page.evaluate(async () => {
    const { lab } = window.pelab;
    const table = lab.sinusoidal({ positions: 2, dModel: 16, start: 1007 });
    return lab.dotMatrix({ table, rows: 2, dModel: 16 })[1].toFixed(3).replace('.', ',');
  });
  await section.locator('input.number-answer').fill(explainText);
  await section.getByRole('button', { name: /^Comprobar/ }).click();
  await assert.doesNotReject(section.locator('.verdict.right').waitFor({ timeout: 5000 }));
  assert.match(await section.locator('.verdict').first().textContent(), /^Correcto\./);
  assert.deepEqual(problems, []);
  await page.close();
});

test('the switch reloads the page in the chosen language and keeps the choice for the next page', async () => {
  const { page, problems } = await open(`${lab.url}lesson-1.html`, { locale: 'en-US' });
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
  const select = page.getByRole('combobox', { name: 'Language' });
  await Promise.all([page.waitForURL(/lang=zh-CN/), select.selectOption('zh-CN')]);
  await page.waitForSelector('body[data-ready=true]', { timeout: 60000 });
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'zh-CN');
  // Another lesson, without ?lang=: the kept choice.
  await page.goto(`${lab.url}lesson-3.html`);
  await page.waitForSelector('body[data-ready=true]', { timeout: 60000 });
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'zh-CN');
  assert.deepEqual(problems, []);
  await page.close();
});

test('without a choice, the browser’s languages decide', async () => {
  const { page, problems } = await open(`${lab.url}lesson-1.html`, { locale: 'es-MX' });
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'es');
  assert.deepEqual(problems, []);
  await page.close();
});

// What a page shows in en-XA that came from no catalog: a text node (outside code, formulas and sections still
// in English) with a run of unaccented letters.
async function uncatalogued(page) {
  return page.evaluate(
    (notation) => {
      const NOTATION = new Set(notation);
      const found = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const el = node.parentElement;
        if (!el || !el.checkVisibility()) continue;
        // Code, formulas, a paper's title, a language's own name in the switch: not the page's words to translate.
        // Marked translate="no" (tiles of an equation, the API's names): the same in every language.
        if (el.closest('code, pre, var, math, cite, script, style, .language-switch, [translate="no"], [lang="en"]'))
          continue;
        if (el.closest('[lang]')?.getAttribute('lang') !== 'en-XA') continue;
        // A function's name in a formula (exp, ln, softmax) is notation, not a word.
        const words = (node.data.match(/[A-Za-z]{3,}/g) ?? []).filter((w) => !NOTATION.has(w));
        if (words.length) found.push(node.data.trim().slice(0, 80));
      }
      return [...new Set(found)];
    },
    ['exp', 'softmax', 'sin', 'cos', 'log', 'max', 'min', 'sqrt'],
  );
}

// Every lesson (every exercise mounted in it), the course home, the glossary and the embed page's frame.
const PAGES = [...LESSONS.map((l) => l.url), 'index.html', 'glossary.html', 'embed.html?exercise=clock-hands'];
for (const path of PAGES)
  test(`en-XA: ${path} shows no text that is not in a catalog, and nothing overflows at 390 px`, async () => {
    const { page, problems } = await open(`${lab.url}${path}${path.includes('?') ? '&' : '?'}lang=en-XA`, {
      viewport: { width: 390, height: 800 },
    });
    // Every section: mounted (the page mounts all once ready), shown, and checked.
    assert.deepEqual(await uncatalogued(page), []);
    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(wide <= 390, `the page is ${wide} px wide`);
    const cut = await page.evaluate(() =>
      [...document.querySelectorAll('button, label, legend, summary, h1, h2, h3, th')]
        .filter(
          (e) => e.checkVisibility() && e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflow !== 'visible',
        )
        .map((e) => e.textContent.slice(0, 40)),
    );
    assert.deepEqual(cut, []);
    assert.deepEqual(problems, []);
    await page.close();
  });
