// Starting the WebAssembly core where a learner can see it: "Starting…" while it loads, a note if it takes
// long, and, when it cannot load, which URL failed, why, what to do, and a retry — never an endless spinner.
// Used by embed.html, <pe-exercise>, the single-exercise launch page and the lesson page.
import { h } from './dom.js';

const SLOW_MS = 10000;
// createLab's LabLoadError says what failed at which URL, then (its `hint`) what to do.
const HINT =
  'serve the .wasm beside its module, or tell createLab where it is with locateFile; under a ' +
  "Content-Security-Policy, script-src must allow 'wasm-unsafe-eval' (README: “Hosting the site”)";

/** The failure's words: what failed at which URL, what to do; `retry` is called by its button. */
export function loadFailure(error, retry) {
  const hint = typeof error?.hint === 'string' ? error.hint : HINT;
  const what = String(error?.message ?? error ?? 'unknown error')
    .replace(/^createLab: /, '')
    .replace(`: ${hint}`, '')
    .replace(/^Aborted\((.*)\)$/s, '$1')
    .replace(/^could not (fetch or compile|read) the WebAssembly core/, 'the browser could not $1 it');
  return h(
    'div',
    { class: 'load-failure error', role: 'alert' },
    h('p', {}, `The WebAssembly core could not start: ${what}.`),
    h('p', {}, `If you host the lab: ${hint}.`),
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
