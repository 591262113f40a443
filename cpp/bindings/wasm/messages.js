// The words of the core's refusals. The core says which rule an argument broke and with what values
// (status.hpp's Rule); this file turns that into the sentence a caller reads. (The JS layer's own
// errors — TypeErrors for a wrong type or an unknown or missing option, and the Error for a call on a
// trainer deleted before it — are worded where they are thrown, in lab.js, load.js and trainer.js; this
// file's describeRange, optionName and withParam serve them too.)
// Values are written as JavaScript writes them, so a message quotes exactly what the caller passed.

import { valueAt } from './options.js';

// status.hpp's Rule and Cost, by number.
const RULE = [
  'none',
  'integer_range',
  'real_range',
  'choice',
  'length',
  'even_width',
  'table_elements',
  'last_position',
  'no_learned_row',
  'learned_too_short',
  'offset_too_large',
  'work',
  'token',
  'input_elements',
  'count',
  'not_divisible',
  'memory',
  'live_memory',
  'no_trainer',
  'result_elements',
  'rotary_dims',
  'odd_head_width',
  'last_token_position',
  'last_row_position',
  'learned_short_of_training',
  'exchange',
  'scaling_needs',
  'below',
  'rope_only',
  'state_elements',
  'other_trainer',
];
// What each cost counts (attention.hpp, analysis.hpp, sequence.hpp, permutation.hpp), with the weights the
// core exports from limits.hpp (`w`: score, projection, normal).
const COST = {
  1: (w) => `n² × (dK + dV + ${w.score} × heads), counting each score's softmax as ${w.score},`,
  2: (w) =>
    `${3 * w.projection} × n × dModel × dK + n² × (2 × dK + ${w.score} × heads), the projections and the attention,`,
  3: 'positions² × dModel, as the properties summary compares every pair of positions,',
  4: 'rows² × dModel',
  5: 'four self-attention runs and their embeddings, with n = tokens.length,',
  6: (w) =>
    `tokens.length × dModel × ${w.normal} (each seeded normal draw counted as ${w.normal}, twice with a learned table)`,
  7: "one training step's work (forward and backward over a batch at the longest training length, Adam's update of every parameter and the step's fixed cost, weighted as training/limits.hpp says)",
  8: "this evaluation's work (a forward pass over every sample, weighted as training/limits.hpp says)",
  9: "this probe's work (a forward pass over the tokens, weighted as training/limits.hpp says)",
};
// The most a capped trainer call may ask for (status `a`), by cost.
const MOST = {
  7: (a) => `this model takes at most ${a} steps per call; call step() again for more`,
  8: (a) =>
    a > 0
      ? `this trainer evaluates at most ${a} samples per call at the lengths asked for; call evaluate() again for more`
      : 'this trainer cannot evaluate one sample of the longest length asked for within the cap; ask for shorter ones',
  9: (a) => `this trainer probes at most ${a} tokens at once`,
};

/** "an integer from 2 to 4096", from a [lo, hi, integer] range. */
export function describeRange([lo, hi, integer]) {
  return `${integer ? 'an integer' : 'a number'} from ${lo} to ${hi}`;
}

const quoteName = (name) => `'${name}'`;

/** An option name the caller wrote, as an unknown-option error quotes it: cut to 40 characters. */
export const optionName = (name) => `'${name.length <= 40 ? name : `${name.slice(0, 39)}…`}'`;

// A rejected name as JSON (so control characters show), cut to 40 characters: a message is not a copy
// of whatever a caller passed.
function quote(value) {
  // The first 40 characters give the same first 39 of JSON (each writes at least one), and a string
  // of any length is never written out whole.
  const text = JSON.stringify(typeof value === 'string' ? value.slice(0, 40) : value) ?? String(value);
  return text.length <= 40 ? text : `${text.slice(0, 39)}…"`;
}

/**
 * The message for a failed status. `given` is the call's snapshot (for the name a `choice` rejected
 * and for which count a position rule is about); `limits` is the core's (bindings' `limits`, or
 * `trainerLimits` for a trainer's call); `names` the list of the option a `choice` rule names (the
 * call table's).
 */
export function describeStatus(status, given, limits, names = []) {
  const { param, got, lo, hi, a, b, index, cost } = status;
  switch (RULE[status.rule]) {
    case 'integer_range': // an element of a list option (trainLength) carries its index
      return `${index >= 0 ? `${param}[${index}]` : param} must be ${describeRange([lo, hi, 1])} (got ${got})`;
    case 'real_range': // an element of a list option (a trainer's state) carries its index
      return `${index >= 0 ? `${param}[${index}]` : param} must be ${describeRange([lo, hi, 0])} (got ${got})`;
    case 'choice':
      return `${param} must be one of ${names.map(quoteName).join(', ')} (got ${quote(valueAt(given, param.split('.')))})`;
    case 'length':
      return `${param} must have exactly ${hi} elements (got ${got})`;
    case 'even_width':
      return `dModel must be even for the 'paper' variant, whose sin/cos pairs interleave (got ${got})`;
    case 'odd_head_width':
      return `dModel / heads must be even for rope, which turns pairs of each head's dimensions (got ${got} / ${lo} = ${got / lo})`;
    case 'table_elements':
      return `${param} × dModel must be at most ${hi} (got ${a} × ${b} = ${got})`;
    case 'last_position':
      return `${param} + positions - 1 must be at most ${hi} (got ${got})`;
    case 'last_token_position':
      return `${param} + tokens.length - 1 must be at most ${hi} (got ${got})`;
    case 'last_row_position':
      return `${param} + n - 1 must be at most ${hi} (got ${got})`;
    case 'no_learned_row': {
      const where =
        param === 'position' ? `position must be an integer from 0 to ${hi}: ` : `${param} reaches position ${got}: `;
      return `${where}a learned table of maxLen ${hi + 1} has no row for position ${got}`;
    }
    case 'learned_short_of_training':
      return `maxLen must be more than ${lo}, the last position a training sequence reaches, for a learned table (got ${got})`;
    case 'learned_too_short':
      return `maxLen must be more than start + tokens.length - 1 = ${lo} for a learned table (got ${got}): it has no row for position ${lo}`;
    case 'offset_too_large':
      return `k is too large for this table: the rows up to position start + positions - 1 + k must form a valid table, so k must be at most ${hi} (got ${got})`;
    case 'work': {
      // steps or samples: each costs `b`, the call itself the rest; `a` of them fit
      if (param === 'steps' || param === 'samples') {
        const count = given[param],
          each = param === 'steps' ? "one training step's" : "one sample's";
        return `${param} × ${each} work + the call's own must be at most ${hi} weighted multiply-adds (got ${count} × ${b} + ${Math.round(got - count * b)} = ${got}): ${MOST[cost](a)}`;
      }
      if (cost === 9)
        return `${COST[cost]} must be at most ${hi} weighted multiply-adds (got ${got}): ${MOST[cost](a)}`;
      const counted = typeof COST[cost] === 'function' ? COST[cost](limits.weights) : COST[cost];
      return `${counted} must be at most ${hi} multiply-adds (got ${got})`;
    }
    case 'token':
      return `tokens[${index}] must be ${describeRange([lo, hi, 1])} (got ${got})`;
    case 'input_elements':
      return `${param} must hold at most ${hi} elements (got ${got})`;
    case 'count':
      return `${param} must hold from ${lo} to ${hi} token ids (got ${got})`;
    case 'not_divisible':
      return `${param} must be a multiple of heads = ${lo}, so that every head gets the same width (got ${got})`;
    case 'memory':
      return `${param} is too large: the trainer would hold ${got} floats, more than ${hi}`;
    case 'result_elements':
      return `${param} × n × n must be at most ${hi}, one n × n matrix per head (got ${a} × ${b} × ${b} = ${got})`;
    case 'rotary_dims': {
      const defaulted = valueAt(given, param.split('.')) === undefined ? "; left out, it is the head's width" : '';
      if (hi < lo)
        return `${param} cannot be chosen: rope turns pairs of dimensions, and a head has ${a} (got ${got}${defaulted})`;
      return `${param} must be an even integer from ${lo} to ${hi}, as rope turns pairs of the head's ${a} dimensions (got ${got}${defaulted})`;
    }
    case 'no_trainer':
      return 'this trainer was deleted';
    case 'live_memory':
      return `the live trainers would keep ${got} floats in all, more than ${hi}: call delete() on each trainer you no longer need (a trainer dropped without delete() is freed only once the garbage collector has taken it, which may be much later)`;
    case 'scaling_needs': {
      const type = valueAt(given, param.replace(/[^.]*$/, 'type').split('.')); // the type beside it in its options object
      return `${param} is required for scaling type ${quote(type)}: the number of positions the model was trained on`;
    }
    case 'below': {
      const other = param.replace(/betaSlow$/, 'betaFast');
      return `${param} must be below ${other} = ${hi} (got ${got})`;
    }
    case 'rope_only':
      return `${param} stretches RoPE's positions: it applies only to a trainer whose encoding is 'rope'`;
    case 'state_elements':
      return `this trainer's state would be ${got} floats (its parameters and Adam's two moments), more than the ${hi} a call hands over: a trainer this large cannot be saved`;
    case 'other_trainer':
      return `this state was saved by a trainer made with other options (fingerprint ${got}; this trainer's is ${hi}): load it into a trainer made with the same options, seed included`;
    case 'exchange':
      return `the lab's raw exports were handed ${param} ${got}, which its call table does not declare there (a fault of the code calling them, not of the options)`;
    default:
      return `${param} was refused (rule ${status.rule})`;
  }
}

/** `error` with `param` set: the option at fault, as every error of the lab names it. */
export function withParam(error, param) {
  error.param = param;
  return error;
}
