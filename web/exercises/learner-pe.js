// The learner's own pe(), once implement-it has run it and found it right on this page, so that
// same-token-different-position can add it to token embeddings (the lesson card's second rep). It lives as
// long as the page: nothing is stored, and an embed page showing one exercise never has it.
let code = null;
const listeners = new Set();

/** The code of the learner's correct pe(), or null. */
export const learnerPeCode = () => code;

/** Records a correct pe() and tells every listener. */
export function setLearnerPe(source) {
  code = source;
  for (const listener of listeners) listener(source);
}

/** Calls `listener(code)` whenever a correct pe() is recorded. */
export const onLearnerPe = (listener) => listeners.add(listener);
