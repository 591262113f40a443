// A consumer of the package's hand-written types, type-checked in npm test (tests/types/tsconfig.json):
// every documented call compiles, and misuse the types should catch does not (@ts-expect-error).
import {
  createLab,
  hasWasmSimd,
  type Lab,
  type LabError,
  type Trainer,
  type TrainerOptions,
} from 'positional-encoding-lab';
import { connectEmbeds } from 'positional-encoding-lab/embed';
import type { PeExercise, PeResultDetail } from 'positional-encoding-lab/components';

export async function use(): Promise<number> {
  const simd: boolean = hasWasmSimd();
  const lab: Lab = await createLab({ locateFile: (path) => `/assets/${path}` });
  const table: Float32Array = lab.sinusoidal({
    positions: 8,
    dModel: 16,
    variant: 'halves',
    out: new Float32Array(128),
  });
  const { omega, wavelength } = lab.frequencies({ dModel: 16 });
  const { weights, output } = lab.attention({
    q: [1, 0],
    k: [0, 1],
    v: new Float64Array(2),
    n: 2,
    dK: 1,
    mask: 'before-softmax',
  });
  const turned: Float32Array = lab.rope({ x: new Float32Array(16), n: 2, dHead: 8, layout: 'interleaved', scale: 2 });
  const slopes: Float64Array = lab.alibiSlopes({ heads: 8 });
  const bias: Float32Array = lab.alibiBias({ heads: 8, n: 4, mask: 'causal' });
  const inHeads = lab.selfAttention({ x: [1, 2, 3, 4], n: 2, dModel: 2, dK: 2, heads: 2, rope: { start: 3 } });
  const scored: Float32Array = lab.attention({ q: [1], k: [1], v: [1], n: 1, dK: 1, alibi: true }).scores;
  const { q: queries, k: keys }: { q: Float32Array; k: Float32Array } = inHeads;
  // @ts-expect-error: attention returns no projections (its caller gave q and k)
  void lab.attention({ q: [1], k: [1], v: [1], n: 1, dK: 1 }).q;
  // @ts-expect-error: rope's layout is 'halves' or 'interleaved'
  lab.rope({ x: [1, 2], n: 1, dHead: 2, layout: 'neox' });
  // @ts-expect-error: alibiBias's mask is 'none' or 'causal'
  lab.alibiBias({ heads: 1, n: 2, mask: 'before-softmax' });
  const limit: number = lab.limits.maxElements;
  const options: TrainerOptions = {
    task: 'order',
    encoding: 'learned',
    attention: 'causal',
    trainLength: [8, 16],
    seed: 1,
  };
  const run: Trainer = lab.trainer(options);
  const { loss, accuracy, step } = run.step(10);
  const e = run.evaluate({ length: 32, samples: 64, seed: 7 });
  const w = run.attentionWeights({ tokens: [1, 3, 2], layer: 0, head: 0 });
  const rows: Uint8Array = run.learnedRowsTrained();
  run.delete();
  try {
    lab.sinusoidal({ positions: 0, dModel: 2 });
  } catch (error) {
    const param: string | undefined = (error as LabError).param;
    void param;
  }
  // @ts-expect-error: variant is a closed set of names
  lab.sinusoidal({ positions: 8, dModel: 16, variant: 'rope' });
  // @ts-expect-error: positions is required
  lab.sinusoidal({ dModel: 16 });
  // @ts-expect-error: a trainer's task is 'order' or 'count'
  lab.trainer({ task: 'reverse' });
  const stop = connectEmbeds({ origins: ['https://lab.example.org'] });
  stop();
  const element = document.querySelector('pe-exercise') as PeExercise | null;
  element?.addEventListener('pe-result', (event) => {
    const detail: PeResultDetail = event.detail;
    void detail.solutionViewed;
  });
  void [turned, slopes, bias, inHeads.weights, inHeads.scores, scored, queries, keys];
  void [simd, table, omega, wavelength, weights, output, limit, loss, accuracy, step, e.accuracy, w.probability, rows];
  return table.length;
}
