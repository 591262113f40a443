// What a plot or a heatmap says of itself to a reader who cannot see it (web/widgets/describe.js), and the
// CSV file of its numbers (web/widgets/csv.js): each sentence's numbers are the data's own extremes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeSeries, describeMatrix } from '../../web/widgets/describe.js';
import { csvOf, csvName } from '../../web/widgets/csv.js';
import { tableNumber } from '../../web/widgets/tables.js';

test('a line plot names each series’ first, last, lowest and highest value and where each is', () => {
  const x = [0, 10, 20, 30];
  const text = describeSeries('step', x, [
    { name: 'loss', values: [0.7, 0.2, 0.25, 0.1] },
    { name: 'accuracy', values: [0.5, 0.9, 0.95, 0.9] },
  ]);
  assert.equal(
    text,
    'step from 0 to 30. ' +
      'loss: 0.700 at 0, 0.100 at 30; lowest 0.100 at 30, highest 0.700 at 0. ' +
      'accuracy: 0.500 at 0, 0.900 at 30; lowest 0.500 at 0, highest 0.950 at 20.',
  );
});

test('values that are not finite are skipped and counted; an empty plot says so', () => {
  const text = describeSeries('x', [1, 2, 3], [{ name: 's', values: [NaN, 2, -Infinity] }]);
  assert.equal(text, 'x from 1 to 3. s: 2.000 at 2; 2 values not finite.'); // one value left: said once
  assert.equal(describeSeries('x', [1], [{ name: 's', values: [NaN] }]), 'x 1. s: no finite value.');
  // One point (a curve after its first training chunk): its value once, not as first, last, lowest and highest.
  assert.equal(describeSeries('step', [20], [{ name: 'loss', values: [0.69] }]), 'step 20. loss: 0.690 at 20.');
  assert.equal(describeSeries('x', [], []), 'No data yet.');
});

test('a matrix names its size and the cells of its smallest and largest values, rows counted from firstRow', () => {
  const data = Float32Array.from([0.5, -0.25, 0.75, 0.1, 0.9, -0.8]); // 2 × 3
  assert.equal(
    describeMatrix('query', 'key', 2, 3, data),
    '2 × 3 (query by key): smallest -0.800 at query 1, key 2, largest 0.900 at query 1, key 1.',
  );
  assert.match(describeMatrix('position', 'dimension', 2, 3, data, 40), /at position 41, dimension 2/);
  // Only the shown rows × columns corner counts (a map reuses a larger buffer).
  assert.match(describeMatrix('r', 'c', 1, 2, data), /smallest -0\.250 at r 0, c 1, largest 0\.500 at r 0, c 0/);
  assert.match(describeMatrix('r', 'c', 1, 2, [NaN, -Infinity]), /no finite value/);
});

test('CSV fields are quoted only when they must be, quotes doubled, lines ended by CRLF, numbers whole', () => {
  assert.equal(
    csvOf(['x', 'a, b', 'say "hi"'], [[1, 0.1 + 0.2, -0]]),
    'x,"a, b","say ""hi"""\r\n1,0.30000000000000004,0\r\n',
  );
  assert.equal(csvOf(['position \\ dimension', 0], [Float32Array.of(0.5)]), 'position \\ dimension,0\r\n0.5\r\n');
  assert.equal(csvOf(['line\nbreak'], []), '"line\nbreak"\r\n');
});

test('a CSV file is named from the plot’s label, in lower case, dashes for the rest, 60 characters at most', () => {
  assert.equal(
    csvName('Max absolute error against float64 by position'),
    'max-absolute-error-against-float64-by-position.csv',
  );
  assert.equal(csvName('q·k (the score)'), 'q-k-the-score.csv');
  assert.equal(csvName('···'), 'data.csv');
  assert.ok(csvName('x'.repeat(100)).length <= 64);
  assert.equal(csvName(`${'ab '.repeat(20)}cd`), `${'ab-'.repeat(19)}ab.csv`); // cut at 60, no dash left at the end
});

test('a data table writes a log-scale plot’s numbers in exponential notation throughout, others in decimals', () => {
  // precision's errors: decimals would write 0.000008 beside 0.001960
  assert.deepEqual(
    [0, 8.07e-6, 0.00196].map((v) => tableNumber(v, true)),
    ['0.000000', '8.070e-6', '1.960e-3'],
  );
  assert.deepEqual(
    [-1, 0.5].map((v) => tableNumber(v)),
    ['-1.000000', '0.500000'],
  );
  assert.equal(tableNumber(NaN, true), 'NaN');
});

// ---- in the learner's language: the widgets' words from the `widgets` catalog, numbers in the locale's notation

const { loadCatalogs, translator } = await import('../../web/i18n/messages.js');
await loadCatalogs('es', ['common', 'widgets']);
await loadCatalogs('zh-CN', ['common', 'widgets']);
const es = translator('es', 'widgets');
const zh = translator('zh-CN', 'widgets');

test('a plot’s sentence in Spanish and Chinese: the catalog’s words, the locale’s decimal sign', () => {
  const x = [0, 0.5, 1];
  const series = [{ name: 'pérdida', values: [0.7, 0.2, 0.25] }];
  assert.equal(
    describeSeries('paso', x, series, es),
    'paso de 0 a 1. pérdida: 0,700 en 0, 0,250 en 1; mínimo 0,200 en 0,5, máximo 0,700 en 0.',
  );
  // Any namespace's translator will do: the widget reads its own words.
  assert.equal(describeSeries('x', [], [], translator('es', 'common')), 'Aún no hay datos.');
  assert.equal(
    describeSeries('x', [1, 2, 3], [{ name: 's', values: [NaN, 2, -Infinity] }], es),
    'x de 1 a 3. s: 2,000 en 2; 2 valores no finitos.',
  );
  assert.equal(
    describeSeries('x', [1, 2], [{ name: 's', values: [NaN, 2] }], es),
    'x de 1 a 2. s: 2,000 en 2; 1 valor no finito.',
  );
  // Chinese sentences follow one another with no space between them.
  assert.equal(
    describeSeries('步数', [20], [{ name: '损失', values: [0.69] }], zh),
    '步数：20。损失：在 20 处为 0.690。',
  );
  const data = Float32Array.from([0.5, -0.25, 0.75, 0.1, 0.9, -0.8]);
  assert.equal(
    describeMatrix('consulta', 'clave', 2, 3, data, 0, es),
    '2 × 3 (consulta por clave): mínimo -0,800 en consulta 1, clave 2; máximo 0,900 en consulta 1, clave 1.',
  );
  assert.match(describeMatrix('位置', '维度', 1, 2, [NaN, -Infinity], 0, zh), /没有有限值。$/);
});

test('a data table writes the locale’s notation; a CSV file keeps JavaScript’s, and an ASCII name', () => {
  assert.deepEqual(
    [0, 8.07e-6, 0.00196].map((v) => tableNumber(v, true, es)),
    ['0,000000', '8,070e-6', '1,960e-3'],
  );
  assert.equal(tableNumber(-1, false, es), '-1,000000');
  assert.equal(tableNumber(0.5, false, zh), '0.500000');
  assert.equal(csvOf(['posición', 'valor'], [[0, 0.5]]), 'posición,valor\r\n0,0.5\r\n'); // data, not prose
  assert.equal(csvName('Pesos de atención por posición'), 'pesos-de-atencion-por-posicion.csv');
  assert.equal(csvName('注意力权重'), 'data.csv');
});

test('the widgets say their own words in the language of the translator they are given, English by default', async () => {
  const { FakeElement } = await import('./fake-dom.mjs');
  const { csvLink } = await import('../../web/widgets/csv.js');
  const { applyLink } = await import('../../web/widgets/link-state.js');
  const { loadFailure } = await import('../../web/widgets/core-loader.js');
  const english = csvLink('a.csv', 'the weights', () => '');
  assert.equal(english.textContent, 'Download CSV');
  assert.equal(english.getAttribute('aria-label'), 'Download CSV: the weights');
  const spanish = csvLink('a.csv', 'los pesos', () => '', es);
  assert.equal(spanish.textContent, 'Descargar CSV');
  assert.equal(spanish.getAttribute('aria-label'), 'Descargar CSV: los pesos');
  assert.equal(csvLink('a.csv', '权重', () => '', zh).getAttribute('aria-label'), '下载 CSV：权重');
  // A link's value no input takes: said, with the input's rule in the locale's numbers.
  const range = Object.assign(new FakeElement('input'), { min: '0', max: '2.5', step: '0.5' });
  const choice = Object.assign(new FakeElement('select'), { options: [{ value: 'paper' }, { value: 'interleaved' }] });
  const search = '?scale=9&variant=other';
  assert.equal(
    applyLink({ scale: range, variant: choice }, search),
    'Ignored from the link: scale=9 (scale must be a number from 0 to 2.5 in steps of 0.5); ' +
      'variant=other (variant must be one of paper, interleaved).',
  );
  assert.equal(
    applyLink({ scale: range }, search, es),
    'Parámetros del enlace ignorados: scale=9 (scale debe ser un número de 0 a 2,5 en pasos de 0,5).',
  );
  const failure = loadFailure(new Error('createLab: boom'), null, es);
  assert.equal(failure.childNodes[0].textContent, 'El núcleo WebAssembly no pudo iniciarse: boom.');
  assert.match(
    loadFailure(new Error('createLab: boom'), null).textContent,
    /^The WebAssembly core could not start: boom\./,
  );
});
