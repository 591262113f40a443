// Types for positional-encoding-lab. Every function throws TypeError for an argument of the wrong
// type (or a missing one) and RangeError for a value outside its documented range; both carry
// `param`, the option's name. The lab stays usable after any error.

export type Variant = 'paper' | 'halves' | 'tensor2tensor';
export type Mask = 'none' | 'before-softmax' | 'after-softmax';
export type Encoding = 'none' | 'sinusoidal' | 'learned';
/** 'halves': Hugging Face Llama / GPT-NeoX (dimension i with i + r/2); 'interleaved': GPT-J / RoFormer (2i with 2i+1). */
export type RopeLayout = 'halves' | 'interleaved';
/** A dense array of numbers or a (non-detached) numeric typed array. */
export type NumberList =
  | readonly number[]
  | Float32Array
  | Float64Array
  | Int8Array
  | Uint8Array
  | Uint8ClampedArray
  | Int16Array
  | Uint16Array
  | Int32Array
  | Uint32Array;

export interface TableOptions {
  /** Rows of the table: an integer from 1 to 65536. */
  positions: number;
  /** Width: an integer from 2 to 4096; even for 'paper'. Odd widths get a zero last column. */
  dModel: number;
  /** Base of the frequencies, from 2 to 1e9. Default 10000. */
  base?: number;
  /** Column layout and frequencies. Default 'paper'. */
  variant?: Variant;
  /** Position of the first row, 0 to 1000000 (start + positions - 1 too). Default 0. */
  start?: number;
}

export interface Frequencies {
  /** Angular frequency ω_k of every pair k (dModel/2 of them). */
  omega: Float64Array;
  /** 2π/ω_k: positions per full turn of pair k. */
  wavelength: Float64Array;
}

export interface LearnedOptions {
  /** Rows in the table: an integer from 1 to 65536. */
  maxLen: number;
  dModel: number;
  /** Seed of the counter-based generator, 0 to 2^32-1. Default 0. */
  seed?: number;
}

export interface SequenceOptions {
  /** Token ids, each an integer in [0, vocabSize); 1 to 2048 of them. */
  tokens: NumberList;
  /** Vocabulary size, 1 to 65536. */
  vocabSize: number;
  dModel: number;
  seed?: number;
  /** What is added to the token embeddings. Default 'sinusoidal'. */
  encoding?: Encoding;
  base?: number;
  variant?: Variant;
  /** Position of the first token. Default 0. */
  start?: number;
  /** Rows of the learned table when encoding is 'learned'. Default 512. */
  maxLen?: number;
}

/** Rotary position embedding: pair i of a head turns by (p / scale)·base^(−2i/rotaryDims) at position p.
 *  As attention's `rope`, a plain object (a Date, a Number object or a class instance is a TypeError). */
export interface RopeOptions {
  /** Base of the frequencies, from 2 to 1e9. Default 10000. */
  base?: number;
  /** Which dimensions form a pair. Default 'halves'. */
  layout?: RopeLayout;
  /** How many leading dimensions turn (even, at most the head's width); the rest pass through. Default: the head's width. */
  rotaryDims?: number;
  /** Positions are divided by it (Hugging Face's linear rope_scaling), 1 to 65536. Default 1. */
  scale?: number;
  /** Position of the first row, 0 to 1000000 (start + n - 1 too). Default 0. */
  start?: number;
}

/**
 * How RoPE is stretched past the trained length, as Hugging Face transformers computes it: 'linear' (position
 * interpolation), 'ntk' (the base becomes base·s^(r/(r−2))), 'dynamic' (dynamic NTK at `length`), 'yarn'
 * (NTK-by-parts, with an attention factor). Left out, 'none'.
 */
/** factor: 1 to 65536 (default 1); originalMaxPositions: 1 to 1000000; length: 0 to 1000000 (default 0, counted as
 *  originalMaxPositions); betaFast, betaSlow: 0.001 to 1e6, betaSlow below betaFast (defaults 32 and 1). */
export type RopeScaling =
  | { type?: 'none' }
  | { type: 'linear' | 'ntk'; factor?: number }
  | { type: 'dynamic'; factor?: number; originalMaxPositions: number; length?: number }
  | { type: 'yarn'; factor?: number; originalMaxPositions: number; betaFast?: number; betaSlow?: number };

/** Heads, and how positions enter inside attention (applied to every head). */
export interface HeadOptions {
  /** Heads splitting dK and dV evenly (1 to 1024; heads × n × n ≤ 2^23). Default 1. */
  heads?: number;
  /** Rotate each head's queries and keys by their positions 0 … n−1 (plus rope.start); `scaling` stretches them as
   *  lab.rope's does (not with `scale`). */
  rope?: RopeOptions & ({ scaling?: undefined } | { scale?: undefined; scaling: RopeScaling });
  /** Add −slope·|i − j| to each head's scaled scores (slopes as alibiSlopes gives). Default false. */
  alibi?: boolean;
}

export interface AttentionResult {
  /** heads × n × n softmax weights, row-major (head, then row = query). */
  weights: Float32Array;
  /** n × dV outputs, row-major. */
  output: Float32Array;
}

/** What attention and selfAttention return: the weights, the outputs, and the scores behind them. */
export interface ScoredAttentionResult extends AttentionResult {
  /**
   * heads × n × n, laid out like weights: exactly what each row's softmax receives, QKᵀ/√(dK/heads) of the
   * (rotated, with rope) queries and keys plus ALiBi's bias, and −Infinity at the keys 'before-softmax' hides.
   * 'after-softmax' hides nothing from softmax: its scores are all finite, and weights are their softmax with
   * the future then set to 0. A row whose float scores overflow is scored in double: those scores rounded
   * to float (±Infinity past float's range).
   */
  scores: Float32Array;
}

/** selfAttention's result: also the queries and keys its scores come from. */
export interface SelfAttentionResult extends ScoredAttentionResult {
  /** n × dK projected queries, row-major, after rope when rope is on (head h in its share of columns). */
  q: Float32Array;
  /** n × dK projected keys, the same way. */
  k: Float32Array;
}

export interface PermutationArm {
  original: AttentionResult;
  swapped: AttentionResult;
  /** Max |swapped output at the moved position − original output|: ~0 means only relabelled. */
  relabelResidual: number;
}

export interface Properties {
  /** Smallest distance between two distinct positions of the table, and which two. */
  minDistance: number;
  minDistancePositions: [number, number];
  /** Largest |entry|. */
  maxAbsValue: number;
  /** PE(p)·PE(p) over the table (dModel/2 for even widths). */
  minNormSq: number;
  maxNormSq: number;
  /** PE(p)·PE(p+k) over the table, and max − min of it. */
  minOffsetDot: number;
  maxOffsetDot: number;
  offsetDotDeviation: number;
}

/** The errors every method throws carry the option at fault. */
export interface LabError extends Error {
  /** The option's name as the API spells it ('dModel', 'out', 'swap[1]', …). */
  param?: string;
}

/** Allowed ranges of the numeric parameters, as the errors quote them, and the caps. */
export interface Limits {
  readonly [param: string]: string | number;
  /** Most numbers any result or array argument may hold (2^23). */
  readonly maxElements: number;
  /** Most multiply-adds (weighted as limits.hpp counts them) any call may do (2^30). */
  readonly maxWork: number;
}

/** Made by createLab; the constructor is not part of the API (called, it says to use createLab). */
export class Lab {
  private constructor();
  /** Which build runs: 'simd'; 'simd-no-trainer' when made with createLab({ training: false }); 'scalar' where
   *  the engine lacks wasm SIMD. */
  readonly build: 'simd' | 'simd-no-trainer' | 'scalar';
  /** The compiled core, to start another lab from without fetching or compiling it again: post it to a
   *  worker and pass it there as createLab({ wasmModule }) (a module can be posted; it is not copied). */
  readonly wasmModule: WebAssembly.Module;
  /** Whether the lab trains: false when made with createLab({ training: false }), whose trainer() throws. */
  readonly training: boolean;
  readonly limits: Limits;

  /** positions × dModel sinusoidal table, row-major (row = position). Max abs error vs float64 ≤ 2e-6.
   *  With `out` (a Float32Array of exactly positions*dModel) it fills and returns `out`. */
  sinusoidal(options: TableOptions & { out?: Float32Array }): Float32Array;
  /** The same table evaluated in float64, one sin/cos per element. */
  sinusoidalReference(options: TableOptions): Float64Array;
  /** The table as a float32 implementation computes it (angle = float(p)·float(ω)). */
  sinusoidalFloat32Angles(options: TableOptions): Float32Array;
  frequencies(options: { dModel: number; base?: number; variant?: Variant }): Frequencies;

  /** maxLen × dModel learned table: N(0, 1) entries from a seeded counter-based generator. */
  learnedTable(options: LearnedOptions & { out?: Float32Array }): Float32Array;
  /** One row; a position ≥ maxLen is a RangeError explaining that the table has no such row. */
  learnedLookup(options: LearnedOptions & { position: number }): Float32Array;

  /** tokens.length × dModel: token embeddings plus the chosen encoding of positions start… */
  embed(options: SequenceOptions): Float32Array;

  /** softmax(QKᵀ/√dK)V for row-major q, k (n × dK) and v (n × dV, dV defaults to dK). */
  attention(
    options: {
      q: NumberList;
      k: NumberList;
      v: NumberList;
      n: number;
      dK: number;
      dV?: number;
      mask?: Mask;
    } & HeadOptions,
  ): ScoredAttentionResult;
  /** Self-attention of x (n × dModel) through seeded Q, K, V projections to width dK. */
  selfAttention(
    options: {
      x: NumberList;
      n: number;
      dModel: number;
      dK: number;
      seed?: number;
      mask?: Mask;
    } & HeadOptions,
  ): SelfAttentionResult;

  /**
   * x (n × dHead, row r at position start + r) with rope applied: n × dHead. Max abs error vs float64 ≤ 2e-6 for
   * |x| ≤ 1 (times a scaling's attention factor). `scaling` stretches the context (as ropeFrequencies gives its
   * angles); `scale` is the short form of a linear one: give one or the other.
   */
  rope(
    options: { x: NumberList; n: number; dHead: number } & RopeOptions &
      ({ scaling?: undefined } | { scale?: undefined; scaling: RopeScaling }),
  ): Float32Array;
  /**
   * RoPE's frequency per rotated pair (rotaryDims / 2 of them, default the head's width) under a scaling, and
   * the factor cos and sin are multiplied by (YaRN's 0.1·ln s + 1; else 1), in double. factor s is 1 to 65536.
   */
  ropeFrequencies(options: { dHead: number; base?: number; rotaryDims?: number; scaling?: RopeScaling }): {
    invFreq: Float64Array;
    attentionFactor: number;
  };
  /** ALiBi's slope of every head, as the paper's reference get_slopes computes them. */
  alibiSlopes(options: { heads: number }): Float64Array;
  /** heads × n × n: −slope·|i − j|; 'causal' puts −Infinity above the diagonal. */
  alibiBias(options: { heads: number; n: number; mask?: 'none' | 'causal' }): Float32Array;

  /** M_k's 2×2 blocks (pairs × 4, row-major) and max |M_k·PE(p) − PE(p+k)| over the table's positions. */
  relativeOffset(options: TableOptions & { k: number }): { blocks: Float32Array; maxResidual: number };

  /** rows × rows matrix of row dot products / Euclidean distances of a rows × dModel table. */
  dotMatrix(options: { table: NumberList; rows: number; dModel: number; out?: Float32Array }): Float32Array;
  distanceMatrix(options: { table: NumberList; rows: number; dModel: number; out?: Float32Array }): Float32Array;

  /** The lesson's four properties measured on a table (positions² × dModel ≤ 2^28). k defaults to 1. */
  properties(options: TableOptions & { k?: number }): Properties;

  /** Self-attention of a sequence and of it with tokens swap[0], swap[1] exchanged, without and with an encoding. */
  permutation(options: SequenceOptions & { dK: number; swap: [number, number] }): {
    withoutEncoding: PermutationArm;
    withEncoding: PermutationArm;
  };

  /** A small Transformer classifier trained live on a seeded task. Free it with delete(). A TypeError naming
   *  `training` in a lab made with createLab({ training: false }). */
  trainer(options?: TrainerOptions): Trainer;
}

/** Options of lab.trainer(); every one has a default. Ranges are checked by the core (RangeError). */
export interface TrainerOptions {
  /** 'order': is marker A before marker B? 'count': does A occur more often than B (needs no order)? Default 'order'. */
  task?: 'order' | 'count';
  /** Where positions enter: nothing, a table added to the token embeddings ('sinusoidal', 'learned'), or
   *  inside attention ('rope' turns each head's queries and keys, halves layout, by `base`; 'alibi' adds
   *  −slope·|i − j| to each head's scores, the paper's slopes). Default 'none'. */
  encoding?: TrainerEncoding;
  /** 'causal' masks the future. Default 'bidirectional'. */
  attention?: 'bidirectional' | 'causal';
  /** 'cls': a CLS token at position 0 is read out; 'mean': mean pooling. Default 'mean'. */
  readout?: 'cls' | 'mean';
  norm?: 'layernorm' | 'rmsnorm';
  activation?: 'gelu' | 'relu';
  /** 1 to 4. Default 1. */
  layers?: number;
  /** 2 to 256, a multiple of heads. Default 16. */
  dModel?: number;
  /** Default 2. */
  heads?: number;
  /** MLP width. Default 2 × dModel. */
  hidden?: number;
  /** Task tokens per training sequence, [min, max] (CLS not counted). Default [8, 16]. */
  trainLength?: [number, number];
  /** The longest sequence evaluate() and attentionWeights() take, at least trainLength[1]. Default 64, or
   *  trainLength[1] when that is longer. */
  maxEvalLength?: number;
  /** Default 32. */
  batch?: number;
  /** Adam's step size. Default 1e-2. */
  learningRate?: number;
  beta1?: number;
  beta2?: number;
  eps?: number;
  /** AdamW's decoupled weight decay, 0 to 1: each step also shrinks every weight by learningRate × weightDecay
   *  of itself, untrained learned rows included. Default 0 (plain Adam). */
  weightDecay?: number;
  /** Rows of a learned table (more than the last training position). Default 128. */
  maxLen?: number;
  /** base: sinusoidal and rope; variant: sinusoidal only. Defaults 10000 and 'paper'. */
  base?: number;
  variant?: Variant;
  /** Seeds the weights and the batches: the same seed and options give bit-identical losses. Default 0. */
  seed?: number;
}

/** A trainer's encodings: the lab's table encodings, and two that act inside attention. */
export type TrainerEncoding = Encoding | 'rope' | 'alibi';

/** evaluate()'s options: one `length`, or a `lengths` range, never both. `ropeScaling` (a RoPE trainer only)
 *  evaluates with the trained weights and the positions stretched, as ropeFrequencies gives the angles. */
export type EvaluateOptions = { samples?: number; seed?: number; ropeScaling?: RopeScaling } & (
  { length: number; lengths?: undefined } | { lengths?: [number, number]; length?: undefined }
);

/** A trainer's saveState(): the steps taken, its options as one number (loadState refuses a state from a trainer
 *  made with other options), and `state`, a Float32Array of its own, transferable to a worker. */
export interface TrainerState {
  step: number;
  fingerprint: number;
  state: Float32Array;
}

/** A live trainer. Every call after delete() throws an Error. */
export interface Trainer {
  readonly trainLength: [number, number];
  /** Trains `steps` steps (default 1) on fresh batches: the mean loss and accuracy over them, before each update.
   *  Past the work cap a RangeError names the most steps one call of this trainer takes. */
  step(steps?: number): { step: number; loss: number; accuracy: number; steps: number };
  /** The same, a RoPE trainer fine-tuned with its positions stretched for these steps (its angles after: trained). */
  step(options: { steps?: number; ropeScaling?: RopeScaling }): {
    step: number;
    loss: number;
    accuracy: number;
    steps: number;
  };
  /** A copy as it is now (parameters, Adam's moments, steps taken): a trainer of its own, to delete() too,
   *  training from now on on `trainLength` (default the original's; 2 to 512, its buffers sized for it). */
  clone(options?: { trainLength?: [number, number] }): Trainer;
  /** What the trainer keeps: the steps taken, its options' fingerprint and, in `state`, its parameters, Adam's first
   *  and second moments and (learned encoding) a 0/1 flag per table row, in that order. Made for loadState(), in
   *  another worker say. A trainer of over 2.7 million parameters has a state longer than a call hands over: a
   *  RangeError (param 'trainer') says so. */
  saveState(): TrainerState;
  /** Takes the saveState() of a trainer made with the same options (seed included): from then on this one trains,
   *  evaluates and probes exactly as that one would. A RangeError names `step`, `fingerprint` (a state saved by a
   *  trainer made with other options) or `state` (its length, or the element at fault: a parameter or moment not
   *  finite, a second moment below 0, a flag not 0 or 1). */
  loadState(saved: { step: number; fingerprint: number; state: NumberList }): void;
  /** Accuracy and loss on fresh sequences of exactly `length` tokens, or in `lengths` (default: the training
   *  range); not both (TypeError). */
  evaluate(options?: EvaluateOptions): {
    accuracy: number;
    loss: number;
    samples: number;
  };
  /** One head's attention weights (n × n, row = query; n counts a prepended CLS token) and P(A before B). */
  attentionWeights(options: { tokens: NumberList; layer?: number; head?: number }): {
    n: number;
    weights: Float32Array;
    probability: number;
  };
  /** Learned encoding only (any other encoding: TypeError): 1 for each table row a training sequence has reached. */
  learnedRowsTrained(): Uint8Array;
  /** Frees the trainer's wasm memory. A dropped trainer is freed only once it is garbage-collected, which may be
   *  much later: the live trainers' memory is capped, so call delete() when done. */
  delete(): void;
}

/** createLab's options; any other name is a TypeError naming it. */
export interface CreateLabOptions {
  /** Where the .wasm lives, given its file name (as Emscripten's locateFile). */
  locateFile?: (path: string, scriptDirectory: string) => string;
  /** The .wasm bytes (of the build createLab selects: hasWasmSimd() and training), if the host has them already: an ArrayBuffer, a typed array or a DataView. */
  wasmBinary?: ArrayBuffer | ArrayBufferView;
  /** The compiled core another lab holds (lab.wasmModule), e.g. posted to a worker: no fetch, no compile.
   *  Of the build createLab selects (hasWasmSimd() and training); not with wasmBinary. */
  wasmModule?: WebAssembly.Module;
  /** false: a lab that never trains (its trainer() throws), from the SIMD build without the trainer
   *  (pelab-no-trainer.wasm, about 116 KB against 190); on an engine without wasm SIMD, from the scalar build.
   *  wasmBinary and wasmModule must be of the build this selects. Default true. */
  training?: boolean;
}

/**
 * How createLab rejects when the .wasm cannot be read, fetched or compiled: a plain Error with
 * `name` 'LabLoadError', the URL that failed, and what to do (also the end of `message`), for a page
 * to show as it is. `cause` holds the underlying failure where there is one.
 */
export interface LabLoadError extends Error {
  name: 'LabLoadError';
  /** The URL of the .wasm that could not be read, fetched or compiled. */
  url: string;
  /** What to do: serve it there, or point locateFile at it, or pass wasmBinary (README: "Hosting the site"). */
  hint: string;
}

/** Whether this engine runs WebAssembly SIMD (and so gets the SIMD build). */
export function hasWasmSimd(): boolean;

/** Loads the WebAssembly core (the SIMD build where the engine has wasm SIMD, the scalar build elsewhere;
 *  with training: false, the SIMD build without the trainer):
 *  fetched beside the module in browsers, read from disk in Node. Rejects with a TypeError naming the
 *  option for bad options (an unknown name, wasmBinary or wasmModule not of the right build), and with a
 *  {@link LabLoadError} when the .wasm cannot be read, fetched or compiled. */
export function createLab(options?: CreateLabOptions): Promise<Lab>;
