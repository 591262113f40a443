// Runs a learner's function in its own thread, so an endless loop can be stopped by terminating the
// worker. The code is compiled here with Function(): this worker file is the one place that needs
// 'unsafe-eval' (see README: served with its own CSP). It receives {code, positions, dModel} and
// answers {values} or {error}.
self.onmessage = ({ data: { code, positions, dModel } }) => {
  try {
    const pe = new Function(`"use strict";\n${code}\nreturn typeof pe === 'function' ? pe : undefined;`)();
    if (typeof pe !== 'function') throw new Error('Define a function named pe(position, i, dModel).');
    const values = new Float64Array(positions * dModel);
    for (let p = 0; p < positions; p++)
      for (let i = 0; i < dModel; i++) values[p * dModel + i] = Number(pe(p, i, dModel));
    self.postMessage({ values });
  } catch (error) {
    self.postMessage({ error: `${error.name}: ${error.message}` });
  }
};
