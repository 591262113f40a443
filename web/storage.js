// The one place the pages touch the browser's site storage. In a cross-site frame with third-party storage
// blocked (Chromium's default, Safari, Brave, private windows), and on a page whose site data the learner
// blocked, merely *reading* `localStorage` throws a SecurityError; elsewhere a full or disabled storage throws
// on write. So nothing else reads `globalThis.localStorage`: it asks here, once, and gets either the real
// storage (`persistent: true`) or a store that lives for this visit (`persistent: false`), with the same
// getItem / setItem / removeItem, none of which ever throws.

function probe() {
  let storage;
  try {
    storage = globalThis.localStorage; // the read that throws when storage is blocked
    if (!storage) return null;
    storage.getItem('pelab:probe');
  } catch {
    return null;
  }
  try {
    storage.setItem('pelab:probe', '1');
    storage.removeItem('pelab:probe');
  } catch (error) {
    // Full (another app on a shared origin filled it): what it holds is still read, and new records are kept
    // in memory by their owners. Any other refusal to write is storage denied.
    if (error?.name !== 'QuotaExceededError') return null;
  }
  return storage;
}

function guarded(storage) {
  return {
    persistent: true,
    getItem(key) {
      try {
        return storage.getItem(key);
      } catch {
        return null;
      }
    },
    setItem(key, value) {
      try {
        storage.setItem(key, String(value));
        return true;
      } catch {
        return false; // full, or blocked since the probe: the caller keeps its copy in memory
      }
    },
    removeItem(key) {
      try {
        storage.removeItem(key);
      } catch {
        /* nothing to keep */
      }
    },
  };
}

/** A store for this visit only, shaped like the guarded storage (for tests, and where storage is denied). */
export function memoryStore() {
  const values = new Map();
  return {
    persistent: false,
    getItem: (key) => (values.has(key) ? values.get(key) : null),
    setItem(key, value) {
      values.set(key, String(value));
      return true;
    },
    removeItem: (key) => void values.delete(key),
  };
}

let site;
/** This page's site storage, guarded; a store for the visit when the browser denies it. Probed once. */
export function siteStorage() {
  if (!site) {
    const storage = probe();
    site = storage ? guarded(storage) : memoryStore();
  }
  return site;
}
