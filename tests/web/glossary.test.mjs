// The glossary as data (web/course/glossary.js) and the prose links into it (web/course/prose.js): every
// [[…]] in the lessons' words and the exercises' `why` names a term, every "see also" exists, ids are unique
// and URL-safe, and prose() builds text nodes and links, never markup. Its words are the `glossary` catalogs
// (web/i18n/catalogs/<locale>/glossary.json, compiled by scripts/messages.mjs): every term is in each language,
// translated, and a page in Spanish or Chinese lists, orders and links the terms in its own language.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { GLOSSARY, glossaryHref, glossaryTerm, localGlossary, termName } from '../../web/course/glossary.js';
import { LOCALES } from '../../web/i18n/locales.js';
import { loadCatalogs, translator } from '../../web/i18n/messages.js';
import { LESSONS } from '../../web/course/outline.js';
import { exercises } from '../../web/exercises/index.js';

// The ids the brief promised the lesson writers (web/course/*.js and the exercises may use only these and
// the glossary's other terms).
const PROMISED = [
  'attention',
  'causal-mask',
  'softmax',
  'permutation-invariance',
  'positional-encoding',
  'sinusoidal-encoding',
  'dimension-pair',
  'angular-frequency',
  'wavelength',
  'd-model',
  'offset',
  'learned-embedding',
  'extrapolation',
  'relative-position',
  'rope',
  'alibi',
  'nope',
  'buffer',
  'parameter',
  'float32',
  'token-embedding',
  'cls-token',
];

// A DOM just large enough for widgets/dom.js's h() (fake-dom.mjs), installed before the page's modules load.
await import('./fake-dom.mjs');
const { prose, proseText, termIds, NEW_TAB_EN } = await import('../../web/course/prose.js');

// The catalogs as written (JSON), and translators for each language with common and glossary loaded.
const catalog = async (locale, namespace) =>
  JSON.parse(await readFile(new URL(`../../web/i18n/catalogs/${locale}/${namespace}.json`, import.meta.url), 'utf8'));
const written = Object.fromEntries(
  await Promise.all(LOCALES.map(async ({ code }) => [code, await catalog(code, 'glossary')])),
);
const t = {};
for (const code of [...LOCALES.map((l) => l.code), 'en-XA']) {
  await loadCatalogs(code, ['common', 'glossary', 'glossary-terms']);
  t[code] = translator(code);
}

// Every string inside a value (objects, arrays), with the path it was found at.
function strings(value, path, out = []) {
  if (typeof value === 'string') out.push([path, value]);
  else if (Array.isArray(value)) value.forEach((v, i) => strings(v, `${path}[${i}]`, out));
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) strings(v, `${path}.${k}`, out);
  return out;
}

const lessonTexts = await Promise.all(
  LESSONS.map(async (l) => [l.id, (await import(`../../web/course/${l.id}.js`)).default]),
);
// The prose the lesson page renders through prose(): the lessons' words, each exercise's why and sources.
const proseStrings = [
  ...lessonTexts.flatMap(([id, words]) => strings(words, `course/${id}`)),
  ...exercises.flatMap((e) => strings({ why: e.why, sources: e.sources }, `exercises/${e.id}`)),
];

test('ids are unique and URL-safe, and terms are in alphabetical order', () => {
  const ids = GLOSSARY.map((t) => t.id);
  assert.equal(new Set(ids).size, ids.length, 'a repeated id');
  for (const id of ids) assert.match(id, /^[a-z0-9]+(-[a-z0-9]+)*$/, id);
  const terms = GLOSSARY.map((t) => t.term);
  const sorted = [...terms].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }));
  assert.deepEqual(terms, sorted);
});

test('every promised id is a term, and every entry is complete', () => {
  for (const id of PROMISED) assert.doesNotThrow(() => glossaryTerm(id), id);
  for (const t of GLOSSARY) {
    assert.ok(t.term && typeof t.term === 'string', t.id);
    // Two or three sentences: count the full stops that end one (not those inside numbers or names).
    const sentences = t.definition.split(/(?<=[.?!])\s+(?=[A-Zα-ωΑ-Ωa-z(])/).length;
    assert.ok(sentences >= 2 && sentences <= 3, `${t.id}: ${sentences} sentences`);
    assert.doesNotMatch(t.definition, /\[\[/, `${t.id}: a definition is plain text`);
    if (t.source) {
      assert.equal(t.source.length, 2, t.id);
      assert.match(t.source[1], /^https:\/\//, t.id);
    }
  }
});

test('every "see also" names another term that exists', () => {
  for (const t of GLOSSARY)
    for (const id of t.see ?? []) {
      assert.notEqual(id, t.id, `${t.id} sees itself`);
      assert.doesNotThrow(() => glossaryTerm(id), `${t.id} sees "${id}"`);
    }
});

test('every [[…]] in the lessons’ words and the exercises’ why names a glossary term', () => {
  for (const [path, text] of proseStrings) {
    for (const id of termIds(text)) assert.doesNotThrow(() => glossaryTerm(id), `${path}: [[${id}]]`);
    // A bracket pair the link syntax did not take is a typo ([[id], [[a|b|c]]…), not prose.
    assert.doesNotMatch(proseText(text), /\[\[|\]\]/, path);
  }
});

// What a screen reader hears after each link's text: it opens the glossary in a new tab, keeping the lesson.
const NEW_TAB = ' (glossary, new tab)';

test('prose.js’s English link suffix is the English catalog’s (common glossary.newTab)', async () => {
  assert.equal(NEW_TAB_EN, NEW_TAB);
  assert.equal((await catalog('en', 'common'))['glossary.newTab'], NEW_TAB);
});

test('prose() links [[text|id]] and [[id]], keeps the rest as text, and throws on an unknown id', () => {
  const nodes = prose('The [[softmax]] of [[scores|attention]], then [[RoPE|rope]].');
  assert.deepEqual(
    nodes.map((n) => (n.nodeType === 3 ? n.data : [n.getAttribute('href'), n.getAttribute('target'), n.textContent])),
    [
      'The ',
      ['glossary.html#softmax', '_blank', `softmax${NEW_TAB}`],
      ' of ',
      ['glossary.html#attention', '_blank', `scores${NEW_TAB}`],
      ', then ',
      ['glossary.html#rope', '_blank', `RoPE${NEW_TAB}`],
      '.',
    ],
  );
  assert.equal(proseText('The [[softmax]] of [[scores|attention]].'), 'The softmax of scores.');
  assert.deepEqual(termIds('[[a|rope]] and [[nope]] and [[rope]]'), ['rope', 'nope', 'rope']);
  assert.deepEqual(
    prose('no links here').map((n) => n.data),
    ['no links here'],
  );
  assert.throws(() => prose('a [[no-such-term]]'), /no-such-term/);
  assert.throws(() => prose('a [[text|no-such-term]]'), /no-such-term/);
  assert.throws(() => proseText('a [[no-such-term]]'), /no-such-term/);
});

test('prose() escapes: a "<" in the text or in a link’s text stays a character', () => {
  const nodes = prose('if a < b: [[<b>bold</b>|softmax]] <img src=x onerror=alert(1)>');
  assert.equal(nodes.length, 3);
  assert.equal(nodes[0].nodeType, 3);
  assert.equal(nodes[0].data, 'if a < b: ');
  const link = nodes[1];
  assert.equal(link.tagName, 'A');
  assert.deepEqual(
    link.childNodes.map((n) => [n.nodeType, n.nodeType === 3 ? n.data : n.textContent]),
    [
      [3, '<b>bold</b>'],
      [1, NEW_TAB],
    ],
  );
  assert.equal(nodes[2].nodeType, 3);
  assert.equal(nodes[2].data, ' <img src=x onerror=alert(1)>');
});

test('every term, definition and source title is in each language’s glossary catalog, and translated', () => {
  const en = written.en;
  const ids = [
    ...GLOSSARY.flatMap((e) => [`${e.id}.term`, `${e.id}.definition`]),
    ...new Set(GLOSSARY.filter((e) => e.sourceId).map((e) => `source.${e.sourceId}`)),
  ];
  // English's messages are the glossary's words exactly, and nothing else but the page's own (page.*).
  for (const e of GLOSSARY) {
    assert.equal(en[`${e.id}.term`], e.term, e.id);
    assert.equal(en[`${e.id}.definition`], e.definition, e.id);
    if (e.source) assert.equal(en[`source.${e.sourceId}`], e.source[0], e.id);
  }
  const extra = Object.keys(en).filter((id) => !ids.includes(id) && !id.startsWith('page.'));
  assert.deepEqual(extra, [], 'messages no entry uses');
  for (const { code } of LOCALES) {
    const messages = written[code];
    for (const id of ids) assert.ok(typeof messages[id] === 'string' && messages[id].trim(), `${code}: ${id}`);
    for (const e of GLOSSARY) {
      const definition = messages[`${e.id}.definition`];
      if (code !== 'en') assert.notEqual(definition, e.definition, `${code}: ${e.id}.definition is English`);
      // Plain text: no link, no ICU syntax (a formula's braces would be a placeholder).
      assert.doesNotMatch(definition, /\[\[|[{}]/, `${code}: ${e.id}`);
      // As many sentences as English's (two or three).
      const sentences =
        code === 'zh-CN'
          ? definition.split(/(?<=[。？！])/).filter(Boolean).length
          : definition.split(/(?<=[.?!])\s+(?=[A-ZÁÉÍÓÚÑα-ωΑ-Ωa-z(¿¡])/).length;
      assert.ok(sentences >= 2 && sentences <= 3, `${code}: ${e.id}: ${sentences} sentences`);
    }
  }
  // Spanish writes a decimal comma: no number in its glossary has a decimal point.
  for (const [id, text] of Object.entries(written.es)) assert.doesNotMatch(text, /\d\.\d/, `es: ${id}`);
  // Formulas, symbols and method names stay as they are in every language.
  for (const { code } of LOCALES)
    for (const [id, symbol] of [
      ['attention.definition', 'softmax(QKᵀ/√dₖ)·V'],
      ['angular-frequency.definition', 'ωₖ = base^(−2k/d)'],
      ['sinusoidal-encoding.definition', 'PE(p, 2k + 1) = cos(p·ωₖ)'],
      ['buffer.definition', 'register_buffer'],
      ['rope.term', 'RoPE'],
      ['alibi.term', 'ALiBi'],
    ])
      assert.ok(written[code][id].includes(symbol), `${code}: ${id} keeps ${symbol}`);
});

test('prose(text, t) names a [[term-id]] in t’s language, links the glossary in it, and says so in it', () => {
  const text = 'x [[softmax]], [[scores|attention]] and [[positional-encoding]].';
  const links = (locale) =>
    prose(text, t[locale])
      .filter((n) => n.nodeType === 1)
      .map((n) => [n.getAttribute('href'), n.childNodes[0].data, n.childNodes[1].textContent]);
  assert.deepEqual(links('en'), [
    ['glossary.html#softmax', 'softmax', NEW_TAB],
    ['glossary.html#attention', 'scores', NEW_TAB],
    ['glossary.html#positional-encoding', 'positional encoding', NEW_TAB],
  ]);
  assert.deepEqual(links('es'), [
    ['glossary.html?lang=es#softmax', 'softmax', ' (glosario, pestaña nueva)'],
    ['glossary.html?lang=es#attention', 'scores', ' (glosario, pestaña nueva)'],
    ['glossary.html?lang=es#positional-encoding', 'codificación posicional', ' (glosario, pestaña nueva)'],
  ]);
  assert.deepEqual(links('zh-CN'), [
    ['glossary.html?lang=zh-CN#softmax', 'softmax', '（术语表，新标签页）'],
    ['glossary.html?lang=zh-CN#attention', 'scores', '（术语表，新标签页）'],
    ['glossary.html?lang=zh-CN#positional-encoding', '位置编码', '（术语表，新标签页）'],
  ]);
  assert.equal(proseText('the [[wavelength]]', t.es), 'the longitud de onda');
  assert.equal(proseText('the [[wavelength]]', t['zh-CN']), 'the 波长');
  assert.equal(proseText('the [[wavelength]]', t.en), 'the wavelength');
  // Any namespace's translator will do (an exercise's, the course's): the glossary is read through t.in.
  assert.equal(termName('causal-mask', t.es.in('common')), 'máscara causal');
  assert.equal(termName('causal-mask'), 'causal mask');
  assert.throws(() => prose('a [[no-such-term]]', t.es), /no-such-term/);
  assert.throws(() => proseText('a [[text|no-such-term]]', t['zh-CN']), /no-such-term/);
  assert.equal(glossaryHref('rope'), 'glossary.html#rope');
  assert.equal(glossaryHref('rope', 'en'), 'glossary.html#rope');
  assert.equal(glossaryHref('rope', 'zh-CN'), 'glossary.html?lang=zh-CN#rope');
});

// The A–Z line as the page shows it: a letter and the id of its first entry (null: none).
const line = (letters) => letters.map(({ letter, id }) => (id ? `${letter}:${id}` : letter)).join(' ');

test('the glossary page in English (and en-XA) lists the data in its order, under the English terms’ letters', () => {
  for (const g of [localGlossary(), localGlossary(t.en), localGlossary(t['en-XA'])]) {
    assert.deepEqual(
      g.entries.map((e) => e.id),
      GLOSSARY.map((e) => e.id),
    );
    assert.equal(g.byEnglish, false);
    const first = new Map();
    for (const e of GLOSSARY) if (!first.has(e.term[0].toUpperCase())) first.set(e.term[0].toUpperCase(), e.id);
    assert.deepEqual(
      g.letters.map((l) => l.letter),
      [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'],
    );
    assert.deepEqual(
      g.letters.filter((l) => l.id).map((l) => [l.letter, l.id]),
      [...first],
    );
  }
});

test('in Spanish the terms are in Spanish order, an accented initial under its letter, Ñ its own', () => {
  const { entries, letters, byEnglish } = localGlossary(t.es);
  assert.equal(byEnglish, false);
  const terms = entries.map((e) => e.term);
  assert.deepEqual(terms, [...terms].sort(new Intl.Collator('es').compare));
  assert.deepEqual(entries.map((e) => e.id).sort(), GLOSSARY.map((e) => e.id).sort());
  assert.equal(entries.find((e) => e.id === 'wavelength').term, 'longitud de onda');
  assert.equal(entries.find((e) => e.id === 'attention').source[0], written.es['source.vaswani-2017']);
  assert.deepEqual(entries.find((e) => e.id === 'attention').see, glossaryTerm('attention').see);
  // Every entry files under the letter it starts with; the line has Ñ after N.
  for (const e of entries) assert.equal(e.letter, e.term[0].toUpperCase().normalize('NFD')[0], e.term);
  assert.deepEqual(
    letters.map((l) => l.letter),
    [...'ABCDEFGHIJKLMN', 'Ñ', ...'OPQRSTUVWXYZ'],
  );
  assert.match(line(letters), /^A:mean-pooling B:base C:positional-encoding D:d-model /);
  // Accents, with stand-in terms (the catalog has no accented initial today): Á and É file under A and E,
  // Ñ under Ñ, and each sorts where a Spanish dictionary puts it.
  const stand = { 'alibi.term': 'Ángulo', 'base.term': 'ñandú', 'buffer.term': 'nube', 'attention.term': 'Época' };
  const fake = {
    locale: 'es',
    in: () => (id) => stand[id] ?? t.es.in('glossary')(id),
  };
  const accented = localGlossary(fake);
  const at = (id) => accented.entries.find((e) => e.id === id);
  assert.equal(at('alibi').letter, 'A');
  assert.equal(at('attention').letter, 'E');
  assert.equal(at('base').letter, 'Ñ');
  assert.equal(at('buffer').letter, 'N');
  const order = accented.entries.map((e) => e.id);
  assert.ok(order.indexOf('mean-pooling') < order.indexOf('alibi'), 'agrupación before Ángulo');
  assert.ok(order.indexOf('alibi') < order.indexOf('positional-encoding'), 'Ángulo before codificación (Á is A)');
  assert.ok(order.indexOf('nope') < order.indexOf('base'), 'NoPE before ñandú');
  assert.ok(order.indexOf('buffer') < order.indexOf('base'), 'nube before ñandú');
  assert.ok(order.indexOf('base') < order.indexOf('parameter'), 'ñandú before parámetro');
  assert.equal(accented.letters.find((l) => l.letter === 'Ñ').id, 'base');
});

test('in Chinese the entries keep the English order and letters, each showing its English name', () => {
  const { entries, letters, byEnglish } = localGlossary(t['zh-CN']);
  assert.equal(byEnglish, true);
  assert.deepEqual(
    entries.map((e) => e.id),
    GLOSSARY.map((e) => e.id),
  );
  assert.deepEqual(line(letters), line(localGlossary(t.en).letters));
  assert.equal(entries.find((e) => e.id === 'positional-encoding').term, '位置编码');
  assert.equal(entries.find((e) => e.id === 'positional-encoding').english, 'positional encoding');
  assert.equal(entries.find((e) => e.id === 'token-embedding').term, '词元嵌入');
  assert.equal(t['zh-CN'].in('glossary')('page.original', { term: 'x' }), '（x）');
});
