// The train-it exercise's typed sequences (web/exercises/train-it.js): letters to the trainer's token
// ids, and a named message for anything the order task's models cannot take.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseSequence } from '../../web/exercises/train-it.js';

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
  assert.match(parseSequence('x A x A B').error, /exactly one A and one B; this one has 2 A and 1 B/);
  assert.match(parseSequence('x x x').error, /this one has 0 A and 0 B/);
  assert.match(parseSequence(`A B ${'x'.repeat(63)}`).error, /^At most 64 tokens .* this one has 65/);
  assert.equal(parseSequence(`A B ${'x'.repeat(62)}`).tokens.length, 64);
});
