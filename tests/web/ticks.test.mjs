// The widgets' axis ticks (web/widgets/ticks.js): the line plot's ticks are the multiples of a 1, 2 or 5 × 10^k
// step inside the range, about `count` of them, each the number its decimal label names; the heatmap's index
// ticks start at 0 and go up by such a step. Through a DOM just large enough for the line plot, its axes: the
// xTicks option and the labels of a linear and a log axis. Expected steps and labels are derived here from the
// rule (the smallest nice step that makes at most `count` steps over the range), never copied from a run.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Worker } from 'node:worker_threads';
import { niceStep, ticks, indexTicks } from '../../web/widgets/ticks.js';

// ---- the nice steps, from their definition ---------------------------------------------------------------

// Every m·10^k (m = 1, 2, 5), each parsed from its decimal so that it is the double nearest to it.
const NICE = [];
for (let k = -320; k <= 308; k++) for (const m of [1, 2, 5]) NICE.push({ m, k, value: Number(`${m}e${k}`) });

// The smallest nice step at least `raw` (raw as the code computes it, span / count in double: 0.9 − 0.3 is
// 0.6000000000000001, so ticks(0.3, 0.9, 6) steps by 0.2, not 0.1).
function expectedStep(raw) {
  return NICE.find((s) => s.value >= raw);
}

// The double nearest to n·m·10^k: what a tick label "n·step" must read back as, with no float noise.
const multiple = (n, { m, k }) => Number(`${n * m}e${k}`);

// Checks everything ticks(lo, hi, count) promises for a range it handles (finite, lo < hi, spans more than
// the float spacing of its values); returns the step for further checks.
function assertTicks(lo, hi, count) {
  const where = `ticks(${lo}, ${hi}, ${count})`;
  const out = ticks(lo, hi, count);
  const step = expectedStep((hi - lo) / count);
  const tolerance = step.value * 1e-9; // the code's own slack at hi, for a sum of steps rounded
  assert.ok(Array.isArray(out), where);
  // Consecutive multiples n, n+1, … of the step, each exactly the double its decimal label names (the tick
  // at 0 only near it: 'a tick at 0 is 0' below).
  const n0 = Math.round(out[0] / step.value);
  out.forEach((t, i) => {
    if (n0 + i === 0) assert.ok(Math.abs(t) <= tolerance, `${where}: tick ${i} is ${t}, not 0`);
    else {
      assert.equal(t, multiple(n0 + i, step), `${where}: tick ${i} is ${t}, not ${n0 + i} × ${step.value}`);
      assert.doesNotMatch(String(t), /0{6}[1-9]|9{6}/, `${where}: label ${t}`);
    }
    assert.ok(t >= lo - tolerance && t <= hi + tolerance, `${where}: ${t} is outside the range`);
  });
  // Every multiple of the step inside the range is there: the one before the first and the one after the
  // last are outside.
  if (out.length > 0) {
    assert.ok(multiple(n0 - 1, step) < lo, `${where}: ${multiple(n0 - 1, step)} is missing`);
    assert.ok(
      multiple(n0 + out.length, step) > hi + tolerance,
      `${where}: ${multiple(n0 + out.length, step)} is missing`,
    );
  }
  // The step is at least span/count, so at most count + 1 ticks; the next nice step down is below span/count
  // and nice steps grow at most 2.5 times, so more than count/2.5 steps fit: at least ⌈count/2.5⌉ − 1 ticks.
  assert.ok(out.length <= count + 1, `${where}: ${out.length} ticks`);
  assert.ok(out.length >= Math.ceil(count / 2.5) - 1, `${where}: ${out.length} ticks`);
  return { out, step };
}

// ---- the line plot's ticks -------------------------------------------------------------------------------

test('ticks are the multiples of the smallest 1, 2 or 5 × 10^k step giving at most count steps', () => {
  // The line plot asks for 6 x ticks and 5 y ticks, over ranges padded by 6% of their span.
  assert.deepEqual(ticks(0, 1, 5), [0, 0.2, 0.4, 0.6, 0.8, 1]);
  assert.deepEqual(ticks(-0.06, 1.06, 5), [0, 0.5, 1]); // 1.12 / 5 = 0.224: the step is 0.5
  assert.deepEqual(ticks(0, 1000, 6), [0, 200, 400, 600, 800, 1000]); // 166.7: 200
  assert.deepEqual(ticks(4, 64, 6), [10, 20, 30, 40, 50, 60]); // 10 exactly: 10, from the first multiple
  for (const [lo, hi, count] of [
    [0, 1, 5],
    [-0.06, 1.06, 5],
    [0, 1000, 6],
    [1, 64, 6],
    [4, 64, 6],
    [0.1, 0.3, 5],
    [0.7, 0.9, 6],
    [0, 0.7, 7],
    [-7.3, -6.9, 5],
    [-1.12, 1.12, 5],
    [-7.24, -2.76, 5], // a log axis from 1e-7 to 1e-3
    [5e-8, 1.2e-3, 5],
    [0, 1e-300, 5],
    [0, 1e300, 5],
    [1e6, 1e6 + 65535, 6],
    [-1, 1, 10],
    [-0.601, 0.351, 5],
  ])
    assertTicks(lo, hi, count);
});

test('ticks hold for 2000 ranges of every sign, scale and width (seeded)', () => {
  let seed = 20240601;
  const random = () => {
    seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
    return seed / 2 ** 32;
  };
  for (let i = 0; i < 2000; i++) {
    const scale = 10 ** (random() * 12 - 6);
    const lo = (random() * 2 - 1) * scale;
    const span = scale * 10 ** (random() * 6 - 4); // from 1e-4 to 100 times the values' scale
    const count = 2 + Math.floor(random() * 9);
    assertTicks(lo, lo + span, count);
  }
});

test('round ends are ticks: lo and hi are in the list when they are multiples of the step', () => {
  for (const [lo, hi, count] of [
    [0, 1, 5],
    [-1, 1, 5],
    [0, 0.7, 7], // 0.1 added seven times is 0.7000000000000001: still the tick 0.7
    [0.4, 1.4, 5],
    [1.1, 1.7, 6],
    [1.1, 2.2, 11],
    [0, 1000, 6],
    [-4000, 6000, 5],
    [2e-9, 1e-8, 4],
  ]) {
    const out = ticks(lo, hi, count);
    assert.equal(out[0], lo, `ticks(${lo}, ${hi}, ${count}) = ${out}`);
    assert.equal(out.at(-1), hi, `ticks(${lo}, ${hi}, ${count}) = ${out}`);
  }
  // hi, summed from lo in steps of 0.1, 0.2, 0.05 …: whatever the sum's rounding, the last tick is hi.
  for (const [m, k] of [
    [1, -1],
    [2, -1],
    [5, -2],
    [1, -2],
    [2, -3],
  ])
    for (let n = 1; n <= 300; n++) {
      const hi = multiple(n, { m, k }),
        lo = multiple(n - 5, { m, k });
      const out = ticks(lo, hi, 5);
      if (Math.abs(out[1] - out[0] - Number(`${m}e${k}`)) > 1e-12) continue; // the float span chose another step
      assert.equal(out.at(-1), hi, `ticks(${lo}, ${hi}, 5) = ${out}`);
    }
});

test('round ends are ticks wherever the range lies', () => {
  const failures = [];
  for (const [lo, hi, count] of [
    [-59.8, -58.8, 5],
    [0.07, 0.15, 8],
    [1.11, 1.19, 8],
    [123456789, 123456790, 5],
  ]) {
    const out = ticks(lo, hi, count);
    if (out[0] !== lo || out.at(-1) !== hi) failures.push(`ticks(${lo}, ${hi}, ${count}) = ${out}`);
  }
  assert.deepEqual(failures, []);
});

test('a tick at 0 is 0, labelled "0"', () => {
  const failures = [];
  for (const [lo, hi, count] of [
    [-1, 1, 10],
    [-0.7, 0.7, 7],
    [-0.601, 0.351, 5], // values from −0.55 to 0.3 with the line plot's 6% headroom
    [-0.08, 0, 8],
  ]) {
    const labels = ticks(lo, hi, count).map(String);
    if (!labels.includes('0')) failures.push(`ticks(${lo}, ${hi}, ${count}): ${labels}`);
  }
  assert.deepEqual(failures, []);
});

test('labels show no float noise: 0.1 + 0.2 is labelled 0.3', () => {
  const labels = [0.1, 0.3, 0.7, 1.1, 3.3].flatMap((hi) => ticks(0, hi, 11).map(String));
  for (const label of labels) assert.match(label, /^-?\d+(\.\d{1,3})?$/, label);
  assert.ok(labels.includes('0.3') && labels.includes('0.7'));
  assert.ok(!labels.some((l) => l.includes('0.30000000000000004')));
});

// ticks() in a worker, so that a range it never finishes fails (after `ms`) instead of hanging the file.
function ticksInWorker(args, ms = 2000) {
  const url = new URL('../../web/widgets/ticks.js', import.meta.url).href;
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
     import(workerData.url).then(({ ticks }) => parentPort.postMessage(ticks(...workerData.args)));`,
    { eval: true, workerData: { url, args } },
  );
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve({ hung: true }), ms);
    worker.once('message', (value) => resolve({ value }));
    worker.once('error', (error) => resolve({ error }));
    worker.once('exit', () => clearTimeout(timer));
  }).finally(() => worker.terminate());
}

test('degenerate ranges end without throwing: one value, tiny, huge, inverted, infinite, NaN', async () => {
  const cases = [
    [1, 1, 5], // a range of one value takes the step of a span of 1: the value itself if it is a multiple
    [0, 0, 5],
    [-5, -5, 5],
    [0.3, 0.3, 5],
    [1e15, 1e15, 5],
    [0, 1e-12, 5],
    [1e-300, 3e-300, 5],
    [0, 5e-324, 5], // the smallest double: the step underflows to 0
    [0, 1e300, 5],
    [-1e308, 1e308, 5], // the span overflows to Infinity
    [1, 0, 5],
    [Infinity, -Infinity, 5], // what an empty plot's Math.min() and Math.max() give
    [0, Infinity, 5],
    [NaN, NaN, 5],
  ];
  const results = await Promise.all(cases.map((args) => ticksInWorker(args)));
  results.forEach(({ value, hung, error }, i) => {
    const [lo, hi] = cases[i];
    const where = `ticks(${cases[i]})`;
    assert.ok(!hung, `${where} did not end`);
    assert.ifError(error);
    assert.ok(Array.isArray(value), where);
    for (const t of value) assert.ok(Number.isFinite(t) && t >= lo - 1e-9 && t <= hi + 1e-9, `${where}: ${t}`);
    if (lo === hi) assert.ok(value.length <= 1 && value.every((t) => t === lo), `${where}: ${value}`);
  });
  assert.deepEqual((await ticksInWorker([1, 1, 5])).value, [1]);
  assert.deepEqual((await ticksInWorker([0.3, 0.3, 5])).value, [0.3]); // a one-value range: its value
});

test('ranges finer than the float spacing of their values end, with distinct ticks', async () => {
  const cases = [
    [1 - 2 ** -53, 1, 5], // 0.9999999999999999 and 1
    [1, 1 + 2 ** -52, 5],
    [1e16, 1e16, 5],
    [1e20, 1e20, 5],
    [1e6, 1e6 + 1e-9, 5],
  ];
  const results = await Promise.all(cases.map((args) => ticksInWorker(args)));
  const failures = [];
  results.forEach(({ value, hung, error }, i) => {
    const where = `ticks(${cases[i]})`;
    if (hung) failures.push(`${where} did not end in 2 s`);
    else if (error) failures.push(`${where} threw ${error}`);
    else if (new Set(value).size !== value.length) failures.push(`${where} repeats ticks: ${value}`);
  });
  assert.deepEqual(failures, []);
});

// ---- the heatmap's index ticks ---------------------------------------------------------------------------

test('niceStep is the smallest 1, 2 or 5 × 10^k at least span/wanted', () => {
  // The heatmap's spans are row and column counts; 0.37 and 1e6 for steps below 1 and far above it.
  for (const span of [0.37, 1, 2, 3, 7, 12, 64, 100, 130, 512, 1000, 1024, 65536, 1e6])
    for (let wanted = 2; wanted <= 20; wanted++) {
      const want = expectedStep(span / wanted).value;
      const got = niceStep(span, wanted);
      assert.ok(Math.abs(got - want) <= want * 1e-12, `niceStep(${span}, ${wanted}) = ${got}, want ${want}`);
    }
});

test('index ticks start at 0 and go up by the nice step below the count, whole indices from count ≥ wanted', () => {
  for (const count of [1, 2, 3, 5, 8, 12, 13, 64, 100, 130, 512, 1000, 1024])
    for (let wanted = 2; wanted <= 20; wanted++) {
      const where = `indexTicks(${count}, ${wanted})`;
      const out = indexTicks(count, wanted);
      const step = Math.max(1, niceStep(count, wanted)); // whole indices only
      assert.equal(out[0], 0, where);
      assert.ok(out.at(-1) < count && out.at(-1) + step >= count, `${where}: last ${out.at(-1)}`);
      out.forEach((c, i) => assert.ok(Math.abs(c - i * step) <= 1e-9 * step * (i + 1), `${where}: ${c}`));
      assert.ok(out.length <= wanted + 1, `${where}: ${out.length} ticks`);
      if (count >= wanted) for (const c of out) assert.match(String(c), /^\d+$/, `${where}: ${c}`);
    }
});

test('fewer rows or columns than ticks wanted still label whole indices only', () => {
  const failures = [];
  for (const [count, wanted] of [
    [2, 8],
    [3, 8],
    [4, 8],
    [1, 5],
    [3, 4],
  ]) {
    const labels = indexTicks(count, wanted).map(String);
    if (!labels.every((l) => /^\d+$/.test(l))) failures.push(`indexTicks(${count}, ${wanted}): ${labels}`);
  }
  assert.deepEqual(failures, []);
});

// ---- the line plot's axes, through a small DOM ------------------------------------------------------------

// A DOM just large enough for the line plot (fake-dom.mjs): never laid out, so it draws 640 units wide.
const { FakeElement } = await import('./fake-dom.mjs');
const { LinePlot } = await import('../../web/widgets/lineplot.js');

// The tick labels a plot draws: x labels under the axis (centred), y labels left of it (right-aligned),
// the latter from the bottom up.
function axes(plot) {
  const labels = plot.svg.childNodes.filter((n) => n.tagName === 'text' && n.attributes.class === 'tick-label');
  const side = (anchor) => labels.filter((n) => n.attributes['text-anchor'] === anchor);
  return {
    x: side('middle').map((n) => ({ text: n.textContent, at: Number(n.attributes.x) })),
    y: side('end')
      .map((n) => ({ text: n.textContent, at: Number(n.attributes.y) }))
      .sort((a, b) => b.at - a.at),
    frame: plot.svg.childNodes.find((n) => n.tagName === 'rect' && n.attributes.class === 'frame').attributes,
  };
}
const plot = (options = {}) =>
  new LinePlot(new FakeElement('div'), { label: 'a plot', xLabel: 'x', yLabel: 'y', ...options });
const lengths = [4, 8, 12, 16, 24, 32, 48, 64];
const series = [{ name: 'a', values: lengths.map((l) => 1 / l) }];

test('the x axis takes about 6 nice ticks over the x values, inside the frame; xTicks replaces them', () => {
  const automatic = plot();
  automatic.update(lengths, series);
  const { x, frame } = axes(automatic);
  assert.deepEqual(
    x.map((t) => t.text),
    ['10', '20', '30', '40', '50', '60'], // 60 / 6 = 10: the multiples of 10 from 4 to 64
  );
  const left = Number(frame.x),
    right = left + Number(frame.width);
  for (const t of x) assert.ok(t.at >= left && t.at <= right, `x tick ${t.text} at ${t.at}`);
  const chosen = plot();
  chosen.update(lengths, series, { xTicks: [4, 8, 16, 32, 64] });
  assert.deepEqual(
    axes(chosen).x.map((t) => t.text),
    ['4', '8', '16', '32', '64'],
  );
  // Drawn where the values are: 4 at the frame's left edge, 64 at its right.
  assert.equal(axes(chosen).x[0].at, left);
  assert.equal(axes(chosen).x.at(-1).at, right);
});

test('the y axis labels its nice ticks bottom to top: 0, 0.5, 1 for a [0, 1] range and its 6% headroom', () => {
  const accuracy = plot({ yRange: [0, 1] });
  accuracy.update(lengths, series);
  assert.deepEqual(
    axes(accuracy).y.map((t) => t.text),
    ['0', '0.5', '1'], // −0.06 to 1.06: 1.12 / 5 = 0.224, the step 0.5
  );
  const constant = plot();
  constant.update(lengths, [{ name: 'flat', values: lengths.map(() => 0.5) }]);
  // One value: the range is that value ± 1 (and its headroom), labelled every 0.5 (2.24 / 5 = 0.448).
  assert.deepEqual(
    axes(constant).y.map((t) => t.text),
    ['-0.5', '0', '0.5', '1', '1.5'],
  );
});

test('a log axis over four decades labels the powers of ten 1e-7 … 1e-3', () => {
  const errors = plot({ logY: true });
  errors.update([0, 1, 2, 3, 4], [{ name: 'error', values: [1e-7, 1e-6, 1e-5, 1e-4, 1e-3] }]);
  assert.deepEqual(
    axes(errors).y.map((t) => t.text),
    ['1e-7', '1e-6', '1e-5', '1e-4', '1e-3'], // −7.24 to −2.76: 4.48 / 5 = 0.896, the step 1
  );
});

test('a log axis labels whole powers of ten only, whatever its span', () => {
  const narrow = plot({ logY: true });
  narrow.update([0, 1, 2], [{ name: 'error', values: [1e-3, 1e-2, 1e-1] }]);
  for (const { text } of axes(narrow).y) assert.match(text, /^1e-?\d+$/);
});

test('in Spanish the axes and the sentence write a decimal comma, the data table is named in Spanish; English is unchanged', async () => {
  const { loadCatalogs, translator } = await import('../../web/i18n/messages.js');
  await loadCatalogs('es', ['common', 'widgets']);
  const t = translator('es', 'widgets');
  const spanish = plot({ yRange: [0, 1], t });
  spanish.update([0, 0.5, 1], [{ name: 'a', values: [0, 0.25, 1] }]);
  assert.deepEqual(
    axes(spanish).y.map((tick) => tick.text),
    ['0', '0,5', '1'],
  );
  assert.ok(axes(spanish).x.some((tick) => tick.text === '0,2'));
  assert.equal(
    spanish.summary.textContent,
    'x de 0 a 1. a: 0,000 en 0, 1,000 en 1; mínimo 0,000 en 0, máximo 1,000 en 1.',
  );
  const english = plot({ yRange: [0, 1] });
  english.update([0, 0.5, 1], [{ name: 'a', values: [0, 0.25, 1] }]);
  assert.ok(axes(english).x.some((tick) => tick.text === '0.2'));
  assert.equal(english.details.childNodes[0].getAttribute('aria-label'), 'Data table: a plot');
  assert.equal(spanish.details.childNodes[0].getAttribute('aria-label'), 'Tabla de datos: a plot');
});
