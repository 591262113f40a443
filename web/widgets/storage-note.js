// The one line a page shows when the browser lets it keep nothing (web/storage.js): the learner's records
// then live for this visit, unless a course page keeps them (embed.html's host helper says so in its
// welcome). (The Storage Access API could ask for the lab's own storage on a click, but its handle must be
// asked for again on every load, and headless Chromium can only refuse it: not offered, for now.)
import { h } from './dom.js';

const VISIT_ONLY = 'This browser keeps no data for the lab here, so your answers are recorded for this visit only.';
const HOST_KEEPS = 'This browser keeps no data for the lab here; the course page keeps your record of this exercise.';

/** The note, or null when the storage persists. `host`: a promise of the host's welcome, for embed.html. */
export function storageNote(store, host = null) {
  if (store.persistent) return null;
  const note = h('p', { class: 'storage-note hint', role: 'note' }, VISIT_ONLY);
  host?.then((welcome) => {
    if (welcome?.keeps === true) note.textContent = HOST_KEEPS;
  });
  return note;
}
