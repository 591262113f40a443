#include "pelab/training/spec.hpp"

#include <algorithm>
#include <cmath>

#include "pelab/training/limits.hpp"
#include "pelab/training/model.hpp"
#include "pelab/training/work.hpp"

namespace pelab::training {
namespace {

namespace lim = limits::training;

using limits::parse_choice;

// An integer checked against a range, as the element `index` of a list parameter (trainLength).
Status check_element(const IntParam& p, double value, int index) {
  Status s = check(p, value);
  if (!s.ok) s.index = index;
  return s;
}

// The choices, one after another: the first wrong one is reported.
Status parse_choices(const TrainerOptions& o, TrainerSpec& out) {
  Status s = parse_choice(lim::tasks, "task", o.task, out.task);
  if (s.ok) s = parse_choice(lim::encodings, "encoding", o.encoding, out.encoding);
  if (s.ok) s = check(limits::base, o.base);
  if (s.ok) s = parse_variant(o.variant, out.variant);
  if (s.ok) s = check(limits::maxLen, o.maxLen);
  int attention = 0;
  if (s.ok) s = limits::parse_choice(lim::attentions, "attention", o.attention, attention);
  if (s.ok) s = parse_choice(lim::readouts, "readout", o.readout, out.readout);
  if (s.ok) s = parse_choice(lim::norms, "norm", o.norm, out.norm);
  if (s.ok) s = parse_choice(lim::activations, "activation", o.activation, out.activation);
  out.causal = attention == 1;
  return s;
}

double hidden_of(const TrainerOptions& o) { return o.hidden.value_or(2 * o.dModel); }
// Absent, it follows the training lengths, so a long trainLength alone is never refused on its account.
double max_eval_length_of(const TrainerOptions& o) { return o.maxEvalLength.value_or(std::max(64.0, o.maxLength)); }

// The numbers, in the order of TrainerOptions. Ranges that depend on an earlier field use it as a bound.
Status check_numbers(const TrainerOptions& o) {
  Status s = first_error(check(lim::layers, o.layers), check(lim::dModel, o.dModel), check(lim::heads, o.heads),
                         check(lim::hidden, hidden_of(o)), check_element(lim::trainLength, o.minLength, 0));
  if (s.ok)
    s = check_element(IntParam{lim::trainLength.name, static_cast<std::int64_t>(o.minLength), lim::trainLength.hi},
                      o.maxLength, 1);
  if (s.ok)
    s = check(IntParam{lim::maxEvalLength.name, static_cast<std::int64_t>(o.maxLength), lim::maxEvalLength.hi},
              max_eval_length_of(o));
  if (s.ok)
    s = first_error(check(lim::batch, o.batch), check(lim::learningRate, o.learningRate), check(lim::beta1, o.beta1),
                    check(lim::beta2, o.beta2), check(lim::eps, o.eps), check(limits::seed, o.seed));
  return s;
}

void copy_numbers(const TrainerOptions& o, TrainerSpec& out) {
  auto i = [](double v) { return static_cast<int>(v); };
  out.base = o.base, out.maxLen = i(o.maxLen);
  out.layers = i(o.layers), out.dModel = i(o.dModel), out.heads = i(o.heads), out.hidden = i(hidden_of(o));
  out.minLength = i(o.minLength), out.maxLength = i(o.maxLength), out.maxEvalLength = i(max_eval_length_of(o));
  out.batch = i(o.batch);
  out.learningRate = o.learningRate, out.beta1 = o.beta1, out.beta2 = o.beta2, out.eps = o.eps;
  out.seed = static_cast<std::uint32_t>(o.seed);
}

// Rules between fields, once each field is in range.
Status check_together(const TrainerSpec& s) {
  if (s.dModel % s.heads != 0) return Status::broken(Rule::not_divisible, "dModel", s.dModel, s.heads, s.heads);
  if (s.encoding == Encoding::sinusoidal && s.variant == Variant::paper && s.dModel % 2 != 0)
    return Status::broken(Rule::even_width, "dModel", s.dModel, 0, 0);
  // RoPE turns pairs of each head's dimensions (i, i + hs/2): a head needs an even width.
  if (s.encoding == Encoding::rope && (s.dModel / s.heads) % 2 != 0)
    return Status::broken(Rule::even_width, "dModel", s.dModel, s.heads, s.heads);
  const int lastTrainedPosition = s.maxLength + cls_tokens(s) - 1;
  if (s.encoding == Encoding::learned && s.maxLen <= lastTrainedPosition)
    return Status::broken(Rule::learned_too_short, "maxLen", s.maxLen, lastTrainedPosition, lastTrainedPosition);
  return Status::fine();
}

// Which knob to name when the trainer would be too big: the largest of the three things it sizes for.
const char* memory_param(const TrainerSpec& s) {
  const double trainRows = static_cast<double>(s.batch) * (s.maxLength + cls_tokens(s));
  const double train = trainRows * (s.dModel + s.hidden) +
                       static_cast<double>(s.batch) * s.heads * (s.maxLength + 1.0) * (s.maxLength + 1.0);
  const double evalLength = s.maxEvalLength + 1.0;
  const double eval = evalLength * (s.dModel + s.hidden) + s.heads * evalLength * evalLength;
  const double table = s.encoding == Encoding::learned ? static_cast<double>(s.maxLen) * s.dModel / s.layers : 0;
  if (table > train && table > eval) return "maxLen";
  return eval > train ? "maxEvalLength" : "batch";
}

}  // namespace

double trainer_floats(const TrainerSpec& spec) {
  const ModelConfig config = model_config(spec);
  // The packed batch's ints (Trainer: tokens, row and attention offsets, labels) and the learned rows'
  // flags (bytes) count as the floats they weigh.
  const double packing = config.maxRows + 3.0 * config.maxSequences + 2;
  const double flags = spec.encoding == Encoding::learned ? std::ceil(spec.maxLen / 4.0) : 0;
  return static_cast<double>(model_kept_floats(config)) + 2.0 * static_cast<double>(parameter_count(config)) + packing +
         flags;
}

double pass_floats(const TrainerSpec& spec) { return static_cast<double>(model_pass_floats(model_config(spec))); }

Status make_trainer_spec(const TrainerOptions& options, TrainerSpec& out) {
  TrainerSpec spec;
  Status s = parse_choices(options, spec);
  if (s.ok) s = check_numbers(options);
  if (!s.ok) return s;
  copy_numbers(options, spec);
  if (s = check_together(spec); !s.ok) return s;
  const double work = step_work(spec) + call_work(spec);  // one step must fit in a call
  if (work > limits::maxWork) return Status::too_much_work("batch", Cost::training_step, work, limits::maxWork);
  const double floats = trainer_floats(spec) + pass_floats(spec);
  if (floats > static_cast<double>(lim::maxFloats))
    return Status::broken(Rule::memory, memory_param(spec), floats, 0, static_cast<double>(lim::maxFloats));
  out = spec;
  return Status::fine();
}

Status check_live_floats(double liveFloats, double floats) {
  const double total = liveFloats + floats;
  if (total <= static_cast<double>(lim::maxLiveFloats)) return Status::fine();
  return Status::broken(Rule::live_memory, "trainer", total, liveFloats, static_cast<double>(lim::maxLiveFloats));
}

}  // namespace pelab::training
