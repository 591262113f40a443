// The one line a page shows when the browser lets it keep nothing (web/storage.js): the learner's records
// then live for this visit, unless a course page keeps them (embed.html's host helper says so in its
// welcome). (The Storage Access API could ask for the lab's own storage on a click, but its handle must be
// asked for again on every load, and headless Chromium can only refuse it: not offered, for now.)
import { h } from './dom.js';
import { translator } from '../i18n/messages.js';

/** The note, or null when the storage persists. `host`: a promise of the host's welcome, for embed.html. */
export function storageNote(store, host = null, t = translator()) {
  if (store.persistent) return null;
  const note = h('p', { class: 'storage-note hint', role: 'note' }, t('storage.visitOnly'));
  host?.then((welcome) => {
    if (welcome?.keeps === true) note.textContent = t('storage.hostKeeps');
  });
  return note;
}
