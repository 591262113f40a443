// A trainer as the JS API hands it out: a handle on a trainer that lives in wasm memory (trainer
// bindings' registry). Its calls go through the Lab (options read once, checked, words from
// messages.js); `delete()` frees its memory, after which every call is a clear Error. A trainer that
// is garbage-collected without delete() is freed then.

// Captured when the module loads: a page that later replaces Object.freeze or the registry's methods changes
// nothing here.
const { freeze } = Object;
const { apply } = Reflect;
const { register, unregister } = FinalizationRegistry.prototype;
const forgotten = new FinalizationRegistry((free) => free());

export class Trainer {
  #run;
  #free;
  #deleted = false;
  #encoding;
  #wrap;

  constructor(made, run, free, wrap) {
    this.#run = run;
    this.#free = free;
    this.#wrap = wrap;
    this.#encoding = made.encoding;
    apply(register, forgotten, [this, free, this]);
    /** The training lengths [min, max], as given (a frozen copy: the lab keeps its own). */
    this.trainLength = freeze([made.trainLength[0], made.trainLength[1]]);
  }

  #call(fn, given) {
    if (this.#deleted) throw new Error(`trainer.${fn}: this trainer was deleted`);
    return this.#run(fn, given);
  }

  /**
   * Trains `steps` steps (fresh batches, Adam): their mean loss and accuracy, and the step count so far.
   * Or step({ steps, ropeScaling }): a RoPE trainer fine-tuned with its positions stretched.
   */
  step(steps) {
    // (left out, `steps` is the call table's default: an own undefined option counts as not given)
    return this.#call('step', steps !== null && typeof steps === 'object' ? steps : { steps });
  }

  /** A copy of this trainer as it is now, a trainer of its own (delete it too), training on `trainLength`. */
  clone(options = {}) {
    return this.#wrap(this.#call('clone', options));
  }

  /**
   * What this trainer keeps, as { step, fingerprint, state }: the steps taken, its options as one number, and a
   * Float32Array of its parameters, Adam's moments and its learned rows' flags. Hand it to loadState() of a
   * trainer made with the same options (in another worker, say: the Float32Array can be transferred).
   */
  saveState() {
    return this.#call('saveState', {});
  }

  /** Takes the saveState() of a trainer made with the same options: from then on this one trains, evaluates and
   *  probes exactly as that one would. */
  loadState(saved) {
    this.#call('loadState', saved);
  }

  /** Accuracy and loss on fresh sequences: of exactly `length` tokens, or in `lengths` [min, max]. */
  evaluate(options = {}) {
    return this.#call('evaluate', options);
  }

  /** One head's attention weights (n × n, row = query) on `tokens`, and P(label 1) for them. */
  attentionWeights(options) {
    return this.#call('attentionWeights', options);
  }

  /**
   * Learned encoding: 1 for each table row a training sequence has reached (the rest are as
   * initialised). Any other encoding has no table: a TypeError says so, rather than an empty answer.
   */
  learnedRowsTrained() {
    if (!this.#deleted && this.#encoding !== 'learned') {
      const error = new TypeError(
        `trainer.learnedRowsTrained: only a trainer with encoding 'learned' has a learned table (this one's encoding is '${this.#encoding}')`,
      );
      error.param = 'encoding';
      throw error;
    }
    return this.#call('learnedRowsTrained', {});
  }

  /** Frees the trainer's wasm memory. Later calls throw; a second delete() does nothing. */
  delete() {
    if (this.#deleted) return;
    this.#deleted = true;
    apply(unregister, forgotten, [this]);
    this.#free();
  }
}
