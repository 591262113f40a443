// Runs a learner's function in its own thread, so an endless loop can be stopped by terminating the
// worker. The code is compiled here with Function(): this worker file is the one place that needs
// 'unsafe-eval' (see README: served with its own CSP). It receives {code, positions, dModel} and
// answers {values}, {error} (the JavaScript error, as the engine words it) or {noPe: true} (the code defines no
// function pe: the page says so in the learner's language, implement-it.js). It has no words of its own.
self.onmessage = ({ data: { code, positions, dModel } }) => {
  try {
    const pe = new Function(`"use strict";\n${code}\nreturn typeof pe === 'function' ? pe : undefined;`)();
    if (typeof pe !== 'function') {
      self.postMessage({ noPe: true });
      return;
    }
    const values = new Float64Array(positions * dModel);
    for (let p = 0; p < positions; p++)
      for (let i = 0; i < dModel; i++) values[p * dModel + i] = Number(pe(p, i, dModel));
    self.postMessage({ values });
  } catch (error) {
    self.postMessage({ error: `${error.name}: ${error.message}` });
  }
};
