// Train `warm` calls of step(cap), then time step(cap) and evaluate(cap) three times each.
// node attack/adam-subnormal-3.mjs '<trainer options json>' warm
import { createLab } from '/work/main/dist/index.js';
const lab = await createLab();
const time = (f) => {
  const t0 = performance.now();
  f();
  return ((performance.now() - t0) / 1000).toFixed(3);
};
const capOf = (f) => {
  try {
    f(1e6);
    return 1e6;
  } catch (e) {
    const m = /at most ([\d,]+) (steps|samples|tokens)/.exec(e.message);
    if (!m) throw e;
    return Number(m[1].replace(/,/g, ''));
  }
};
const opts = JSON.parse(process.argv[2]);
const t = lab.trainer(opts);
const cap = capOf((k) => t.step(k));
const fresh = lab.trainer(opts);
const L = opts.trainLength?.[1] ?? 16;
const n = capOf((k) => t.evaluate({ length: L, samples: k }));
console.log(
  'fresh same shape: step',
  time(() => fresh.step(cap)),
  'evaluate',
  time(() => fresh.evaluate({ length: L, samples: n })),
);
fresh.delete();
const ref = () => {
  const d = lab.trainer({});
  const s = time(() => d.step(167));
  d.delete();
  return s;
};
for (let i = 0; i < Number(process.argv[3]); i++) t.step(cap);
for (let r = 0; r < 3; r++)
  console.log(
    `run ${r}: ref default step(167) ${ref()} | trained step(${cap}) ${time(() => t.step(cap))} | evaluate(${n}, length ${L}) ${time(() => t.evaluate({ length: L, samples: n }))}`,
  );
