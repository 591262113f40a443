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
  return { src, contentWindow, style: {}, posted, dispatchEvent() {} };
}

function withHost(frames, options, body) {
  const listeners = new EventTarget();
  globalThis.window = listeners;
  try {
    const stop = connectEmbeds({ origins: [LAB], root: { querySelectorAll: () => frames }, ...options });
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
  assert.deepEqual(kept[`${LAB} rope`], first);
  assert.deepEqual(Object.keys(kept).sort(), [`${LAB} #seed`, `${LAB} rope`]);
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
