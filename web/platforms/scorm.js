// The lesson as a SCORM 1.2 or SCORM 2004 (4th edition) content object: finds the LMS's API in the frame
// chain, keeps the lesson's progress in the LMS's suspend data (so a relaunch resumes it), and reports
// each record as an interaction, then the score, completion and success status and the session time.
// What is recorded is decided by web/attempts.js, as everywhere; this module only relays it.
import { interactionIndex, interactionOf, sessionTime, statusOf } from './report.js';
import { SEED_KEY, adoptSeed, learnerSeed } from '../order.js';

const NAMES = { 1.2: 'API', 2004: 'API_1484_11' };

// The standard walk (ADL's findAPI): this window and its parents, then the opener's. A frame of another
// origin cannot be read (the access throws): it is skipped, not fatal.
function searchUp(win, name) {
  for (let w = win, depth = 0; w && depth < 500; depth++) {
    try {
      if (w[name]) return w[name];
    } catch {
      /* another origin */
    }
    let parent = null;
    try {
      parent = w.parent;
    } catch {
      /* unreachable */
    }
    if (!parent || parent === w) break;
    w = parent;
  }
  return null;
}
/** The LMS's API object for `version` ('1.2' or '2004'), or null where there is no LMS. */
export function findApi(win, version) {
  const name = NAMES[version];
  let opener = null;
  try {
    opener = win.top?.opener ?? win.opener;
  } catch {
    /* another origin */
  }
  return searchUp(win, name) ?? (opener ? searchUp(opener, name) : null);
}

// A number as SCORM writes one (a real, e.g. "80" or "0.8"); anything else, '' and ' ' included (which
// Number() reads as 0, a pass for everyone), is no number.
const decimal = (text) => (/^-?\d+(\.\d+)?$/.test(text) ? Number(text) : NaN);

// One vocabulary over both versions' calls and elements.
const DIALECTS = {
  1.2: {
    calls: ['LMSInitialize', 'LMSFinish', 'LMSGetValue', 'LMSSetValue', 'LMSCommit'],
    suspend: 'cmi.suspend_data',
    exit: 'cmi.core.exit',
    sessionTime: 'cmi.core.session_time',
    passing: (get) => decimal(get('cmi.student_data.mastery_score')) / 100,
    score: 'cmi.core.score',
    interactionResponse: 'student_response',
    status(set, s) {
      // Nothing graded (s.passed null once complete): completed, neither passed nor failed.
      const done = s.passed === null ? 'completed' : s.passed ? 'passed' : 'failed';
      set('cmi.core.lesson_status', s.complete ? done : 'incomplete');
    },
  },
  2004: {
    calls: ['Initialize', 'Terminate', 'GetValue', 'SetValue', 'Commit'],
    suspend: 'cmi.suspend_data',
    exit: 'cmi.exit',
    sessionTime: 'cmi.session_time',
    passing: (get) => decimal(get('cmi.scaled_passing_score')),
    score: 'cmi.score',
    interactionResponse: 'learner_response',
    status(set, s) {
      if (s.scaled !== null) set('cmi.score.scaled', String(Math.round(s.scaled * 1e4) / 1e4));
      set('cmi.completion_status', s.complete ? 'completed' : 'incomplete');
      set('cmi.success_status', s.complete && s.passed !== null ? (s.passed ? 'passed' : 'failed') : 'unknown');
    },
  },
};

// An LMS's API is code of another party's: any call may throw, a method may be missing, the API may be no
// object at all (a string, a Proxy that throws on every access), and an answer may be anything. Every call
// goes through here: it answers the LMS's answer as a string, or null when the call failed, which no
// check below takes for success ('true' is success, as SCORM says).
function caller(api) {
  return (name, ...args) => {
    try {
      return String(api[name](...args));
    } catch {
      return null;
    }
  };
}
// What a thrown value says, even one that throws when read.
function describe(error) {
  try {
    return String(error?.message ?? error);
  } catch {
    return 'an unreadable error';
  }
}
function initialize(api, name) {
  let answer;
  try {
    if (typeof api[name] !== 'function') throw new TypeError(`the API has no ${name} method`);
    answer = String(api[name](''));
  } catch (error) {
    throw new Error(`The course platform did not start a session (${name}: ${describe(error)}).`);
  }
  if (answer !== 'true')
    throw new Error(`The course platform did not start a session (${name} answered “${answer.slice(0, 40)}”).`);
}

/**
 * Starts a session with the LMS, or returns null where none is found (the page then works as it does
 * alone, with its progress in the site's storage); throws, saying why, when the LMS is there but will not start
 * one (connect.js then gives the page a session that keeps nothing and says so). `passing`: the scaled
 * score that passes unless the LMS sets its own (mastery score, scaled passing score). Returns {version,
 * problem: null, storage, record, track, finish}: `storage` is a Storage-like object for web/progress.js,
 * backed by the suspend data; record answers whether the LMS kept the record.
 */
export function connectScorm({ version, passing, exercises, win = window }) {
  const api = findApi(win, version);
  if (!api) return null;
  const d = DIALECTS[version];
  const [init, terminate, getValue, setValue, commit] = d.calls;
  initialize(api, init);
  const call = caller(api);
  const started = Date.now();
  const get = (element) => call(getValue, element) ?? '';
  const set = (element, value) => call(setValue, element, String(value)) === 'true';

  // The suspend data: what the page would keep in the site's storage, keyed the same way.
  let saved = {};
  try {
    const parsed = JSON.parse(get(d.suspend) || '{}');
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) saved = parsed;
  } catch {
    /* foreign or corrupt: start afresh */
  }
  // The option order follows the learner from launch to launch (and from device to device): the suspend
  // data's seed when it has one, read by order.js's own rule (a seed it would not take, such as 'abc', gives
  // way to a new one: kept, it would show one order and report the interactions in another), else this
  // browser's.
  const suspended = Object.hasOwn(saved, SEED_KEY) ? { getItem: () => saved[SEED_KEY], setItem() {} } : undefined;
  const seed = String(adoptSeed(learnerSeed(suspended))); // where the questions read it
  saved[SEED_KEY] = seed;
  // Whether the LMS took the last suspend data: a record is kept only if the progress holding it is.
  let suspendKept = false;
  let nextIndex = 0; // one past the last interaction this session wrote
  const storage = {
    getItem: (key) => (Object.hasOwn(saved, key) ? saved[key] : null),
    setItem(key, value) {
      saved[key] = String(value);
      suspendKept = set(d.suspend, JSON.stringify(saved));
    },
  };
  set(d.exit, 'suspend'); // the LMS keeps the suspend data for the next launch

  const lmsPassing = d.passing(get);
  const threshold = Number.isFinite(lmsPassing) && lmsPassing >= 0 && lmsPassing <= 1 ? lmsPassing : passing;
  const byId = new Map(exercises.map((e) => [e.id, e]));
  let finished = false;

  /** The session time, then a commit: answers whether the LMS committed. */
  function save() {
    set(d.sessionTime, sessionTime(Date.now() - started, version));
    return call(commit, '') === 'true';
  }

  return {
    version,
    problem: null,
    storage,
    /**
     * A new record (the first check, or the solution viewed first): one interaction, then a commit.
     * Answers whether the LMS kept it: every value taken, the suspend data too, and the commit done.
     */
    record(id, record) {
      // The LMS's count, but never below the interactions this session wrote: an LMS whose _count does not
      // grow would have each record overwrite the one before.
      const counted = interactionIndex(get('cmi.interactions._count'));
      const n = counted === null ? null : Math.max(counted, nextIndex);
      if (n === null) {
        save();
        return false; // refused by rule (report.js): no place the LMS gave to write it
      }
      const i = interactionOf(byId.get(id), record, { version, seed: Number(seed) });
      const at = (field, value) => set(`cmi.interactions.${n}.${field}`, value);
      nextIndex = n + 1;
      const written = [
        at('id', i.id),
        at('type', i.type),
        i.correctResponse === null || at('correct_responses.0.pattern', i.correctResponse),
        i.response === null || at(d.interactionResponse, i.response),
        at('result', i.result),
        at('weighting', i.weighting),
        version !== '2004' || at('timestamp', new Date().toISOString()), // UTC, and marked so (Z)
      ];
      const committed = save();
      return committed && suspendKept && written.every(Boolean);
    },
    /** Reports the score and statuses now and after every change of `progress` (web/progress.js). */
    track(progress, maxScores) {
      progress.subscribe(({ byId: records }) => {
        const s = statusOf({ records, maxScores, passing: threshold });
        // A package with nothing graded (only a prediction) reports completion, never a score out of 0.
        if (s.percent !== null) {
          set(`${d.score}.min`, 0);
          set(`${d.score}.max`, 100);
          set(`${d.score}.raw`, s.percent);
        }
        d.status(set, s);
        save();
      });
    },
    /** Ends the session (on pagehide): the session time, a last commit, LMSFinish/Terminate. */
    finish() {
      if (finished) return;
      finished = true;
      save();
      call(terminate, '');
    },
  };
}
