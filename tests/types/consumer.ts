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
  lab.trainer({ encoding: 'rope', base: 500 }).delete();
  // @ts-expect-error: the trainer's encodings are named; RoPE's layout is fixed (halves)
  lab.trainer({ encoding: 'rope-interleaved' });
  const alibi = lab.trainer({ encoding: 'alibi', readout: 'cls' });
  alibi.evaluate({ lengths: [8, 64] });
  // @ts-expect-error: one length or a range of lengths, not both
  alibi.evaluate({ length: 32, lengths: [8, 16] });
  alibi.delete();
  const stop = connectEmbeds({ origins: ['https://lab.example.org'] });
  stop();
  const element = document.querySelector('pe-exercise') as PeExercise | null;
  element?.addEventListener('pe-result', (event) => {
    const detail: PeResultDetail = event.detail;
    void detail.solutionViewed;
  });
  void [simd, table, omega, wavelength, weights, output, limit, loss, accuracy, step, e.accuracy, w.probability, rows];
  return table.length;
}
