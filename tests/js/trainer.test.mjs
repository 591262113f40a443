// The trainer through the public API (issue "Train it live"): every arm trains in wasm as it does
// natively, bit-identical runs for the same seed, errors that name the option, and memory that comes
// back. What training reaches (the experiment's outcomes) is asserted once, natively:
// tests/cpp/training/test_experiment.cpp.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { labPromise, scalarLab } from './helpers.mjs';
import { ARMS, MODEL, SEED_MAX } from '../../web/exercises/train-arms.js';
import { parseSequence, FILLERS } from '../../web/exercises/train-words.js';

const lab = await labPromise;

const trained = (options, steps) => {
  const run = lab.trainer(options);
  for (let done = 0; done < steps; done += 100) run.step(Math.min(100, steps - done));
  return run;
};

// What tests/cpp/native_fixtures.cpp prints for each arm: after two chunks of 20 steps (seed 1), the
// second chunk's loss and accuracy, an evaluation at lengths 8–16 and P(A before B) for x x A x B x.
const fixturesTool = fileURLToPath(new URL('../../build/native/pelab_native_fixtures', import.meta.url));
const native = JSON.parse(execFileSync(fixturesTool, { encoding: 'utf8' }));

test('every train-it arm and the count control train in both wasm builds as they do natively', async () => {
  const arms = [...ARMS.map((a) => [a.id, { ...MODEL, ...a.options }]), ['count', { task: 'count' }]];
  for (const build of [lab, await scalarLab()])
    for (const [id, options] of arms) {
      const run = build.trainer({ ...options, seed: 1 });
      run.step(20);
      const chunk = run.step(20);
      const evaluated = run.evaluate({ lengths: [8, 16], samples: 64, seed: 7 });
      const { probability } = run.attentionWeights({ tokens: [5, 5, 1, 5, 2, 5] });
      run.delete();
      const [loss, accuracy, evalLoss, evalAccuracy, p] = native[`trainer_${id}`];
      const where = `${build.build}, ${id}`;
      // The SIMD build agrees to the fixture's 9 digits; the scalar one (std::exp) within 2e-6.
      for (const [got, want, name] of [
        [chunk.loss, loss, 'loss'],
        [evaluated.loss, evalLoss, 'evaluated loss'],
        [probability, p, 'probability'],
      ])
        assert.ok(Math.abs(got - want) <= 1e-5, `${where}: ${name} ${got}, natively ${want}`);
      // Every sample is classified alike (accuracies are counts out of 640 and 64).
      assert.ok(Math.abs(chunk.accuracy - accuracy) <= 1e-9, `${where}: accuracy ${chunk.accuracy} vs ${accuracy}`);
      assert.ok(Math.abs(evaluated.accuracy - evalAccuracy) <= 1e-9, `${where}: evaluated accuracy`);
    }
});

test('the same seed and options give bit-identical losses; another seed does not', () => {
  const losses = (seed) => {
    const run = lab.trainer({ encoding: 'sinusoidal', seed });
    const out = [run.step(5).loss, run.step(5).loss, run.evaluate({ length: 20, samples: 64, seed: 1 }).loss];
    run.delete();
    return out;
  };
  assert.deepEqual(losses(4), losses(4));
  assert.notDeepEqual(losses(4), losses(5));
});

test('a learned table has trained rows up to the training length only; past maxLen there is no row at all', () => {
  const run = trained({ encoding: 'learned', maxLen: 40, trainLength: [8, 16] }, 50);
  const rows = run.learnedRowsTrained();
  assert.equal(rows.length, 40);
  assert.deepEqual(Array.from(rows.subarray(0, 16)), new Array(16).fill(1));
  assert.deepEqual(Array.from(rows.subarray(16)), new Array(24).fill(0));
  assert.ok(run.evaluate({ length: 32, samples: 64 }).samples === 64, 'rows 16…31 exist (as initialised)');
  assert.throws(
    () => run.evaluate({ length: 48 }),
    (e) => e instanceof RangeError && e.param === 'length' && /no row for position 47/.test(e.message),
  );
  run.delete();
});

test('attention weights of a trained head: rows are softmax distributions over the keys; P is the pass’s', () => {
  const run = trained({ encoding: 'sinusoidal', readout: 'cls', seed: 3 }, 100);
  const tokens = [3, 1, 4, 4, 2, 5];
  const { n, weights, probability } = run.attentionWeights({ tokens, layer: 0, head: 1 });
  assert.equal(n, 7, 'the CLS token is prepended');
  assert.equal(weights.length, 49);
  for (let i = 0; i < n; i++) {
    const sum = weights.subarray(i * n, i * n + n).reduce((a, b) => a + b, 0);
    assert.ok(Math.abs(sum - 1) < 1e-5, `row ${i} sums to ${sum}`);
  }
  assert.ok(probability > 0 && probability < 1, 'a softmax of two finite logits');
  // P is the one forward pass's P(A before B): the head only chooses which weights come back, so head 0
  // shows other weights and the very same P; the same tokens give it again, bit for bit.
  const head0 = run.attentionWeights({ tokens, layer: 0, head: 0 });
  assert.equal(head0.probability, probability);
  assert.notDeepEqual(head0.weights, weights, 'head 0 has weights of its own');
  assert.equal(run.attentionWeights({ tokens, head: 1 }).probability, probability);
  // With positions encoded, A and B swapped is another input: P moves.
  const swapped = run.attentionWeights({ tokens: [3, 2, 4, 4, 1, 5], head: 1 }).probability;
  assert.ok(Math.abs(swapped - probability) > 1e-6, `P ${probability} for A…B, ${swapped} for B…A`);
  run.delete();
  // Without an encoding, bidirectional attention sees a bag of tokens (with the mean readout, or behind a
  // CLS token at position 0): any weights, untrained ones too, give every shuffle the same P (float
  // summation order aside), and so A…B and B…A alike.
  for (const readout of ['mean', 'cls']) {
    const blind = lab.trainer({ encoding: 'none', attention: 'bidirectional', readout, seed: 9 });
    const p = blind.attentionWeights({ tokens }).probability;
    for (const shuffled of [
      [5, 2, 4, 4, 1, 3],
      [4, 3, 5, 1, 4, 2],
      [3, 2, 4, 4, 1, 5],
    ])
      assert.ok(
        Math.abs(blind.attentionWeights({ tokens: shuffled }).probability - p) <= 1e-6,
        `${readout}: ${shuffled}`,
      );
    blind.delete();
  }
});

test('weightDecay reaches the optimiser: left out it is 0, bit for bit; given, the same seed trains otherwise', () => {
  const losses = (options) => {
    const run = lab.trainer({ seed: 3, ...options });
    const out = [run.step(20).loss, run.step(20).loss];
    run.delete();
    return out;
  };
  assert.deepEqual(losses({}), losses({ weightDecay: 0 }));
  assert.notDeepEqual(losses({ weightDecay: 0.5 }), losses({}));
});

test('bad options are TypeErrors or RangeErrors that name the option; the lab keeps working', () => {
  const cases = [
    [{ task: 'reverse' }, RangeError, 'task'],
    [{ encoding: 'rotary' }, RangeError, 'encoding'],
    [{ encoding: 'rope', dModel: 12, heads: 4 }, RangeError, 'dModel'],
    [{ trainLength: [8, 100], maxEvalLength: 64 }, RangeError, 'maxEvalLength'],
    [{ attention: 'causal ' }, RangeError, 'attention'],
    [{ layers: 5 }, RangeError, 'layers'],
    [{ dModel: 15 }, RangeError, 'dModel'],
    [{ heads: 0 }, RangeError, 'heads'],
    [{ trainLength: [8, 4] }, RangeError, 'trainLength'],
    [{ trainLength: [1, 4] }, RangeError, 'trainLength'],
    [{ trainLength: 8 }, TypeError, 'trainLength'],
    [{ batch: 0.5 }, RangeError, 'batch'],
    [{ learningRate: NaN }, RangeError, 'learningRate'],
    [{ weightDecay: 1.5 }, RangeError, 'weightDecay'],
    [{ encoding: 'learned', maxLen: 10 }, RangeError, 'maxLen'],
    [{ seed: -1 }, RangeError, 'seed'],
    [{ hidden: '32' }, TypeError, 'hidden'],
    [{ steps: 3 }, TypeError, 'steps'],
    [{ batch: 1024, dModel: 256, heads: 1, layers: 4 }, RangeError, 'batch'],
  ];
  for (const [options, type, param] of cases)
    assert.throws(
      () => lab.trainer(options),
      (e) =>
        e.constructor === type && e.param === param && e.message.startsWith('trainer: ') && e.message.includes(param),
      JSON.stringify(options),
    );
  const run = lab.trainer({});
  for (const [call, type, param] of [
    [() => run.step(0), RangeError, 'steps'],
    [() => run.step('10'), TypeError, 'steps'],
    [() => run.step(1e6), RangeError, 'steps'],
    [() => run.evaluate({ length: 65 }), RangeError, 'length'],
    [() => run.evaluate({ samples: 1e9 }), RangeError, 'samples'],
    [() => run.evaluate({ lengths: [20, 10] }), RangeError, 'lengths'],
    [() => run.evaluate({ lengths: [1, 10] }), RangeError, 'lengths'],
    [() => run.evaluate({ lengths: [8, 65] }), RangeError, 'lengths'],
    [() => run.evaluate({ length: 12, lengths: [8, 16] }), TypeError, 'lengths'],
    [() => run.learnedRowsTrained(), TypeError, 'encoding'],
    [() => run.attentionWeights({ tokens: [9] }), RangeError, 'tokens'],
    [() => run.attentionWeights({ tokens: [1], head: 2 }), RangeError, 'head'],
    [() => run.attentionWeights({}), TypeError, 'tokens'],
  ])
    assert.throws(call, (e) => e.constructor === type && e.param === param, String(call));
  assert.equal(run.step(2).steps, 2);
  run.delete();
});

// The most a refused call names ("at most N steps", "at most N samples").
const mostNamed = (call, param) => {
  try {
    call();
  } catch (error) {
    assert.ok(error instanceof RangeError && error.param === param, String(error));
    return Number(new RegExp(`at most (\\d+) ${param} `).exec(error.message)?.[1]);
  }
  assert.fail('the call was accepted');
};

test('the work cap counts Adam over every parameter and each step and sample: refusals name the most that fits', () => {
  const tiny = { dModel: 2, heads: 1, hidden: 1, batch: 1, trainLength: [2, 2] };
  // A tiny model: a million steps cost their fixed cost each (3–8 s, where the old count allowed them).
  const small = lab.trainer(tiny);
  assert.ok(mostNamed(() => small.step(1e6), 'steps') < 1e6);
  small.delete();
  // A learned table of 65,536 rows that Adam updates every step (~1 ms a step): 2,000 steps are refused
  // (the Catch2 suite checks step(1e6) without running anything), the most named is accepted.
  const table = lab.trainer({ ...tiny, dModel: 4, encoding: 'learned', maxLen: 65536 });
  const steps = mostNamed(() => table.step(2000), 'steps');
  assert.ok(steps >= 1 && steps < 2000, `${steps} steps`);
  assert.equal(table.step(steps).steps, steps); // at the cap: accepted
  assert.equal(
    mostNamed(() => table.step(steps + 1), 'steps'),
    steps,
  );
  table.delete();
  // A million evaluated samples at 4 layers: each costs its forward pass's fixed cost.
  const deep = lab.trainer({ ...tiny, layers: 4 });
  const samples = mostNamed(() => deep.evaluate({ length: 2, samples: 1e6 }), 'samples');
  assert.ok(samples >= 512 && samples < 1e6, `${samples} samples`);
  assert.equal(
    mostNamed(() => deep.evaluate({ lengths: [2, 2], samples: samples + 1 }), 'samples'),
    samples,
  );
  deep.delete();
});

test('errors say what is wrong in words: lengths by element, rope by head width, both-at-once by name', () => {
  const run = lab.trainer({});
  const message = (call) => {
    try {
      call();
    } catch (e) {
      return e.message;
    }
    return null;
  };
  assert.equal(
    message(() => run.evaluate({ lengths: [8, 65] })),
    'trainer.evaluate: lengths[1] must be an integer from 8 to 64 (got 65)',
  );
  assert.equal(
    message(() => run.evaluate({ lengths: [1, 16] })),
    'trainer.evaluate: lengths[0] must be an integer from 2 to 64 (got 1)',
  );
  assert.equal(
    message(() => run.evaluate({ length: 65 })),
    'trainer.evaluate: length must be an integer from 2 to 64 (got 65)',
  );
  assert.match(
    message(() => run.evaluate({ length: 12, lengths: [8, 16] })),
    /give length .* or lengths .*, not both/,
  );
  assert.match(
    message(() => run.learnedRowsTrained()),
    /only a trainer with encoding 'learned' has a learned table \(this one's encoding is 'none'\)/,
  );
  assert.match(
    message(() => lab.trainer({ encoding: 'rope', dModel: 12, heads: 4 })),
    /dModel \/ heads must be even for rope, .* \(got 12 \/ 4 = 3\)/,
  );
  // A long training range alone is accepted: maxEvalLength, not given, follows it.
  const long = lab.trainer({ trainLength: [8, 200] });
  assert.equal(long.evaluate({ length: 200, samples: 4 }).samples, 4);
  assert.match(
    message(() => long.evaluate({ length: 201 })),
    /length must be an integer from 2 to 200 \(got 201\)/,
  );
  long.delete();
  assert.equal(
    message(() => lab.trainer({ trainLength: [8, 100], maxEvalLength: 64 })),
    'trainer: maxEvalLength must be an integer from 100 to 1024 (got 64)',
  );
  run.delete();
});

test("a trainer's state, posted as to a worker, goes on in another trainer exactly as in its own", () => {
  const options = { ...MODEL, encoding: 'learned', seed: 2 };
  const source = trained(options, 30);
  const saved = source.saveState();
  assert.equal(saved.step, 30);
  assert.ok(saved.state instanceof Float32Array);
  const moved = structuredClone(saved, { transfer: [saved.state.buffer] });
  assert.equal(saved.state.length, 0, 'transferred: the copy handed out was the caller’s own');
  const target = lab.trainer(options);
  assert.equal(target.loadState(moved), undefined);
  assert.deepEqual(target.step(10), source.step(10));
  assert.deepEqual(target.learnedRowsTrained(), source.learnedRowsTrained());
  const { step, fingerprint } = moved;
  const reseeded = lab.trainer({ ...options, seed: 3 }); // the same length of state, another trainer
  const bad = (change) => {
    const state = Float32Array.from(moved.state);
    change(state);
    return { step: 40, fingerprint, state };
  };
  for (const [given, message] of [
    [
      { step: -1, fingerprint, state: moved.state },
      /^trainer\.loadState: step must be an integer from 0 to 9007199254740991 \(got -1\)$/,
    ],
    [
      { step, fingerprint: reseeded.saveState().fingerprint, state: moved.state },
      /^trainer\.loadState: this state was saved by a trainer made with other options \(fingerprint \d+; this trainer's is \d+\)/,
    ],
    [
      { step: 1, fingerprint, state: moved.state.subarray(1) },
      /^trainer\.loadState: state must have exactly \d+ elements/,
    ],
    [bad((s) => (s[3] = NaN)), /^trainer\.loadState: state\[3\] must be a number from -3\.4028234663852886e\+38 to/],
    [bad((s) => (s[s.length - 1] = 2)), /^trainer\.loadState: state\[\d+\] must be an integer from 0 to 1 \(got 2\)$/],
  ])
    assert.throws(
      () => target.loadState(given),
      (e) => e instanceof RangeError && message.test(e.message),
    );
  assert.throws(() => target.loadState({ fingerprint, state: moved.state }), /step is required/);
  assert.deepEqual(target.step(5), source.step(5), 'a refused state changed nothing');
  for (const run of [source, target, reseeded]) run.delete();
});

test('a trainer too large to hand its state over says so when asked to save', () => {
  const run = lab.trainer({
    dModel: 256,
    layers: 4,
    hidden: 1024,
    heads: 8,
    batch: 1,
    trainLength: [2, 2],
    maxEvalLength: 2,
  });
  assert.throws(
    () => run.saveState(),
    (e) =>
      e instanceof RangeError &&
      e.param === 'trainer' &&
      /^trainer\.saveState: this trainer's state would be \d+ floats .*more than the 8388608 a call hands over/.test(
        e.message,
      ),
  );
  assert.equal(run.step(1).step, 1, 'and it trains on');
  run.delete();
});

test('delete() frees the trainer: any later call is a clear Error, a second delete does nothing', () => {
  const run = lab.trainer({});
  run.delete();
  for (const call of [
    () => run.step(1),
    () => run.evaluate(),
    () => run.attentionWeights({ tokens: [1, 2] }),
    () => run.learnedRowsTrained(),
    () => run.saveState(),
    () => run.loadState({ step: 0, state: [] }),
  ])
    assert.throws(call, (e) => e.constructor === Error && /this trainer was deleted/.test(e.message));
  run.delete();
});

test('trainers kept alive hit a clear cap before wasm memory runs out; deleting them makes room again', () => {
  const live = [];
  let error;
  try {
    for (let i = 0; i < 1000; i++)
      live.push(lab.trainer({ dModel: 64, heads: 4, batch: 32, trainLength: [64, 128], maxEvalLength: 256 }));
  } catch (e) {
    error = e;
  }
  assert.ok(
    error instanceof RangeError && error.param === 'trainer' && /delete\(\)/.test(error.message),
    String(error),
  );
  assert.ok(live.length >= 2, `${live.length} trainers fitted`);
  live.forEach((t) => t.delete());
  lab.trainer({ dModel: 64, heads: 4, batch: 32, trainLength: [64, 128], maxEvalLength: 256 }).delete();
});

test('2,000 trainers created, trained and dropped without delete() in an async loop are never refused', async () => {
  // The garbage collector does not see wasm memory, so it may take the dropped handles late or never
  // here: what each idle trainer keeps must be small enough for thousands (issue 20).
  for (let i = 0; i < 2000; i++) {
    const run = lab.trainer({ seed: i });
    run.step(1);
    run.evaluate({ samples: 8 });
    await null;
  }
  lab.trainer({}).delete();
});

test('creating, training and deleting 1,000 trainers leaves wasm memory where it was', async () => {
  const { hasWasmSimd, Lab } = await import('positional-encoding-lab');
  const simd = hasWasmSimd();
  const { default: create } = await import(simd ? '../../dist/pelab.mjs' : '../../dist/pelab-scalar.mjs');
  const module = await create({
    wasmBinary: await readFile(
      new URL(simd ? '../../dist/pelab.wasm' : '../../dist/pelab-scalar.wasm', import.meta.url),
    ),
  });
  const own = new Lab(module, simd ? 'simd' : 'scalar');
  const cycle = (i) => {
    const run = own.trainer({ encoding: ['none', 'sinusoidal', 'learned'][i % 3], seed: i });
    run.step(1);
    run.evaluate({ samples: 8 });
    run.attentionWeights({ tokens: [1, 3, 2] });
    run.delete();
  };
  for (let i = 0; i < 20; i++) cycle(i);
  const bytes = module.HEAPU8.buffer.byteLength;
  for (let i = 0; i < 1000; i++) cycle(i);
  assert.equal(module.HEAPU8.buffer.byteLength, bytes);
});

test("the page's letters are the core's token ids: every one it types is taken, and none past them is", () => {
  const run = lab.trainer({ ...MODEL, seed: 0 });
  const { tokens } = parseSequence(`A B ${FILLERS.join(' ')}`);
  assert.deepEqual([...new Set(tokens)].sort(), [1, 2, 3, 4, 5, 6, 7]);
  assert.equal(run.attentionWeights({ tokens, layer: 0, head: 0 }).n, tokens.length);
  const past = Math.max(...tokens) + 1;
  assert.throws(
    () => run.attentionWeights({ tokens: [...tokens, past], layer: 0, head: 0 }),
    (e) => e instanceof RangeError && new RegExp(`from 0 to ${past - 1} \\(got ${past}\\)`).test(e.message),
  );
  run.delete();
});

test("the page's seed field takes exactly the trainer's seeds", () => {
  lab.trainer({ ...MODEL, seed: SEED_MAX }).delete();
  assert.throws(
    () => lab.trainer({ ...MODEL, seed: SEED_MAX + 1 }),
    (e) => e instanceof RangeError && e.param === 'seed' && e.message.includes(`to ${SEED_MAX}`),
  );
});
