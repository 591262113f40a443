// Starting the WebAssembly core where a learner can see it: "Starting…" while it loads, a note if it takes
// long, and, when it cannot load, which URL failed, why, what to do, and a retry — never an endless spinner.
// Used by embed.html, <pe-exercise>, the single-exercise launch page and the lesson page. Its words are the
// `widgets` catalog's, in the language of the `t` it is given (English by default); what createLab's error
// says of the failure (the API's words, for developers) is shown as it is, but for the fetch or read failures
// the page rewords.
import { h } from './dom.js';
import { widgetWords } from './describe.js';

const SLOW_MS = 10000;

/** The failure's words: what failed at which URL, what to do; `retry` is called by its button. */
export function loadFailure(error, retry, t) {
  const w = widgetWords(t);
  // createLab's LabLoadError says what failed at which URL, then (its `hint`) what to do.
  const given = typeof error?.hint === 'string' ? error.hint : null;
  const hint = given ?? w('core.hint');
  let what = String(error?.message ?? error ?? w('core.unknown')).replace(/^createLab: /, '');
  if (given) what = what.replace(`: ${given}`, '');
  what = what.replace(/^Aborted\((.*)\)$/s, '$1');
  // "could not fetch or compile the WebAssembly core (why) at url": the browser could not, said in the page's words.
  const failed = /^could not (fetch or compile|read) the WebAssembly core \((.*)\) at (\S.*)$/s.exec(what);
  if (failed)
    what = w(failed[1] === 'read' ? 'core.cannotRead' : 'core.cannotFetch', { why: failed[2], url: failed[3] });
  return h(
    'div',
    { class: 'load-failure error', role: 'alert' },
    h('p', {}, w('core.failed', { reason: what })),
    h('p', {}, w('core.hostHint', { hint })),
    retry ? h('button', { type: 'button', class: 'secondary', onclick: retry }, w('core.retry')) : null,
  );
}

/**
 * `load()` started now, as loadLab's `load`: its first call takes that promise, a retry loads afresh. For a
 * page that knows its build before its words have loaded: the core downloads meanwhile.
 */
export function startedNow(load) {
  let early = load();
  early.catch(() => {}); // shown where loadLab awaits it
  return () => {
    const first = early;
    early = null;
    return first ?? load();
  };
}

/**
 * Resolves with the lab from `load()` (createLab, or a shared promise of it), showing its progress in
 * `container`; on a failure it shows `loadFailure` there and waits for the learner to try again. `t`: the
 * translator its lines are written in.
 */
export async function loadLab(container, load, t) {
  const w = widgetWords(t);
  for (;;) {
    const line = h('p', { role: 'status' }, w('core.starting'));
    container.replaceChildren(line);
    const slow = setTimeout(() => {
      line.textContent = w('core.slow');
    }, SLOW_MS);
    try {
      return await load();
    } catch (error) {
      await new Promise((retry) => container.replaceChildren(loadFailure(error, retry, w)));
    } finally {
      clearTimeout(slow);
    }
  }
}
