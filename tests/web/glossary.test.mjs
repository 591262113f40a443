// The glossary as data (web/course/glossary.js) and the prose links into it (web/course/prose.js): every
// [[…]] in the lessons' words and the exercises' `why` names a term, every "see also" exists, ids are unique
// and URL-safe, and prose() builds text nodes and links, never markup.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { GLOSSARY, glossaryTerm } from '../../web/course/glossary.js';
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
const { prose, proseText, termIds } = await import('../../web/course/prose.js');

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
