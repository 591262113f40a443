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

// The records handed to frames, one per lab origin and exercise: what the frame reported first, in the
// course page's storage (for the visit only where that is denied too). The frame checks what it is given.
const RECORDS_KEY = 'pelab:embed-records:v1';
function embedRecords(store) {
  const read = () => {
    try {
      const saved = JSON.parse(store.getItem(RECORDS_KEY) ?? '{}');
      return saved !== null && typeof saved === 'object' && !Array.isArray(saved) ? saved : {};
    } catch {
      return {};
    }
  };
  const key = (origin, exercise) => `${origin} ${exercise}`;
  return {
    // The learner's seed for a lab origin (its option order), beside its records ('#seed' is no exercise id).
    seed(origin) {
      const saved = read();
      const at = key(origin, '#seed');
      const seed = learnerSeed({ getItem: () => saved[at] ?? null, setItem: (_, value) => (saved[at] = value) });
      store.setItem(RECORDS_KEY, JSON.stringify(saved));
      return seed;
    },
    get(origin, exercise) {
      const saved = read();
      return Object.hasOwn(saved, key(origin, exercise)) ? saved[key(origin, exercise)] : null;
    },
    keepFirst(origin, exercise, record) {
      const saved = read();
      if (Object.hasOwn(saved, key(origin, exercise))) return; // the first record stays the record
      saved[key(origin, exercise)] = record;
      try {
        store.setItem(RECORDS_KEY, JSON.stringify(saved));
      } catch {
        /* a course's own store that failed (web/storage.js's never throws): the course still hears the result */
      }
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

export function connectEmbeds({ origins, root = document, actor, store = siteStorage() } = {}) {
  if (!Array.isArray(origins) || origins.length === 0 || !origins.every((o) => typeof o === 'string'))
    throw new TypeError(`connectEmbeds: origins must be a non-empty array of origin strings, ${EXAMPLE}`);
  const agent = actor === undefined ? null : checkAgent(actor, 'connectEmbeds: actor');
  if (store !== null && (typeof store?.getItem !== 'function' || typeof store?.setItem !== 'function'))
    throw new TypeError('connectEmbeds: store must be null or have getItem and setItem, like localStorage');
  const records = store === null ? null : embedRecords(store);
  const allowed = new Set(origins.map(webOrigin));
  const frameOf = (source) => [...root.querySelectorAll('iframe')].find((f) => f.contentWindow === source);
  const validName = (name) => typeof name === 'string' && name.length <= 64;

  function onMessage(event) {
    if (!allowed.has(event.origin)) return;
    const data = event.data;
    if (data === null || typeof data !== 'object' || typeof data.type !== 'string') return;
    const frame = frameOf(event.source);
    if (!frame) return;
    if (data.type === 'pelab:resize' && Number.isFinite(data.height) && data.height >= 0) {
      frame.style.height = `${Math.ceil(data.height)}px`;
    } else if (data.type === 'pelab:hello' && validName(data.exercise)) {
      const record = records?.get(event.origin, data.exercise) ?? null;
      const keeps = store?.persistent !== false && !!records;
      const seed = records?.seed(event.origin) ?? null;
      event.source.postMessage({ type: 'pelab:welcome', exercise: data.exercise, record, keeps, seed }, event.origin);
    } else if (data.type === 'pelab:result') {
      const { exercise, correct, score, maxScore, solutionViewed } = data;
      if (validName(exercise)) records?.keepFirst(event.origin, exercise, { correct, score, maxScore, solutionViewed });
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
