// Starting the WebAssembly core where a learner can see it: "Starting…" while it loads, a note if it takes
// long, and, when it cannot load, which URL failed, why, what to do, and a retry — never an endless spinner.
// Used by embed.html, <pe-exercise>, the single-exercise launch page and the lesson page.
import { h } from './dom.js';

const SLOW_MS = 10000;
const HINT =
  'If you host the lab: the .wasm file must be served beside its module (or named by createLab’s locateFile), ' +
  'and a Content-Security-Policy must allow \u2018wasm-unsafe-eval\u2019 (see the README, “Hosting the site”).';

/** The failure's words: which URL, what went wrong, what to do; `retry` is called by its button. */
export function loadFailure(error, retry) {
  const url = typeof error?.url === 'string' ? error.url : null;
  const reason = String(error?.message ?? error ?? 'unknown error').replace(/^Aborted\((.*)\)$/s, '$1');
  return h(
    'div',
    { class: 'load-failure error', role: 'alert' },
    h(
      'p',
      {},
      url
        ? `The exercise could not start: the lab’s WebAssembly core did not load from ${url}.`
        : 'The exercise could not start: the lab’s WebAssembly core did not load.',
    ),
    h('p', {}, `What went wrong: ${reason}`),
    h('p', {}, typeof error?.hint === 'string' ? error.hint : HINT),
    retry ? h('button', { type: 'button', class: 'secondary', onclick: retry }, 'Try again') : null,
  );
}

/**
 * Resolves with the lab from `load()` (createLab, or a shared promise of it), showing its progress in
 * `container`; on a failure it shows `loadFailure` there and waits for the learner to try again.
 */
export async function loadLab(container, load) {
  for (;;) {
    const line = h('p', { role: 'status' }, 'Starting the WebAssembly core…');
    container.replaceChildren(line);
    const slow = setTimeout(() => {
      line.textContent = 'Still starting the WebAssembly core: this is taking longer than it should (a slow network?).';
    }, SLOW_MS);
    try {
      return await load();
    } catch (error) {
      await new Promise((retry) => container.replaceChildren(loadFailure(error, retry)));
    } finally {
      clearTimeout(slow);
    }
  }
}
