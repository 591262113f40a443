import { createLab } from '/work/main/dist/index.js';
const lab = await createLab();
const cap = (f) => {
  try {
    f(1e6);
  } catch (e) {
    return e.message.match(/(?:takes|evaluates) at most ([\d,]+)/)?.[1];
  }
};
const time = (f) => {
  const t0 = performance.now();
  f();
  return ((performance.now() - t0) / 1000).toFixed(2);
};
const d = lab.trainer({});
const n = Number(cap((k) => d.step(k)).replace(/,/g, ''));
console.log(
  'default step cap',
  n,
  'time',
  time(() => d.step(n)),
);
const shape = { dModel: 2, heads: 1, hidden: 1024, layers: 4, trainLength: [2, 2], batch: 1, maxEvalLength: 2 };
for (const activation of ['gelu', 'relu'])
  for (const batch of [1, 256]) {
    const t = lab.trainer({ ...shape, batch, activation });
    const e = Number(cap((k) => t.evaluate({ length: 2, samples: k })).replace(/,/g, ''));
    const s = Number(cap((k) => t.step(k)).replace(/,/g, ''));
    console.log(
      activation,
      batch,
      `evaluate(${e}) ${time(() => t.evaluate({ length: 2, samples: e }))}s step(${s}) ${time(() => t.step(s))}s`,
    );
    t.delete();
  }
