// The catalogs (web/i18n/catalogs/): every language holds English's ids with the same placeholders and
// glossary links, and says them in its own words; messages format as ICU says, numbers in the locale's
// notation; the learner's language is chosen as web/i18n/locales.js says.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compile, isDemoData, loadCatalogs as readCatalogs, placeholders, problems } from '../../scripts/messages.mjs';
import { chooseLocale, LOCALES, PSEUDO, pageLocaleFrom } from '../../web/i18n/locales.js';
import { decimalSign, formatMessage, formatNumber, formatInteger } from '../../web/i18n/format.js';
import { loadCatalogs, translator } from '../../web/i18n/messages.js';
import { gradeNumber } from '../../web/grading.js';

const catalogs = await readCatalogs();
const english = catalogs.get('en');

test('every catalog holds exactly English’s ids, placeholders and glossary links, and parses', () => {
  assert.deepEqual(problems(catalogs), []);
  for (const { code } of LOCALES) assert.ok(catalogs.has(code), `${code} has catalogs`);
});

test('the compiler refuses a translation that lacks an id, adds one, or reads other placeholders', () => {
  const broken = new Map([
    ['en', new Map([['x', { a: 'Pair {i} of {n}', b: 'See [[wavelength]]' }]])],
    ['es', new Map([['x', { a: 'Par {i} de {m}', c: 'extra' }]])],
  ]);
  const found = problems(broken);
  assert.ok(found.some((p) => p.includes('es/x lacks b')));
  assert.ok(found.some((p) => p.includes('es/x:c is not in English')));
  assert.ok(found.some((p) => p.includes('es/x:a reads {i,m}, English {i,n}')));
});

// A message that has words (two or more in a row) is translated: Spanish differs from English, Chinese
// has Chinese characters. What is only names, symbols and formulas (RoPE, "{button}: {exercise}") may be equal,
// and so may a source's title (source.…: a paper's title is its name).
const WORDS = /[A-Za-z]{3,}[ ,]+[A-Za-z]{3,}/;
const literal = (text) => text.replace(/\{[^{}]*\}/g, ' ').replace(/\[\[(?:([^\]|]+)\|)?[^\]|]+\]\]/g, '$1');
test('no Spanish or Chinese message is left in English', () => {
  const left = [];
  for (const [namespace, messages] of english)
    for (const [id, text] of Object.entries(messages)) {
      if (!WORDS.test(literal(text)) || id.startsWith('source.')) continue;
      const es = catalogs.get('es').get(namespace)?.[id];
      const zh = catalogs.get('zh-CN').get(namespace)?.[id];
      if (es === text) left.push(`es/${namespace}:${id}`);
      if (zh !== undefined && !/[\u4e00-\u9fff]/.test(zh)) left.push(`zh-CN/${namespace}:${id}`);
    }
  assert.deepEqual(left, []);
});

test('en-XA is every English message accented, bracketed and at least 40% longer', () => {
  const pseudo = compile(catalogs).get('en-XA');
  for (const [namespace, messages] of english)
    for (const [id, text] of Object.entries(messages)) {
      const args = Object.fromEntries(placeholders(text).map((p) => [p, 2]));
      const plain = formatMessage(
        compile(new Map([['en', new Map([['x', { m: text }]])]]))
          .get('en')
          .get('x').m,
        args,
        'en',
      );
      const out = formatMessage(pseudo.get(namespace)[id], args, 'en-XA');
      if (isDemoData(id)) {
        assert.equal(out.split(' ').length, plain.split(' ').length, `${namespace}:${id} keeps its tokens`);
        continue;
      }
      assert.match(out, /^⟦[^]*⟧$/, `${namespace}:${id}`);
      // Glossary ids inside [[…|id]] stay ASCII; no other letter of the literal text does.
      assert.doesNotMatch(out.replace(/\[\[[^\]]*\]\]/g, ''), /[A-Za-z]/, `${namespace}:${id}: ${out}`);
      assert.ok(out.length >= plain.length * 1.35, `${namespace}:${id} is longer`);
    }
});

test('ICU plurals follow each language’s rules, and a missing argument is an error naming it', () => {
  const [m] = [
    compile(new Map([['en', new Map([['x', { m: '{n, plural, =0 {none} one {# pair} other {# pairs}}' }]])]]))
      .get('en')
      .get('x').m,
  ];
  assert.equal(formatMessage(m, { n: 0 }, 'en'), 'none');
  assert.equal(formatMessage(m, { n: 1 }, 'en'), '1 pair');
  assert.equal(formatMessage(m, { n: 1000 }, 'en'), '1,000 pairs');
  assert.equal(formatMessage(m, { n: 1000 }, 'es'), '1000 pairs'); // Spanish groups from five digits
  assert.equal(formatMessage(m, { n: 10000 }, 'es'), '10.000 pairs');
  assert.equal(formatMessage(m, { n: 1 }, 'zh-CN'), '1 pairs'); // Chinese has no 'one'
  assert.throws(() => formatMessage(m, {}, 'en', 'x:m'), /x:m: the message needs \{n\}/);
});

test('numbers in prose take the locale’s decimal sign, and a Spanish "0,5" grades as 0.5', () => {
  assert.equal(formatNumber('en', 0.5, 3), '0.500');
  assert.equal(formatNumber('es', 0.5, 3), '0,500');
  assert.equal(formatNumber('zh-CN', 0.5, 3), '0.500');
  assert.equal(formatNumber('es', -1.5e-9, 3), '-1,50e-9');
  assert.equal(formatNumber('es', -Infinity), '−∞');
  assert.equal(formatInteger('es', 82685), '82.685');
  assert.equal(gradeNumber('0,5', 0.5, 0).correct, true);
  assert.equal(gradeNumber(formatNumber('es', 15.3136, 3), 15.3136, 0.001).correct, true);
});

test('each language’s number notation (locales.js) writes counts and decimals as Intl.NumberFormat does', () => {
  // Every length of count from 1 to 16 digits, each sign, the edges of each grouping, -0.
  const counts = [0, -0, 999, 1000, 9999, 10000, 99999, 100000, 1234567, Number.MAX_SAFE_INTEGER];
  for (let digits = 1; digits <= 16; digits++) counts.push(Number('9'.repeat(digits)), Number('1'.padEnd(digits, '0')));
  for (const { code } of [...LOCALES, PSEUDO]) {
    const intl = new Intl.NumberFormat(code === PSEUDO.code ? 'en' : code);
    for (const n of [...counts, ...counts.map((c) => -c)])
      assert.equal(formatInteger(code, n), intl.format(n), `${code}: ${n}`);
    assert.equal(decimalSign(code), intl.formatToParts(1.5).find((p) => p.type === 'decimal').value, code);
  }
  // A locale the course is not written in, and a number that is not a safe integer: the platform's notation.
  assert.equal(formatInteger('de', 12345), '12.345');
  assert.equal(formatInteger('en', 2 ** 60), new Intl.NumberFormat('en').format(2 ** 60));
});

test('the learner’s language: ?lang= first, then the kept choice, then the browser’s, then English', () => {
  assert.equal(chooseLocale({ asked: 'es', saved: 'zh-CN', languages: ['en'] }), 'es');
  assert.equal(chooseLocale({ asked: 'xx', saved: 'zh-CN', languages: ['es'] }), 'zh-CN');
  assert.equal(chooseLocale({ languages: ['fr-FR', 'es-MX', 'en'] }), 'es');
  assert.equal(chooseLocale({ languages: ['zh-TW'] }), 'zh-CN');
  assert.equal(chooseLocale({ languages: ['zh-cn'] }), 'zh-CN');
  assert.equal(chooseLocale({ languages: ['fr'] }), 'en');
  assert.equal(chooseLocale({ asked: 'en-XA' }), 'en-XA'); // the tests' pseudo-locale, asked for by name only
  // A page: ?lang= first, an empty one asking nothing (a package's language then holds), then the kept choice.
  assert.equal(pageLocaleFrom({ search: '?lang=zh', packaged: 'es' }), 'zh-CN');
  assert.equal(pageLocaleFrom({ search: '?lang=', packaged: 'es', languages: ['en'] }), 'es');
  assert.equal(pageLocaleFrom({ search: '?x=1', saved: 'en-US', languages: ['es-ES'] }), 'es'); // kept: exact codes only
  assert.equal(chooseLocale({ saved: 'en-XA', languages: ['es'] }), 'es');
  assert.equal(chooseLocale({ asked: '__proto__' }), 'en');
  // A course site's <html lang> or link names a region or script: its language's catalog.
  assert.equal(chooseLocale({ asked: 'es-ES', languages: ['en'] }), 'es');
  assert.equal(chooseLocale({ asked: 'zh-Hans', languages: ['en'] }), 'zh-CN');
  assert.equal(chooseLocale({ asked: 'zh', languages: ['en'] }), 'zh-CN');
  assert.equal(chooseLocale({ asked: 'fr-FR', saved: 'es' }), 'es'); // a language not written: as if not asked
});

test('a translator says its namespace’s message, common’s otherwise, and refuses an unknown id', async () => {
  await loadCatalogs('es', ['common', 'clock-hands']);
  const t = translator('es', 'clock-hands');
  assert.equal(t('button.check'), catalogs.get('es').get('common')['button.check']);
  assert.equal(t('title'), catalogs.get('es').get('clock-hands').title);
  assert.throws(() => t('no.such.id'), /es\/common has no message no\.such\.id/);
  assert.equal(t.locale, 'es');
  await assert.rejects(loadCatalogs('fr', ['common']), /no catalog is written in "fr"/);
});

test('every question is shown in the same option order, letters and opaque values in every language', async () => {
  const { LOADERS, loadExercises } = await import('../../web/exercises/loaders.js');
  const { shuffled, opaqueValues } = await import('../../web/order.js');
  const ids = [...LOADERS.keys()];
  const byLocale = {};
  for (const locale of ['en', 'es', 'zh-CN', 'en-XA']) byLocale[locale] = await loadExercises(ids, locale);
  for (const [i, english] of byLocale.en.entries())
    for (const [q, question] of (english.questions ?? []).entries())
      for (const seed of [1, 77, 4242424]) {
        const order = (e) => {
          const asked = e.questions[q];
          const key = asked.order ?? asked.prompt; // as widgets/question.js keys it
          return [shuffled(asked.options, seed, key).map((o) => o.id), opaqueValues(['a', 'b'], seed, key)];
        };
        for (const locale of ['es', 'zh-CN', 'en-XA']) {
          const local = byLocale[locale][i];
          assert.notEqual(local.questions[q].prompt, question.prompt, `${english.id}: ${locale} has its own words`);
          assert.deepEqual(order(local), order(english), `${english.id} q${q} seed ${seed} in ${locale}`);
        }
      }
});
