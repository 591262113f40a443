#include "pelab/training/spec.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>

#include "pelab/training/limits.hpp"
#include "pelab/training/model.hpp"
#include "pelab/training/work.hpp"

namespace pelab::training {
namespace {

namespace lim = limits::training;

double hidden_of(const TrainerOptions& o) { return 2 * o.dModel; }
// Absent, it follows the training lengths, so a long trainLength alone is never refused on its account.
double max_eval_length_of(const TrainerOptions& o) { return std::max(64.0, o.maxLength); }
double max_length_of(const TrainerOptions& o) { return o.maxLength; }

// A number held to the row's range, its lower bound raised to `floor` where an earlier option sets it.
Status check_number(const TrainerOptionRow& row, double value, double floor) {
  if (row.reals != nullptr) return check(*row.reals, value);
  IntParam p = *row.ints;
  p.name = row.name;
  if (row.floor != nullptr) p.lo = static_cast<std::int64_t>(floor);
  return check(p, value);
}

// One row's checks: the name on its list, the number in its range, a pair's first in range and its
// second from the first up (each as the element `index` of the list).
Status check_row(const TrainerOptionRow& row, const TrainerOptions& o) {
  using H = TrainerOptionRow::Holds;
  if (row.holds == H::name)
    return row.names.index_of(o.*row.text) < 0 ? Status::broken(Rule::choice, row.name, 0, 0, 0) : Status::fine();
  Status s = check_number(row, row_value(row, o), row.floor != nullptr ? row.floor(o) : 0);
  if (row.holds != H::pair) return s;
  if (!s.ok) {
    s.index = 0;
    return s;
  }
  IntParam second{row.name, static_cast<std::int64_t>(o.*row.value), row.ints->hi};
  s = check(second, o.*row.second);
  if (!s.ok) s.index = 1;
  return s;
}

// A name's index on a list it is known to be on (check_row checked it).
int picked(limits::Names list, const std::string& name) { return std::max(0, list.index_of(name)); }

// The names as the spec's enums.
void copy_choices(const TrainerOptions& o, TrainerSpec& out) {
  out.task = static_cast<Task>(picked(lim::tasks, o.task));
  out.encoding = static_cast<Encoding>(picked(lim::encodings, o.encoding));
  out.causal = picked(lim::attentions, o.attention) == 1;
  out.readout = static_cast<Readout>(picked(lim::readouts, o.readout));
  out.norm = static_cast<Norm>(picked(lim::norms, o.norm));
  out.activation = static_cast<Activation>(picked(lim::activations, o.activation));
  out.variant = static_cast<Variant>(picked(limits::variants, o.variant));
}

void copy_numbers(const TrainerOptions& o, TrainerSpec& out) {
  auto i = [](double v) { return static_cast<int>(v); };
  out.base = o.base, out.maxLen = i(o.maxLen);
  out.layers = i(o.layers), out.dModel = i(o.dModel), out.heads = i(o.heads),
  out.hidden = i(o.hidden.value_or(hidden_of(o)));
  out.minLength = i(o.minLength), out.maxLength = i(o.maxLength);
  out.maxEvalLength = i(o.maxEvalLength.value_or(max_eval_length_of(o)));
  out.batch = i(o.batch);
  out.learningRate = o.learningRate, out.beta1 = o.beta1, out.beta2 = o.beta2, out.eps = o.eps;
  out.weightDecay = o.weightDecay;
  out.seed = static_cast<std::uint32_t>(o.seed);
}

// Rules between fields, once each field is in range.
Status check_together(const TrainerSpec& s) {
  if (s.dModel % s.heads != 0) return Status::broken(Rule::not_divisible, "dModel", s.dModel, s.heads, s.heads);
  if (s.encoding == Encoding::sinusoidal && s.variant == Variant::paper && s.dModel % 2 != 0)
    return Status::broken(Rule::even_width, "dModel", s.dModel, 0, 0);
  // RoPE turns pairs of each head's dimensions (i, i + hs/2): a head needs an even width.
  if (s.encoding == Encoding::rope && (s.dModel / s.heads) % 2 != 0)
    return Status::broken(Rule::odd_head_width, "dModel", s.dModel, s.heads, s.heads);
  const int lastTrainedPosition = s.maxLength + cls_tokens(s) - 1;
  if (s.encoding == Encoding::learned && s.maxLen <= lastTrainedPosition)
    return Status::broken(Rule::learned_short_of_training, "maxLen", s.maxLen, lastTrainedPosition,
                          lastTrainedPosition);
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

const std::vector<TrainerOptionRow>& trainer_option_rows() {
  using O = TrainerOptions;
  using H = TrainerOptionRow::Holds;
  const auto name = [](const char* n, std::string O::*field, const auto& list) {
    TrainerOptionRow row{n, H::name, field};
    row.names = list;
    return row;
  };
  const auto integer = [](double O::*field, const IntParam& range) {
    TrainerOptionRow row{range.name, H::number, nullptr, field};
    row.ints = &range;
    return row;
  };
  const auto real = [](double O::*field, const RealParam& range) {
    TrainerOptionRow row{range.name, H::number, nullptr, field};
    row.reals = &range;
    return row;
  };
  const auto maybe = [](std::optional<double> O::*field, const IntParam& range, double (*absent)(const O&)) {
    TrainerOptionRow row{range.name, H::optional};
    row.maybe = field, row.ints = &range, row.absent = absent;
    return row;
  };
  static const std::vector<TrainerOptionRow> rows = [&] {
    TrainerOptionRow trainLength{lim::trainLength.name, H::pair, nullptr, &O::minLength, &O::maxLength};
    trainLength.ints = &lim::trainLength;
    TrainerOptionRow maxEvalLength = maybe(&O::maxEvalLength, lim::maxEvalLength, max_eval_length_of);
    maxEvalLength.floor = max_length_of;  // at least trainLength[1]
    return std::vector<TrainerOptionRow>{
        name("task", &O::task, lim::tasks),
        name("encoding", &O::encoding, lim::encodings),
        name("attention", &O::attention, lim::attentions),
        name("readout", &O::readout, lim::readouts),
        name("norm", &O::norm, lim::norms),
        name("activation", &O::activation, lim::activations),
        integer(&O::layers, lim::layers),
        integer(&O::dModel, lim::dModel),
        integer(&O::heads, lim::heads),
        maybe(&O::hidden, lim::hidden, hidden_of),
        trainLength,
        maxEvalLength,
        integer(&O::batch, lim::batch),
        real(&O::learningRate, lim::learningRate),
        real(&O::beta1, lim::beta1),
        real(&O::beta2, lim::beta2),
        real(&O::eps, lim::eps),
        real(&O::weightDecay, lim::weightDecay),
        integer(&O::maxLen, limits::maxLen),
        real(&O::base, limits::base),
        name("variant", &O::variant, limits::variants),
        integer(&O::seed, limits::seed),
    };
  }();
  return rows;
}

double row_value(const TrainerOptionRow& row, const TrainerOptions& o) {
  using H = TrainerOptionRow::Holds;
  if (row.holds == H::optional) return o.*row.maybe ? *(o.*row.maybe) : row.absent(o);
  return o.*row.value;
}

double trainer_floats(const TrainerSpec& spec) {
  const ModelConfig config = model_config(spec);
  // The packed batch's ints (Trainer: tokens, row and attention offsets, labels) and the learned rows'
  // flags (bytes) count as the floats they weigh.
  const double packing = config.maxRows + 3.0 * config.maxSequences + 2;
  const double flags = spec.encoding == Encoding::learned ? std::ceil(spec.maxLen / 4.0) : 0;
  return static_cast<double>(model_kept_floats(config)) + 2.0 * static_cast<double>(parameter_count(config)) + packing +
         flags;
}

std::uint32_t fingerprint(const TrainerSpec& s) {
  const double fields[] = {double(s.task),
                           double(s.encoding),
                           s.base,
                           double(s.variant),
                           double(s.maxLen),
                           double(s.causal),
                           double(s.readout),
                           double(s.norm),
                           double(s.activation),
                           double(s.layers),
                           double(s.dModel),
                           double(s.heads),
                           double(s.hidden),
                           double(s.minLength),
                           double(s.maxLength),
                           double(s.maxEvalLength),
                           double(s.batch),
                           s.learningRate,
                           s.beta1,
                           s.beta2,
                           s.eps,
                           s.weightDecay,
                           double(s.seed)};
  std::uint32_t hash = 2166136261u;
  for (const double field : fields) {
    unsigned char bytes[sizeof field];
    std::memcpy(bytes, &field, sizeof field);
    for (const unsigned char b : bytes) hash = (hash ^ b) * 16777619u;
  }
  return hash;
}

double pass_floats(const TrainerSpec& spec) { return static_cast<double>(model_pass_floats(model_config(spec))); }

Status make_trainer_spec(const TrainerOptions& options, TrainerSpec& out) {
  TrainerSpec spec;
  for (const TrainerOptionRow& row : trainer_option_rows())
    if (Status s = check_row(row, options); !s.ok) return s;
  copy_choices(options, spec);
  copy_numbers(options, spec);
  Status s;
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
