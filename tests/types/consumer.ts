// A consumer of the package's hand-written types, type-checked in npm test (tests/types/tsconfig*.json:
// bundler, node16 and node10 resolution, the last through package.json's typesVersions): every documented
// call compiles, and misuse the types should catch does not (@ts-expect-error).
/// <reference types="positional-encoding-lab/embed.iife.js" />
import {
  createLab,
  hasWasmSimd,
  Lab,
  type LabError,
  type LabLoadError,
  type Trainer,
  type TrainerState,
  type TrainerOptions,
} from 'positional-encoding-lab';
import { connectEmbeds, type PelabResultDetail } from 'positional-encoding-lab/embed';
import type { PeExercise, PeReadyDetail, PeResultDetail } from 'positional-encoding-lab/components';
import simdUrl from 'positional-encoding-lab/pelab.wasm';
import scalarUrl from 'positional-encoding-lab/pelab-scalar.wasm';

export async function use(): Promise<number> {
  const simd: boolean = hasWasmSimd();
  const lab: Lab = await createLab({ locateFile: (path) => `/assets/${path}` });
  // The builds' files as a bundler's asset URLs (the README's esbuild recipe).
  await createLab({ locateFile: (file) => (file === 'pelab.wasm' ? simdUrl : scalarUrl) });
  // @ts-expect-error: an asset URL is a string, not the module's bytes
  await createLab({ wasmBinary: simdUrl });
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
  const stretched: Float64Array = lab.ropeFrequencies({
    dHead: 64,
    scaling: { type: 'yarn', factor: 4, originalMaxPositions: 4096 },
  }).invFreq;
  const stretchedRows: Float32Array = lab.rope({
    x: new Float32Array(64),
    n: 1,
    dHead: 64,
    scaling: { type: 'ntk', factor: 4 },
  });
  // @ts-expect-error: scale is the short form of a linear scaling: not both
  lab.rope({ x: new Float32Array(64), n: 1, dHead: 64, scale: 2, scaling: { type: 'linear', factor: 2 } });
  const ropeRun = lab.trainer({ encoding: 'rope' });
  const longer: number = ropeRun.evaluate({ length: 48, ropeScaling: { type: 'linear', factor: 4 } }).accuracy;
  const tuned: Trainer = ropeRun.clone({ trainLength: [16, 48] });
  tuned.step({ steps: 10, ropeScaling: { type: 'yarn', factor: 3, originalMaxPositions: 16 } });
  const saved: TrainerState = tuned.saveState();
  const savedState: Float32Array = tuned.saveState().state;
  ropeRun.loadState(saved);
  // @ts-expect-error: a state needs the step it was saved at
  ropeRun.loadState({ fingerprint: saved.fingerprint, state: savedState });
  // @ts-expect-error: YaRN needs the length the model was trained on
  lab.ropeFrequencies({ dHead: 64, scaling: { type: 'yarn', factor: 4 } });
  const bias: Float32Array = lab.alibiBias({ heads: 8, n: 4, mask: 'causal' });
  const inHeads = lab.selfAttention({ x: [1, 2, 3, 4], n: 2, dModel: 2, dK: 2, heads: 2, rope: { start: 3 } });
  const stretchedHeads: Float32Array = lab.attention({
    q: [1, 2, 3, 4],
    k: [1, 2, 3, 4],
    v: [1, 2, 3, 4],
    n: 1,
    dK: 4,
    rope: { scaling: { type: 'yarn', factor: 4, originalMaxPositions: 16 } },
  }).output;
  // @ts-expect-error: inside attention too, scale or scaling, not both
  lab.attention({ q: [1], k: [1], v: [1], n: 1, dK: 1, rope: { scale: 2, scaling: { type: 'ntk', factor: 2 } } });
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
    if (error instanceof RangeError) {
      const range: LabError = error;
      void range.param;
    }
  }
  // Lab is a class at run time too: instanceof narrows.
  const maybe: unknown = lab;
  if (maybe instanceof Lab) void maybe.build;
  // @ts-expect-error: made by createLab only
  new Lab();
  // A failed load carries the URL that failed and what to do, for a page to show.
  await createLab({ wasmBinary: new DataView(new ArrayBuffer(8)) }).catch((error: unknown) => {
    if (error instanceof Error && error.name === 'LabLoadError') {
      const failed = error as LabLoadError;
      const where: string = failed.url,
        todo: string = failed.hint;
      (void where, void todo);
    }
  });
  // A worker's lab starts from the page's compiled core.
  const compiled: WebAssembly.Module = lab.wasmModule;
  await createLab({ wasmModule: compiled });
  // A page that trains nothing loads the core without the trainer.
  const lean = await createLab({ training: false });
  const trains: boolean = lean.training,
    build: 'simd' | 'simd-no-trainer' | 'scalar' = lean.build;
  (void trains, void build);
  // @ts-expect-error: training is true or false
  await createLab({ training: 'no' });
  // @ts-expect-error: createLab's options are locateFile, wasmBinary, wasmModule and training only
  await createLab({ wasmBinry: new Uint8Array(8) });
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
  // The learner for the results' xAPI statements: an Agent with one identifier
  connectEmbeds({ origins: ['https://lab.example.org'], actor: { mbox: 'mailto:ada@example.org', name: 'Ada' } })();
  // @ts-expect-error: an Agent needs an identifier (mbox, mbox_sha1sum, openid or account)
  connectEmbeds({ origins: ['https://lab.example.org'], actor: { name: 'learner' } });
  // Where the frames' records are kept: localStorage by default, any such store, or none
  connectEmbeds({ origins: ['https://lab.example.org'], store: sessionStorage })();
  connectEmbeds({ origins: ['https://lab.example.org'], store: null, course: 'ml-101' })();
  // @ts-expect-error: a store needs getItem and setItem
  connectEmbeds({ origins: ['https://lab.example.org'], store: {} });
  // The plain-script build's global, typed by the reference above.
  const stopGlobal: () => void = PelabEmbed.connectEmbeds({ origins: ['https://lab.example.org'] });
  stopGlobal();
  // pelab-result bubbles from the iframe: typed on the document, statement included.
  document.addEventListener('pelab-result', (event) => {
    const detail: PelabResultDetail = event.detail;
    // A prediction's statement has no score: strict TypeScript makes the consumer say what then.
    const scaled: number = detail.statement.result.score?.scaled ?? 0;
    // @ts-expect-error: score may be absent
    const unchecked: number = detail.statement.result.score.scaled;
    void [scaled, unchecked];
  });
  // pe-ready and pe-result bubble and are composed: typed on the document and the window too.
  document.addEventListener('pe-ready', (event) => {
    const ready: PeReadyDetail = event.detail;
    void ready.exercise;
  });
  window.addEventListener('pe-result', (event) => {
    const score: number = event.detail.score;
    // @ts-expect-error: the detail has no such field
    void event.detail.grade;
    void score;
  });
  const element = document.querySelector('pe-exercise') as PeExercise | null;
  element?.addEventListener('pe-result', (event) => {
    const detail: PeResultDetail = event.detail;
    void detail.solutionViewed;
  });
  void [
    turned,
    slopes,
    stretched,
    stretchedRows,
    stretchedHeads,
    longer,
    bias,
    inHeads.weights,
    inHeads.scores,
    scored,
    queries,
    keys,
  ];
  void [simd, table, omega, wavelength, weights, output, limit, loss, accuracy, step, e.accuracy, w.probability, rows];
  return table.length;
}
