// The train-it exercise's typed sequences and sentences (web/exercises/train-words.js): letters to the
// trainer's token ids, a named message for anything the order task's models cannot take, and the lines
// the page writes from the worker's numbers.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  parseSequence,
  verdict,
  UNSURE,
  chanceBand,
  belowChance,
  learnedRowsNote,
  extrapolationLine,
  slopesText,
} from '../../web/exercises/train-words.js';
import { ARMS, TEST_LENGTHS, TEST_SAMPLES } from '../../web/exercises/train-arms.js';

test('A, B and the fillers v–z become token ids 1, 2 and 3–7, with or without spaces, in any case', () => {
  assert.deepEqual(parseSequence('x x A x B x'), {
    tokens: [5, 5, 1, 5, 2, 5],
    letters: ['x', 'x', 'A', 'x', 'B', 'x'],
  });
  assert.deepEqual(parseSequence('vbWaZ').tokens, [3, 2, 4, 1, 7]);
  assert.deepEqual(parseSequence(' y, A,\tB ').letters, ['y', 'A', 'B']);
});

test('anything else is a message that names the problem', () => {
  assert.match(parseSequence('   ').error, /^Type a sequence/);
  assert.match(parseSequence('x A q B').error, /^“q” is not a token here/);
  assert.match(parseSequence('x A 0 B').error, /^“0” is not a token here/);
  // A character that does not show is named by its code point, not quoted invisibly.
  assert.match(parseSequence('x A\u200b B').error, /^U\+200B \(a character that does not show\) is not a token/);
  assert.match(parseSequence('x A \u0301 B').error, /^U\+0301 /);
  assert.match(parseSequence('x A x A B').error, /exactly one A and one B; this one has 2 A and 1 B/);
  assert.match(parseSequence('x x x').error, /this one has 0 A and 0 B/);
  assert.match(parseSequence(`A B ${'x'.repeat(63)}`).error, /^At most 64 tokens .* this one has 65/);
  assert.equal(parseSequence(`A B ${'x'.repeat(62)}`).tokens.length, 64);
});

test('a probability near 0.5 is called a coin flip, never a right or a wrong answer', () => {
  for (const p of [0.506, 0.5, 0.45, 0.5 + UNSURE - 1e-9])
    for (const aFirst of [true, false]) {
      assert.doesNotMatch(verdict(p, aFirst), /right|wrong/, `${p}`);
      assert.match(verdict(p, aFirst), /coin flip/);
    }
  assert.equal(verdict(0.93, true), 'so its answer is right.');
  assert.equal(verdict(0.93, false), 'so its answer is wrong.');
  assert.equal(verdict(0.07, false), 'so its answer is right.');
});

test('accuracies below chance past the training lengths are named and explained; within chance, nothing', () => {
  const band = chanceBand(TEST_SAMPLES);
  assert.ok(Math.abs(band - 2 * Math.sqrt(0.25 / 512)) < 1e-15); // two standard deviations of a coin's mean
  const at = (value) => Object.fromEntries(ARMS.map((a) => [a.id, TEST_LENGTHS.map(() => value)]));
  assert.equal(belowChance(TEST_LENGTHS, TEST_SAMPLES, at(0.5 - band + 0.001)), '');
  const arms = at(0.5);
  arms.sinusoidal[TEST_LENGTHS.indexOf(64)] = 0.41;
  arms.learned[TEST_LENGTHS.indexOf(64)] = 0.39;
  arms.rope[TEST_LENGTHS.indexOf(8)] = 0.3; // inside the training lengths: not this note's business
  const note = belowChance(TEST_LENGTHS, TEST_SAMPLES, arms);
  assert.match(note, /^Below chance: Sinusoidal \(0\.410 at length 64\); Learned \(0\.390 at length 64\)\./);
  assert.match(note, /within 0\.044 of 0\.5/);
  assert.doesNotMatch(note, /RoPE/);
});

test('the learned-rows note names no lab API', () => {
  const note = learnedRowsNote({ total: 128, trained: 16 });
  assert.match(note, /^The learned table has 128 rows; training has reached 16 of them/);
  assert.doesNotMatch(note, /\w\(\)/);
});

test("an arm's extrapolation line splits its accuracies at the last training length", () => {
  const lengths = [8, 16, 24, 64];
  assert.equal(
    extrapolationLine('RoPE', lengths, [0.991, 0.989, 0.62, 0.51]),
    'RoPE: 0.99 at the training lengths, 0.51–0.62 past them (0.51 at length 64).',
  );
  assert.equal(
    extrapolationLine('ALiBi', lengths, [0.4, 0.6, 0.5, 0.5]),
    'ALiBi: 0.40–0.60 at the training lengths, 0.50 past them (0.50 at length 64).',
  );
});

test("ALiBi's slopes read as fractions when they are 1/n, else to four figures", () => {
  assert.equal(slopesText(new Float32Array([1 / 16, 1 / 256])), '1/16 and 1/256');
  assert.equal(slopesText([0.5, 0.25, 0.125]), '1/2, 1/4 and 1/8');
  assert.equal(slopesText([0.3]), '0.3000');
});

test('the pool: every core up to two, one left for the page above that, at most one worker per arm', async () => {
  const { poolSize } = await import('../../web/exercises/train-session.js');
  assert.deepEqual(
    [1, 2, 3, 4, 8, 16].map((cores) => poolSize(cores)),
    [1, 2, 2, 3, 7, 7],
  );
  assert.equal(poolSize(undefined), 1, 'a browser that does not say has one core');
  assert.equal(poolSize(8, '2'), 2, '?trainWorkers=2 wins');
  for (const wanted of ['0', '8', '1.5', 'two', '']) assert.equal(poolSize(4, wanted), 3, `"${wanted}" is ignored`);
});

test("the pool's plan: every arm's steps once, each worker the same work, an arm split only between neighbours", async () => {
  const { plan, loads } = await import('../../web/exercises/train-session.js');
  const work = (id) => 1 / ARMS.find((a) => a.id === id).stepsPerSecond;
  const total = ARMS.reduce((sum, a) => sum + work(a.id), 0);
  const most = Math.max(...ARMS.map((a) => work(a.id)));
  for (const n of [1, 2, 3, 4, 5, 6, 7]) {
    const { fixed, travellers } = plan(n);
    assert.equal(fixed.length, n);
    const ids = [...fixed.flat(), ...travellers.map((t) => t.id)];
    assert.deepEqual(ids.sort(), ARMS.map((a) => a.id).sort(), `n = ${n}: each arm once`);
    for (const { lower, share } of travellers) {
      assert.ok(lower >= 0 && lower + 1 < n, `n = ${n}: between neighbours`);
      assert.ok(share >= 0.1 && share <= 0.9, `n = ${n}: a share worth a move (${share})`);
    }
    const load = loads(n);
    assert.ok(Math.abs(load.reduce((a, b) => a + b, 0) - total) < 1e-12, `n = ${n}: all the work, once`);
    const even = Math.max(total / n, ...ARMS.map((a) => work(a.id)));
    assert.ok(Math.max(...load) <= even + 0.1 * most, `n = ${n}: no worker past the even share by a tenth of an arm`);
  }
  assert.equal(plan(1).travellers.length, 0);
  assert.equal(plan(2).travellers.length, 1, 'two workers: one arm travels');
  assert.equal(plan(7).travellers.length, 0, 'an arm each: none travels');
});

test('a faster worker is given more of a travelling arm, so that every worker takes the same time', async () => {
  const { plan, balanced } = await import('../../web/exercises/train-session.js');
  const work = (id) => 1 / ARMS.find((a) => a.id === id).stepsPerSecond;
  // Each worker's time in a chunk with these shares at these speeds.
  const times = (planned, shares, speeds) => {
    const load = planned.fixed.map((ids) => ids.reduce((sum, id) => sum + work(id), 0));
    planned.travellers.forEach(({ id, lower }, i) => {
      load[lower] += shares[i] * work(id);
      load[lower + 1] += (1 - shares[i]) * work(id);
    });
    return load.map((l, w) => l / speeds[w]);
  };
  for (const n of [2, 3, 4]) {
    const planned = plan(n);
    const alike = balanced(planned, new Array(n).fill(1));
    planned.travellers.forEach((t, i) => assert.ok(Math.abs(alike[i] - t.share) < 1e-12, `n = ${n}: alike, plan's`));
    for (const speeds of [
      [1.1, ...new Array(n - 1).fill(1)],
      [...new Array(n - 1).fill(1), 0.9],
    ]) {
      const t = times(planned, balanced(planned, speeds), speeds);
      assert.ok(Math.max(...t) / Math.min(...t) < 1 + 1e-9, `n = ${n}, speeds ${speeds}: times ${t}`);
    }
  }
  // Past what moving the travelling arms can even out, a share stops at all of its arm or none.
  assert.deepEqual(balanced(plan(2), [10, 1]), [1]);
  assert.deepEqual(balanced(plan(2), [1, 10]), [0]);
});
