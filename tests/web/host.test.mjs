// The host helper (web/embed/host.js) keeps each embedded exercise's first record in the course page's
// storage and hands it back to the frame's hello; it greets only frames that have loaded a page of an
// origin it trusts (a frame still at about:blank would refuse the message with a console error).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { connectEmbeds } from '../../web/embed/host.js';
import { memoryStore } from '../../web/storage.js';

const LAB = 'https://lab.example.org';

function frameAt(src, { blank = false } = {}) {
  const posted = [];
  const contentWindow = {
    postMessage: (data, origin) => posted.push([data, origin]),
    // A loaded frame of another origin cannot be read; a frame still at about:blank has the page's origin.
    get location() {
      if (blank) return { href: 'about:blank' };
      throw new DOMException('Blocked a frame', 'SecurityError');
    },
  };
  const dispatched = [];
  return { src, contentWindow, style: {}, posted, dispatched, dispatchEvent: (e) => dispatched.push(e.detail) };
}

function withHost(frames, options, body) {
  const listeners = new EventTarget();
  globalThis.window = listeners;
  try {
    const stop = connectEmbeds({ origins: [LAB], root: { querySelectorAll: () => frames }, course: 'c1', ...options });
    const send = (frame, data, origin = LAB) =>
      listeners.dispatchEvent(Object.assign(new Event('message'), { origin, source: frame.contentWindow, data }));
    body(send);
    stop();
  } finally {
    delete globalThis.window;
  }
}

test('connectEmbeds greets only loaded frames of a trusted origin', () => {
  const ours = frameAt(`${LAB}/embed.html?exercise=rope`);
  const loading = frameAt(`${LAB}/embed.html?exercise=rope`, { blank: true });
  const foreign = frameAt('https://video.example.com/player');
  withHost([ours, loading, foreign], { store: null }, () => {});
  assert.deepEqual(ours.posted, [[{ type: 'pelab:hello' }, LAB]]);
  assert.deepEqual(loading.posted, []);
  assert.deepEqual(foreign.posted, []);
});

test('the first record a frame reports is kept in the course page’s store and handed back to its hello', () => {
  const store = memoryStore();
  const frame = frameAt(`${LAB}/embed.html?exercise=rope`);
  const first = { correct: false, score: 0, maxScore: 1, solutionViewed: true };
  withHost([frame], { store }, (send) => {
    send(frame, { type: 'pelab:hello', exercise: 'rope' });
    send(frame, { type: 'pelab:result', exercise: 'rope', ...first });
    send(frame, { type: 'pelab:result', exercise: 'rope', correct: true, score: 1, maxScore: 1 }); // not first
    send(
      frame,
      { type: 'pelab:result', exercise: 'alibi', correct: true, score: 1, maxScore: 1 },
      'https://evil.example',
    );
  });
  const kept = JSON.parse(store.getItem('pelab:embed-records:v1'));
  assert.deepEqual(kept[JSON.stringify(['c1', LAB, 'rope'])], first);
  assert.deepEqual(Object.keys(kept).sort(), [JSON.stringify(['#seed', LAB]), JSON.stringify(['c1', LAB, 'rope'])]);
  assert.equal(frame.dispatched.length, 1, 'only the first record reaches the course');
  const next = frameAt(`${LAB}/embed.html?exercise=rope`);
  withHost([next], { store }, (send) => send(next, { type: 'pelab:hello', exercise: 'rope' }));
  const welcome = next.posted.find(([data]) => data.type === 'pelab:welcome');
  const [{ seed }] = frame.posted.find(([data]) => data.type === 'pelab:welcome');
  assert.ok(Number.isInteger(seed) && seed > 0, 'the learner’s seed, made once for the lab origin');
  assert.deepEqual(welcome, [{ type: 'pelab:welcome', exercise: 'rope', record: first, keeps: false, seed }, LAB]);
  // the first greeting (before any record) answered with none
  assert.deepEqual(frame.posted.find(([data]) => data.type === 'pelab:welcome')[0].record, null);
});

test('store: null keeps nothing, and anything but null or a getItem/setItem store is refused', () => {
  const frame = frameAt(`${LAB}/embed.html?exercise=rope`);
  withHost([frame], { store: null }, (send) => send(frame, { type: 'pelab:hello', exercise: 'rope' }));
  const nothing = { type: 'pelab:welcome', exercise: 'rope', record: null, keeps: false, seed: null };
  assert.deepEqual(frame.posted.at(-1), [nothing, LAB]);
  for (const store of [{}, 'localStorage', { getItem() {} }])
    assert.throws(() => connectEmbeds({ origins: [LAB], store, root: { querySelectorAll: () => [] } }), /store must/);
});

test('only an exercise’s first record reaches the course: a twin frame is handed it, a second first is dropped', () => {
  const store = memoryStore();
  const a = frameAt(`${LAB}/embed.html?exercise=rope`);
  const b = frameAt(`${LAB}/embed.html?exercise=rope`);
  const wrong = { correct: false, score: 0, maxScore: 1, solutionViewed: false };
  withHost([a, b], { store }, (send) => {
    send(a, { type: 'pelab:result', exercise: 'rope', ...wrong });
    send(b, { type: 'pelab:result', exercise: 'rope', correct: true, score: 1, maxScore: 1, solutionViewed: false });
  });
  assert.equal(a.dispatched.length + b.dispatched.length, 1);
  assert.deepEqual(b.posted.at(-1)[0].record, wrong, 'the twin is handed the first record');
  // Another course on the same site keeps its own records.
  const other = frameAt(`${LAB}/embed.html?exercise=rope`);
  withHost([other], { store, course: 'c2' }, (send) => send(other, { type: 'pelab:hello', exercise: 'rope' }));
  assert.equal(other.posted.at(-1)[0].record, null);
});

test('a result that is no record (an inflated score, a bad name) is neither kept nor dispatched; a height is capped', () => {
  const store = memoryStore();
  const frame = frameAt(`${LAB}/embed.html?exercise=rope`);
  const lies = [
    { exercise: 'rope', correct: true, score: 1e9, maxScore: 1e9, solutionViewed: false },
    { exercise: 'rope', correct: true, score: 2, maxScore: 1, solutionViewed: false },
    { exercise: 'rope', correct: 'yes', score: 1, maxScore: 1, solutionViewed: false },
    { exercise: '__proto__', correct: true, score: 1, maxScore: 1, solutionViewed: false },
    { exercise: 'x'.repeat(3e6), correct: true, score: 1, maxScore: 1, solutionViewed: false },
  ];
  withHost([frame], { store }, (send) => {
    for (const lie of lies) send(frame, { type: 'pelab:result', ...lie });
    send(frame, { type: 'pelab:resize', height: 1e9 });
  });
  assert.equal(frame.dispatched.length, 0);
  assert.equal(store.getItem('pelab:embed-records:v1'), null);
  assert.equal(frame.style.height, '100000px');
});

test('a store that throws on every write still welcomes and dispatches', () => {
  const store = {
    getItem: () => null,
    setItem() {
      throw new DOMException('full', 'QuotaExceededError');
    },
  };
  const frame = frameAt(`${LAB}/embed.html?exercise=rope`);
  withHost([frame], { store }, (send) => {
    send(frame, { type: 'pelab:hello', exercise: 'rope' });
    send(frame, {
      type: 'pelab:result',
      exercise: 'rope',
      correct: true,
      score: 1,
      maxScore: 1,
      solutionViewed: false,
    });
  });
  assert.equal(frame.posted.at(-1)[0].type, 'pelab:welcome');
  assert.equal(frame.dispatched.length, 1);
});

test('a record kept under an id merged into another is the merged exercise’s: handed to its hello, and its first', () => {
  const store = memoryStore();
  const kept = { correct: true, score: 1, maxScore: 1, solutionViewed: false };
  // What a course page kept for an embed of shifted-dot-product before it was merged into clock-hands.
  store.setItem(
    'pelab:embed-records:v1',
    JSON.stringify({ [JSON.stringify(['c1', LAB, 'shifted-dot-product'])]: kept }),
  );
  const frame = frameAt(`${LAB}/embed.html?exercise=shifted-dot-product`);
  withHost([frame], { store }, (send) => {
    send(frame, { type: 'pelab:hello', exercise: 'clock-hands' }); // the frame speaks for the merged exercise
    send(frame, { type: 'pelab:result', exercise: 'clock-hands', correct: false, score: 0, maxScore: 1 });
  });
  assert.deepEqual(frame.posted.find(([data]) => data.type === 'pelab:welcome')[0].record, kept);
  assert.equal(frame.dispatched.length, 0, 'the kept record was the first: a new one does not reach the course');
});

test('what is no record in the course page’s store hides no merged record and blocks no first record', () => {
  const store = memoryStore();
  const kept = { correct: true, score: 1, maxScore: 1, solutionViewed: false };
  const at = (id) => JSON.stringify(['c1', LAB, id]);
  store.setItem(
    'pelab:embed-records:v1',
    JSON.stringify({ [at('closest-offset')]: 'junk', [at('clock-hands')]: kept, [at('rope')]: { score: 1e9 } }),
  );
  const clock = frameAt(`${LAB}/embed.html?exercise=closest-offset`);
  const rope = frameAt(`${LAB}/embed.html?exercise=rope`);
  withHost([clock, rope], { store }, (send) => {
    send(clock, { type: 'pelab:hello', exercise: 'clock-hands' });
    send(rope, { type: 'pelab:hello', exercise: 'rope' });
    send(rope, { type: 'pelab:result', exercise: 'rope', correct: true, score: 1, maxScore: 1, solutionViewed: false });
  });
  const welcome = (frame) => frame.posted.find(([data]) => data.type === 'pelab:welcome')[0];
  assert.deepEqual(welcome(clock).record, kept, 'closest-offset’s junk does not hide clock-hands’s record');
  assert.equal(welcome(rope).record, null);
  assert.equal(rope.dispatched.length, 1, 'the first real record of rope reaches the course');
});
