// The course's own words as catalogs (web/i18n/catalogs/<locale>/course.json): every id a lesson, the outline
// or a card names is written in every language, English as the lessons have always read, the others
// translated (not left in English), glossary links naming real terms; and the lesson chrome, the cards and
// the home's sentences laid out in a learner's language (web/course/page.js, web/cards/, web/course/localize.js).
// Reads the compiled catalogs (node scripts/messages.mjs, which the build runs first).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { LESSONS } from '../../web/course/outline.js';
import { glossaryTerm } from '../../web/course/glossary.js';
import { loadCatalogs, translator } from '../../web/i18n/messages.js';

await import('./fake-dom.mjs');
const { lessonById, lessonIntro, lessonEnd } = await import('../../web/course/page.js');
const { card } = await import('../../web/cards/card.js');
const formulaCard = (await import('../../web/cards/formula.js')).default;
const whereCard = (await import('../../web/cards/where-it-enters.js')).default;
const { richMessage, withLocale } = await import('../../web/course/localize.js');

const LOCALES = ['en', 'es', 'zh-CN'];
const read = (locale, namespace) =>
  JSON.parse(readFileSync(new URL(`../../web/i18n/catalogs/${locale}/${namespace}.json`, import.meta.url), 'utf8'));
const CATALOG = Object.fromEntries(LOCALES.map((l) => [l, { course: read(l, 'course'), common: read(l, 'common') }]));
// A lesson's or a card's id is the course catalog's, or common's (a source every page cites alike).
const textOf = (locale, id) => CATALOG[locale].course[id] ?? CATALOG[locale].common[id];

// Messages a translation may leave as English writes them (a separator, a name or identifier alone).
const SAME_IN = { es: new Set(['card.sourcesSeparator']), 'zh-CN': new Set() };
const HAN = /\p{Script=Han}/u;

const lessonIds = (lesson) => {
  const { goals, assumes, takeaways, next, sources } = lessonById(lesson.id).text;
  return [lesson.titleId, ...goals, assumes, ...takeaways, next, ...sources.map(([id]) => id)];
};
const cardIds = (c) =>
  [
    c.title,
    c.intro,
    c.note,
    c.figure?.caption,
    ...(c.symbols ?? []).map(([, id]) => id),
    ...(c.sources ?? []).map(([id]) => id),
  ].filter(Boolean);

test('every lesson’s goals, takeaways and other words are in all three languages, translated', () => {
  for (const lesson of LESSONS) {
    const { goals, takeaways } = lessonById(lesson.id).text;
    assert.ok(goals.length >= 3 && takeaways.length >= 3, lesson.id);
    for (const id of lessonIds(lesson)) {
      const english = textOf('en', id);
      assert.equal(typeof english, 'string', `en: ${id}`);
      for (const locale of ['es', 'zh-CN']) {
        const text = textOf(locale, id);
        assert.equal(typeof text, 'string', `${locale}: ${id}`);
        assert.notEqual(text, english, `${locale}: ${id} is left in English`);
        if (locale === 'zh-CN') assert.match(text, HAN, `zh-CN: ${id} has no Chinese`);
      }
    }
  }
});

test('the outline’s English titles are the catalog’s, and the cards’ words are all there', () => {
  for (const lesson of LESSONS) assert.equal(CATALOG.en.course[lesson.titleId], lesson.title, lesson.id);
  for (const c of [formulaCard, whereCard])
    for (const id of cardIds(c))
      for (const locale of LOCALES) assert.equal(typeof textOf(locale, id), 'string', `${locale}: ${id}`);
});

test('no course message of es or zh-CN is left in English, and every glossary link names a term', () => {
  const english = CATALOG.en.course;
  for (const locale of ['es', 'zh-CN']) {
    const messages = CATALOG[locale].course;
    assert.deepEqual(Object.keys(messages).sort(), Object.keys(english).sort(), locale);
    for (const [id, text] of Object.entries(messages)) {
      if (SAME_IN[locale].has(id)) continue;
      assert.notEqual(text, english[id], `${locale}: ${id} is left in English`);
      if (locale === 'zh-CN' && /\p{L}/u.test(text)) assert.match(text, HAN, `zh-CN: ${id} has no Chinese`);
    }
  }
  for (const locale of LOCALES)
    for (const [id, text] of Object.entries(CATALOG[locale].course)) {
      for (const m of text.matchAll(/\[\[(?:[^\]|]+\|)?([^\]|]+)\]\]/g))
        assert.doesNotThrow(() => glossaryTerm(m[1].trim()), `${locale}: ${id} links [[${m[1]}]]`);
      // Only ICU's braces: none around a word of prose (a formula or code is a placeholder or plain text).
      assert.doesNotMatch(
        text.replace(/\{[a-zA-Z]+(, (plural|number)[^{}]*(\{[^{}]*\}[^{}]*)*)?\}/g, ''),
        /[{}]/,
        `${locale}: ${id}`,
      );
    }
});

await loadCatalogs('en', ['common', 'course', 'glossary', 'glossary-terms']);
await loadCatalogs('es', ['common', 'course', 'glossary', 'glossary-terms']);
await loadCatalogs('zh-CN', ['common', 'course', 'glossary', 'glossary-terms']);
const text = (node) => node.textContent;

test('the lesson’s opening and end read as they always have in English, by default', () => {
  const lesson = lessonById('sinusoid');
  const intro = lessonIntro(lesson);
  assert.equal(text(intro.childNodes[0]), 'In this lesson');
  assert.equal(text(intro.childNodes[1]), 'About 30 minutes. After it you can:');
  assert.match(text(intro.childNodes[2].childNodes[0]), /^explain why attention\b/);
  assert.match(text(intro.childNodes[3]), /^It assumes: Scaled dot-product attention/);
  const end = lessonEnd(lesson);
  assert.equal(text(end.childNodes[0]), 'Key takeaways');
  const onward = end.childNodes[3].childNodes.at(-1);
  assert.equal(text(onward), 'Lesson 2: In practice');
  assert.equal(onward.getAttribute('href'), 'lesson-2.html');
  const last = lessonEnd(lessonById('beyond-absolute'));
  assert.equal(last.childNodes[3].childNodes.at(-1).getAttribute('href'), 'index.html');
  assert.equal(text(last.childNodes[3].childNodes.at(-1)), 'Back to the course');
  assert.equal(lessonEnd(lesson, { linked: false }).childNodes[3].childNodes.at(-1).data, 'Lesson 2: In practice');
});

test('in Spanish and Chinese the lesson’s words, plurals and links are the language’s own, and keep it', () => {
  const lesson = lessonById('sinusoid');
  const es = translator('es'); // any namespace: the functions read the course catalog
  const intro = lessonIntro(lesson, es);
  assert.equal(text(intro.childNodes[0]), 'En esta lección');
  assert.equal(text(intro.childNodes[1]), 'Unos 30 minutos. Al terminarla podrás:');
  assert.equal(
    text(lessonIntro({ ...lesson, minutes: 1 }, es).childNodes[1]),
    'Aproximadamente 1 minuto. Al terminarla podrás:',
  );
  const end = lessonEnd(lesson, { t: es });
  const onward = end.childNodes[3].childNodes.at(-1);
  assert.equal(text(onward), 'Lección 2: En la práctica');
  assert.equal(onward.getAttribute('href'), 'lesson-2.html?lang=es');
  const zh = translator('zh-CN', 'course');
  assert.equal(text(lessonIntro(lesson, zh).childNodes[1]), '约 30 分钟。学完本课，你将能够：');
  const last = lessonEnd(lessonById('beyond-absolute'), { t: zh }).childNodes[3].childNodes.at(-1);
  assert.equal(last.getAttribute('href'), 'index.html?lang=zh-CN');
  assert.equal(text(last), '返回课程首页');
});

test('the home’s sentences count with the language’s plurals', () => {
  const en = translator('en', 'course');
  const es = translator('es', 'course');
  assert.equal(en('home.lessonMeta', { minutes: 30, exercises: 10 }), 'About 30 minutes · 10 exercises');
  assert.equal(en('home.lessonMeta', { minutes: 1, exercises: 1 }), 'About 1 minute · 1 exercise');
  assert.equal(es('home.lessonMeta', { minutes: 30, exercises: 1 }), 'Unos 30 minutos · 1 ejercicio');
  assert.equal(
    en('home.inProgress', { answered: 1, total: 10, correct: 0, graded: 8 }),
    '1 of 10 answered, 0 of 8 right at the first attempt.',
  );
  assert.equal(
    es('home.finished', { correct: 1, graded: 1 }),
    'Terminada: 1 de 1 ejercicio correcto al primer intento.',
  );
  assert.equal(en('numberedTitle', { number: 3, title: en('beyond-absolute.title') }), 'Lesson 3: Beyond absolute');
});

test('a card is written in the translator’s language, its formulas and symbols as they are', () => {
  // (No formula: the fake DOM has no innerHTML, which the MathML is set through; tests/web/mathml.test.mjs.)
  const formulaWords = { ...formulaCard, formulas: [] };
  const english = card(formulaWords);
  assert.equal(text(english.childNodes[0]), 'The formula');
  const es = card(formulaWords, translator('es'));
  assert.equal(text(es.childNodes[0]), 'La fórmula');
  const symbols = es.childNodes.find((n) => n.tagName === 'DL');
  assert.deepEqual(symbols.childNodes.filter((n) => n.tagName === 'DT').map(text), ['p', 'd', 'k', 'ωₖ', 'base']);
  const sources = es.childNodes.at(-1);
  assert.equal(sources.childNodes[0].data, 'Fuentes: ');
  const figure = card(whereCard, translator('zh-CN', 'course')).childNodes.find((n) => n.tagName === 'FIGURE');
  const svgText = figure.childNodes[0].textContent;
  assert.match(svgText, /位置编码/);
  assert.match(svgText, /x = e\(cat\) \+ PE\(p\)/);
});

test('a rich message puts its elements where the translation places them', () => {
  const zh = translator('zh-CN', 'course');
  const cite = document.createElement('cite');
  cite.textContent = 'Attention Is All You Need';
  const k = document.createElement('var');
  k.textContent = 'k';
  const omega = document.createElement('span');
  const nodes = richMessage(zh, 'sinusoid.explorer.intro', { paper: cite, k, omega });
  assert.equal(nodes.filter((n) => n === cite || n === k || n === omega).length, 3);
  assert.ok(nodes.indexOf(cite) < nodes.indexOf(k) && nodes.indexOf(k) < nodes.indexOf(omega));
  assert.match(
    nodes.map((n) => n.textContent).join(''),
    /^先来看一眼本课要构建的东西：论文《Attention Is All You Need》/,
  );
  assert.equal(withLocale('lesson-1.html', zh), 'lesson-1.html?lang=zh-CN');
  assert.equal(withLocale('lesson-3.html#rope-title', translator('es')), 'lesson-3.html?lang=es#rope-title');
  assert.equal(withLocale('index.html', translator('en')), 'index.html');
});
