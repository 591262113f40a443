// <pe-exercise name="ID">: one exercise of the lesson in a shadow root, styled by the same sheets as
// the page (adopted as constructed stylesheets, which a strict CSP allows) and themeable through the
// --pe-* custom properties. It loads the wasm core once per page, dispatches `pe-ready` once mounted and
// `pe-result` ({exercise, correct, score, maxScore, solutionViewed}) once per task, when the record is made
// (see web/attempts.js), both bubbling and composed, and exposes the H5P question contract.
import { createLab } from 'positional-encoding-lab';
import { findExercise, unknownExerciseMessage } from '../exercises/index.js';
import { loadExercises } from '../exercises/loaders.js';
import { chooseLocale } from '../i18n/locales.js';
import { loadCatalogs, translator } from '../i18n/messages.js';
import { h } from '../widgets/dom.js';
import { mountExercise } from '../mount.js';
import { loadLab } from '../widgets/core-loader.js';
import themeCss from '../styles/theme.css?inline';
import controlsCss from '../styles/controls.css?inline';
import exerciseCss from '../styles/exercise.css?inline';

// One core per page, loaded by the first exercise; after a failure the next try loads it afresh.
let labPromise;
const sharedLab = () =>
  (labPromise ??= createLab().catch((error) => {
    labPromise = undefined;
    throw error;
  }));

// The records made on this page, by exercise: an exercise renamed away and back, or mounted twice, restores
// its record instead of offering a second first attempt (the host's platform keeps them across visits). A
// record made in one element is handed to the other elements of that exercise at once.
const records = new Map();
const live = new Set();

// A language set on an ancestor after the element mounted (a site's own language switch rewriting <html lang>)
// reaches it too: one observer for the page, watching lang attributes only; each element re-mounts only if its
// language changed (its record is kept, as on any re-mount).
let languageWatch = null;
function watchLanguages() {
  if (languageWatch || typeof MutationObserver !== 'function') return;
  languageWatch = new MutationObserver(() => live.forEach((el) => el.languageChanged()));
  languageWatch.observe(document.documentElement, { attributes: true, attributeFilter: ['lang'], subtree: true });
}

let sheets;
function styleSheets() {
  if (!sheets) {
    sheets = [themeCss, controlsCss, exerciseCss].map((css) => {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(css);
      return sheet;
    });
  }
  return sheets;
}

export class PeExercise extends HTMLElement {
  static observedAttributes = ['name', 'lang'];
  #controller = null;
  #mounted = null;
  #mountedKey = null;
  #exercise = null; // the exercise shown, in this element's language
  #lab = null;

  constructor() {
    super();
    this.attachShadow({ mode: 'open' }).adoptedStyleSheets = styleSheets();
  }

  connectedCallback() {
    live.add(this);
    watchLanguages();
    // Back in the document after a twin made the record while it was out: it shows that record.
    const name = this.#mounted;
    const id = findExercise(name)?.id;
    if (name !== null && name === this.getAttribute('name') && records.has(id) && this.#controller?.record === null)
      this.#show(this.#exercise, this.#lab);
    this.#mount();
  }
  disconnectedCallback() {
    live.delete(this);
  }
  attributeChangedCallback() {
    if (this.isConnected) this.#mount();
  }
  /** (Called by the page's language observer.) */
  languageChanged() {
    if (this.isConnected) this.#mount();
  }

  // The language it speaks: its own lang attribute, else the nearest ancestor's (as HTML inherits lang), where
  // the course is written in it; else the browser's languages (web/i18n/locales.js).
  #locale() {
    const asked = this.closest('[lang]')?.getAttribute('lang');
    return chooseLocale({ asked, languages: navigator.languages ?? [] });
  }

  async #mount() {
    const name = this.getAttribute('name');
    const locale = this.#locale();
    const key = `${name}\u0000${locale}`;
    if (key === this.#mountedKey) return;
    this.#mountedKey = key;
    this.#mounted = name;
    this.#controller = null;
    const english = findExercise(name);
    if (!english) {
      this.shadowRoot.replaceChildren(h('p', { class: 'error', role: 'alert' }, unknownExerciseMessage(name)));
      return;
    }
    // Its words in the language (English is loaded already, with every exercise: exercises/index.js).
    await loadCatalogs(locale, ['common', 'widgets']).catch(() => loadCatalogs('en', ['common', 'widgets']));
    const [exercise, lab] = await Promise.all([
      locale === 'en' ? english : loadExercises([english.id], locale).then(([e]) => (e.loadError ? english : e)),
      loadLab(this.shadowRoot, sharedLab, translator(locale)),
    ]);
    if (this.#mountedKey !== key) return; // renamed while loading
    this.#show(exercise, lab);
    // Bubbles and crosses shadow roots like pe-result, so one listener on the document hears every exercise;
    // a listener on the element hears it as before.
    this.dispatchEvent(
      new CustomEvent('pe-ready', { bubbles: true, composed: true, detail: { exercise: exercise.id } }),
    );
  }

  // The exercise in the shadow root, restoring this page's record of it. Records and results are keyed by the
  // exercise's id: a merged exercise's old name shares them with the one it was merged into.
  #show(exercise, lab) {
    this.#lab = lab;
    this.#exercise = exercise;
    const name = exercise.id;
    const section = h(
      'section',
      { 'data-exercise': name, 'aria-labelledby': 'title' },
      h('h2', { id: 'title' }, exercise.title),
    );
    this.shadowRoot.replaceChildren(section);
    this.#controller = mountExercise(exercise, section, {
      lab,
      restored: records.get(name) ?? null,
      onRecord: (r) => {
        records.set(name, r);
        this.#report(name, r);
        for (const twin of live)
          if (twin !== this && findExercise(twin.#mounted)?.id === name && twin.#controller?.record === null)
            twin.#show(twin.#exercise, lab);
      },
    });
  }

  // Once per task: the first checked attempt, or "solution viewed" (score 0) if that came first.
  #report(exercise, { correct, score, maxScore, solutionViewed, prediction }) {
    const predicted = maxScore === 0 ? { prediction } : {}; // a prediction's letter (not graded)
    this.dispatchEvent(
      new CustomEvent('pe-result', {
        bubbles: true,
        composed: true,
        detail: { exercise, correct, score, maxScore, solutionViewed, ...predicted },
      }),
    );
  }

  /** Whether the exercise has started (the core is loaded and the exercise mounted). */
  get ready() {
    return this.#controller !== null;
  }
  getScore() {
    return this.#controller?.getScore() ?? 0;
  }
  getMaxScore() {
    return this.#controller?.getMaxScore() ?? 0;
  }
  getAnswerGiven() {
    return this.#controller?.getAnswerGiven() ?? false;
  }
  resetTask() {
    this.#controller?.resetTask();
  }
  showSolutions() {
    this.#controller?.showSolutions();
  }
}

if (!customElements.get('pe-exercise')) customElements.define('pe-exercise', PeExercise);
