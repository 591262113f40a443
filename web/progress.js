// Lesson progress in localStorage: per exercise, whether it was answered and whether correctly.
// Anything unreadable or foreign under our key is discarded and replaced, never trusted.
const KEY = 'pelab:progress:v1';

function sanitize(raw, ids) {
  const clean = {};
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return clean;
  for (const id of ids) {
    const entry = raw[id];
    if (entry && typeof entry === 'object' && typeof entry.answered === 'boolean' && typeof entry.correct === 'boolean')
      clean[id] = { answered: entry.answered, correct: entry.correct };
  }
  return clean;
}

export function createProgress(ids, storage = globalThis.localStorage) {
  let state = {};
  try {
    state = sanitize(JSON.parse(storage?.getItem(KEY) ?? '{}'), ids);
  } catch {
    state = {};
  }
  const listeners = new Set();
  const save = () => {
    try { storage?.setItem(KEY, JSON.stringify(state)); } catch { /* storage full or blocked: keep in memory */ }
    listeners.forEach((f) => f(summary()));
  };
  function summary() {
    const values = ids.map((id) => state[id] ?? { answered: false, correct: false });
    return { total: ids.length, answered: values.filter((v) => v.answered).length,
      correct: values.filter((v) => v.correct).length, byId: { ...state } };
  }
  save();  // rewrites whatever was there in clean form
  return {
    record(id, correct) { if (ids.includes(id)) { state[id] = { answered: true, correct: Boolean(correct) }; save(); } },
    reset() { state = {}; save(); },
    summary,
    subscribe(f) { listeners.add(f); f(summary()); return () => listeners.delete(f); },
  };
}
