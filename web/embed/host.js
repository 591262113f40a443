// The host-page helper for embedded exercises (iframes of embed.html). It listens for the frames'
// messages, accepting only the http(s) origins it was given (so never 'null'): 'pelab:resize' sets the
// iframe's height, and 'pelab:result' is re-dispatched on the iframe as a bubbling `pelab-result` DOM event.
// It also keeps each exercise's record for the frames: a frame across sites usually may not keep anything
// (third-party storage is blocked by default in most browsers), so the course page, which owns the course's
// records, keeps the first record of each exercise in its own storage and hands it back when the frame says
// 'pelab:hello' on a later visit ('pelab:welcome'), with the learner's seed (the options' order).
//
//   import { connectEmbeds } from 'positional-encoding-lab/embed';
//   const stop = connectEmbeds({ origins: ['https://lab.example.org'] });
// `actor` (optional): the learner as an xAPI Agent, e.g. { mbox: 'mailto:…', name }, put into every result's
// statement in place of the frame's anonymous one (web/platforms/xapi.js checks it).
import { checkAgent } from '../platforms/xapi.js';
import { siteStorage } from '../storage.js';
import { learnerSeed } from '../order.js';
import { mergedFrom } from '../records/migrate.js';

const EXAMPLE = 'e.g. ["https://lab.example.org"]';

// The origin of an http(s) URL; anything else is refused. about:blank, data:, file: and the like have the
// opaque origin 'null', which every sandboxed frame and data: document also sends: trusting it would trust them all.
function webOrigin(value) {
  let url;
  try {
    url = new URL(value);
  } catch {
    url = null;
  }
  if (url?.protocol !== 'http:' && url?.protocol !== 'https:')
    throw new TypeError(`connectEmbeds: origin ${JSON.stringify(value)} is not an http: or https: origin, ${EXAMPLE}`);
  return url.origin;
}

// The records handed to frames: per course, lab origin and exercise, what a frame reported first, in the
// course page's storage (for the visit only where that is denied too). `course` tells two courses on one site
// apart (a Moodle or Canvas serves every course from one origin): by default the course page's own path.
const RECORDS_KEY = 'pelab:embed-records:v1';
const EXERCISE = /^[a-z0-9-]{1,64}$/;
const MAX_HEIGHT = 100000; // px: more is no exercise's content, only a frame that lies
// A record as a frame makes it: a whole score of a small maximum (0 for a prediction, which is never
// correct), flags as booleans. (The helper knows no exercise; the frame checks a handed-back record against
// the exercise's own maxScore.)
const isRecord = (r) =>
  r !== null &&
  typeof r === 'object' &&
  Number.isInteger(r.maxScore) &&
  r.maxScore >= 0 &&
  !(r.maxScore === 0 && r.correct !== false) &&
  r.maxScore <= 100 &&
  Number.isInteger(r.score) &&
  r.score >= 0 &&
  r.score <= r.maxScore &&
  typeof r.correct === 'boolean' &&
  typeof r.solutionViewed === 'boolean';

function embedRecords(store, course) {
  // Where the store will not take a write (full, or a course's own store that throws), the records live here for
  // the visit, so the first record still stays the only one, and frames are told nothing is kept.
  let memo = null;
  const read = () => {
    if (memo) return memo;
    try {
      const saved = JSON.parse(store.getItem(RECORDS_KEY) ?? '{}');
      return saved !== null && typeof saved === 'object' && !Array.isArray(saved) ? saved : {};
    } catch {
      return {};
    }
  };
  const write = (saved) => {
    let kept;
    try {
      kept = store.setItem(RECORDS_KEY, JSON.stringify(saved)) !== false; // web/storage.js's says false when full
    } catch {
      kept = false;
    }
    if (!kept) memo = saved;
  };
  const key = (origin, exercise) => JSON.stringify([course, origin, exercise]);
  return {
    keeps: () => memo === null,
    // The learner's seed for a lab origin (the options' order), one for every course.
    seed(origin) {
      const saved = read();
      const at = JSON.stringify(['#seed', origin]);
      const seed = learnerSeed({ getItem: () => saved[at] ?? null, setItem: (_, value) => (saved[at] = value) });
      write(saved);
      return seed;
    },
    // An exercise's record, or the first of those kept under the ids merged into it (web/records/migrate.js).
    // What is no record (a junk or hand-edited store) is none: it neither hides the next id's record nor
    // keeps the exercise's first from being kept.
    get(origin, exercise) {
      const saved = read();
      const at = mergedFrom(exercise).find(
        (id) => Object.hasOwn(saved, key(origin, id)) && isRecord(saved[key(origin, id)]),
      );
      return at === undefined ? null : saved[key(origin, at)];
    },
    /** Keeps `record` if it is the exercise's first; answers whether it was. */
    keepFirst(origin, exercise, record) {
      const saved = read();
      if (this.get(origin, exercise) !== null) return false; // the first record stays the record
      saved[key(origin, exercise)] = record;
      write(saved);
      return true;
    },
  };
}

// The origin a frame's src points at, once it has left its initial about:blank (a frame still loading has the
// page's own origin, and a message addressed to the lab's origin would be refused with a console error).
function loadedOrigin(frame) {
  try {
    if (frame.contentWindow?.location.href === 'about:blank') return null;
  } catch {
    /* another origin's document: it has loaded */
  }
  try {
    return new URL(frame.src, globalThis.document?.baseURI).origin;
  } catch {
    return null;
  }
}

export function connectEmbeds({
  origins,
  root = document,
  actor,
  store = siteStorage(),
  course = `${globalThis.location?.pathname ?? ''}${globalThis.location?.search ?? ''}`,
} = {}) {
  if (!Array.isArray(origins) || origins.length === 0 || !origins.every((o) => typeof o === 'string'))
    throw new TypeError(`connectEmbeds: origins must be a non-empty array of origin strings, ${EXAMPLE}`);
  const agent = actor === undefined ? null : checkAgent(actor, 'connectEmbeds: actor');
  if (store !== null && (typeof store?.getItem !== 'function' || typeof store?.setItem !== 'function'))
    throw new TypeError('connectEmbeds: store must be null or have getItem and setItem, like localStorage');
  if (typeof course !== 'string' || course.length > 1000)
    throw new TypeError('connectEmbeds: course must be a string of at most 1000 characters, naming the course');
  const records = store === null ? null : embedRecords(store, course);
  const allowed = new Set(origins.map(webOrigin));
  const frameOf = (source) => [...root.querySelectorAll('iframe')].find((f) => f.contentWindow === source);
  const validName = (name) => typeof name === 'string' && EXERCISE.test(name);
  const welcome = (target, origin, exercise) =>
    target.postMessage(
      {
        type: 'pelab:welcome',
        exercise,
        record: records?.get(origin, exercise) ?? null,
        seed: records?.seed(origin) ?? null, // (before `keeps`: keeping the seed may be the write that fails)
        keeps: store?.persistent !== false && records !== null && records.keeps(),
      },
      origin,
    );

  function onMessage(event) {
    if (!allowed.has(event.origin)) return;
    const data = event.data;
    if (data === null || typeof data !== 'object' || typeof data.type !== 'string') return;
    const frame = frameOf(event.source);
    if (!frame) return;
    if (data.type === 'pelab:resize' && Number.isFinite(data.height) && data.height >= 0) {
      frame.style.height = `${Math.ceil(Math.min(data.height, MAX_HEIGHT))}px`;
    } else if (data.type === 'pelab:hello' && validName(data.exercise)) {
      welcome(event.source, event.origin, data.exercise);
    } else if (data.type === 'pelab:result' && validName(data.exercise) && isRecord(data)) {
      const { exercise, correct, score, maxScore, solutionViewed } = data;
      // A prediction's letter is kept for the frame, which checks it (web/records/prediction.js).
      const kept = { correct, score, maxScore, solutionViewed };
      if (maxScore === 0 && typeof data.prediction === 'string') kept.prediction = data.prediction.slice(0, 8);
      // Where records are kept, only an exercise's first reaches the course: a second frame of the same
      // exercise, or a second tab, cannot make another; the other frames of it are handed the record.
      if (records && !records.keepFirst(event.origin, exercise, kept)) return;
      if (records)
        for (const other of root.querySelectorAll('iframe'))
          if (other !== frame && loadedOrigin(other) === event.origin)
            welcome(other.contentWindow, event.origin, exercise);
      const statement =
        agent && data.statement && typeof data.statement === 'object'
          ? { ...data.statement, actor: agent }
          : data.statement;
      frame.dispatchEvent(
        new CustomEvent('pelab-result', {
          bubbles: true,
          detail: { exercise, correct, score, maxScore, solutionViewed, statement },
        }),
      );
    }
  }
  window.addEventListener('message', onMessage);
  // Frames that loaded before this call (a course page's script after its iframes) have sent their height
  // and their hello already, to no one: ask each loaded frame of ours for them again. Frames still loading
  // will say hello themselves.
  for (const frame of root.querySelectorAll('iframe')) {
    const origin = loadedOrigin(frame);
    if (allowed.has(origin)) frame.contentWindow.postMessage({ type: 'pelab:hello' }, origin);
  }
  return () => window.removeEventListener('message', onMessage);
}
