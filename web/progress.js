// Lesson progress in localStorage: per exercise, whether it was answered and whether correctly.
// Anything unreadable or foreign under our key is discarded and replaced, never trusted.
const KEY = 'pelab:progress:v1';

// A stored record is kept only if it is exactly what record() writes: {answered: true, correct: boolean}
// under a known id (own property). Anything else, {answered: false, correct: true} included, is dropped,
// so what is shown as correct was answered correctly on this page.
const isRecord = (entry) => entry !== null && typeof entry === 'object' && !Array.isArray(entry)
  && entry.answered === true && typeof entry.correct === 'boolean';

function sanitize(raw, ids) {
  const clean = new Map();
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return clean;
  for (const id of ids) {
    if (Object.hasOwn(raw, id) && isRecord(raw[id])) clean.set(id, { answered: true, correct: raw[id].correct });
  }
  return clean;
}

export function createProgress(ids, storage = globalThis.localStorage) {
  // A Map keyed by id, so no id (even '__proto__') can reach Object.prototype.
  let state;
  try {
    state = sanitize(JSON.parse(storage?.getItem(KEY) ?? '{}'), ids);
  } catch {
    state = new Map();
  }
  const listeners = new Set();
  const save = () => {
    try { storage?.setItem(KEY, JSON.stringify(Object.fromEntries(state))); } catch { /* storage full or blocked: keep in memory */ }
    listeners.forEach((f) => f(summary()));
  };
  function summary() {
    const values = ids.map((id) => state.get(id) ?? { answered: false, correct: false });
    return { total: ids.length, answered: values.filter((v) => v.answered).length,
      correct: values.filter((v) => v.correct).length, byId: Object.fromEntries(state) };
  }
  save();  // rewrites whatever was there in clean form
  return {
    record(id, correct) { if (ids.includes(id)) { state.set(id, { answered: true, correct: correct === true }); save(); } },
    reset() { state = new Map(); save(); },
    summary,
    subscribe(f) { listeners.add(f); f(summary()); return () => listeners.delete(f); },
  };
}
