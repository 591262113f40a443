#include "pelab/training/trainer.hpp"
#include "sizes.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "pelab/training/limits.hpp"
#include "pelab/training/tasks.hpp"
#include "pelab/training/work.hpp"
#include "pelab/validation/limits.hpp"

namespace pelab::training {
namespace {

namespace lim = limits::training;

using sizes::z;

AdamSettings adam_settings(const TrainerSpec& s) {
  return {static_cast<float>(s.learningRate), static_cast<float>(s.beta1), static_cast<float>(s.beta2),
          static_cast<float>(s.eps), static_cast<float>(s.weightDecay)};
}

// Refuses `count` × `each` + `fixed` past the cap, naming the largest count that fits and each one's work.
Status check_linear_work(const char* param, Cost cost, double count, double each, double fixed) {
  const double work = count * each + fixed;
  if (work <= limits::maxWork) return Status::fine();
  Status s = Status::too_much_work(param, cost, work, limits::maxWork);
  s.a = std::max(0.0, std::floor((limits::maxWork - fixed) / each));
  s.b = each;
  return s;
}

// Lends the model its pass buffers for one call (Model::acquire_pass_buffers), so that between calls a
// trainer holds only what it keeps (trainer_floats).
class PassBuffers {
 public:
  explicit PassBuffers(Model<float>& model) : model_(model) { model_.acquire_pass_buffers(); }
  ~PassBuffers() { model_.release_pass_buffers(); }
  PassBuffers(const PassBuffers&) = delete;
  PassBuffers& operator=(const PassBuffers&) = delete;

 private:
  Model<float>& model_;
};

// A row of the learned table for every position of a sequence of `rows` rows (CLS included)?
Status check_learned_rows(const TrainerSpec& s, double rows, const char* param) {
  if (s.encoding != Encoding::learned || rows <= s.maxLen) return Status::fine();
  return Status::broken(Rule::no_learned_row, param, rows - 1, 0, s.maxLen - 1.0);
}

}  // namespace

Trainer::Trainer(const TrainerSpec& spec)
    : spec_(spec),
      model_(model_config(spec)),
      adam_(model_.parameter_count()),
      settings_(adam_settings(spec)),
      tokens_(z(model_.config().maxRows)),
      rows_(z(model_.config().maxSequences + 1)),
      attention_(z(model_.config().maxSequences + 1)),
      labels_(z(model_.config().maxSequences)),
      rowsTrained_(spec.encoding == Encoding::learned ? z(spec.maxLen) : 0, 0) {
  model_.release_pass_buffers();
}

// --- packing sequences into a batch ---------------------------------------------------------------

void Trainer::begin_batch() {
  sequences_ = 0;
  rows_[0] = attention_[0] = 0;
}

bool Trainer::fits(int rows) const {
  const ModelConfig& c = model_.config();
  return sequences_ < c.maxSequences && rows_[z(sequences_)] + rows <= c.maxRows &&
         attention_[z(sequences_)] + c.NH * rows * rows <= c.maxAttention;
}

// Closes the next sequence, whose `count` task tokens are in place after room for a CLS token: writes
// the CLS token when the readout wants one, and the offsets.
void Trainer::close_sequence(int count) {
  const int first = rows_[z(sequences_)], cls = cls_tokens(spec_), rows = count + cls;
  if (cls) tokens_[z(first)] = cls_token;
  rows_[z(sequences_ + 1)] = first + rows;
  attention_[z(sequences_ + 1)] = attention_[z(sequences_)] + model_.config().NH * rows * rows;
  ++sequences_;
}

void Trainer::add_tokens(const int* tokens, int count) {
  std::copy_n(tokens, count, tokens_.begin() + rows_[z(sequences_)] + cls_tokens(spec_));
  close_sequence(count);
}

// Appends task sample `index` of the stream, generated in place.
void Trainer::add_sequence(random::Stream stream, std::uint32_t seed, std::uint64_t index, int length) {
  const int first = rows_[z(sequences_)], cls = cls_tokens(spec_);
  int label = 0;
  make_sample(spec_.task, seed, stream, index, length, tokens_.data() + first + cls, label);
  labels_[z(sequences_)] = label;
  close_sequence(length);
}

Packing Trainer::packing() const { return {sequences_, rows_.data(), attention_.data()}; }

int Trainer::correct(const float* probs) const {
  int right = 0;
  for (int b = 0; b < sequences_; ++b) right += (probs[2 * b + 1] > probs[2 * b]) == (labels_[z(b)] == 1);
  return right;
}

// --- training --------------------------------------------------------------------------------------

// (A trainer that has taken nearly maxStepsTaken steps, loaded from a state, takes only the rest.)
Status Trainer::check_steps(double steps) const {
  const IntParam most{"steps", lim::steps.lo, std::min<std::int64_t>(lim::steps.hi, lim::maxStepsTaken - stepsTaken_)};
  if (Status s = check(most, steps); !s.ok) return s;
  return check_linear_work("steps", Cost::training_step, steps, step_work(spec_), call_work(spec_));
}

// The next training batch: sample indices continue from the last step's, so a trainer's batches are
// a pure function of seed, options and step number. Returns the longest sequence's rows.
int Trainer::draw_training_batch() {
  begin_batch();
  int longest = 0;
  for (int b = 0; b < spec_.batch; ++b) {
    const auto index = static_cast<std::uint64_t>(stepsTaken_) * static_cast<std::uint64_t>(spec_.batch) + z(b);
    const int length =
        sample_length(spec_.seed, random::Stream::training_batches, index, spec_.minLength, spec_.maxLength);
    add_sequence(random::Stream::training_batches, spec_.seed, index, length);
    longest = std::max(longest, length + cls_tokens(spec_));
  }
  return longest;
}

Trainer::Trainer(const Trainer& from, const TrainerSpec& spec) : Trainer(spec) {
  std::copy_n(from.model_.parameters(), model_.parameter_count(), model_.parameters());
  adam_ = from.adam_;
  stepsTaken_ = from.stepsTaken_;
  rowsTrained_ = from.rowsTrained_;
}

Status Trainer::check_clone(double minLength, double maxLength, TrainerSpec& out) const {
  TrainerSpec spec = spec_;
  Status s = check(IntParam{"trainLength", lim::trainLength.lo, lim::trainLength.hi}, minLength);
  if (!s.ok) return s.index = 0, s;
  s = check(IntParam{"trainLength", static_cast<std::int64_t>(minLength), lim::trainLength.hi}, maxLength);
  if (!s.ok) return s.index = 1, s;
  spec.minLength = static_cast<int>(minLength), spec.maxLength = static_cast<int>(maxLength);
  spec.maxEvalLength = std::max(spec.maxEvalLength, spec.maxLength);
  s = check_learned_rows(spec, maxLength + cls_tokens(spec), "trainLength");
  if (s.ok) out = spec;
  return s;
}

// --- moving a trainer --------------------------------------------------------------------------------

std::size_t Trainer::state_size() const { return 3 * model_.parameter_count() + rowsTrained_.size(); }

void Trainer::save_state(float* out) const {
  const std::size_t n = model_.parameter_count();
  std::copy_n(model_.parameters(), n, out);
  std::copy_n(adam_.first_moments().data(), n, out + n);
  std::copy_n(adam_.second_moments().data(), n, out + 2 * n);
  std::copy(rowsTrained_.begin(), rowsTrained_.end(), out + 3 * n);
}

Status Trainer::check_state(double step, double fingerprint, const float* state, std::size_t count) const {
  if (Status s = check(IntParam{"step", 0, lim::maxStepsTaken}, step); !s.ok) return s;
  if (fingerprint != this->fingerprint())
    return Status::broken(Rule::other_trainer, "fingerprint", fingerprint, 0, this->fingerprint());
  if (Status s = check_length("state", double(count), double(state_size())); !s.ok) return s;
  const std::size_t n = model_.parameter_count();
  constexpr double big = std::numeric_limits<float>::max();
  const RealParam real{"state", -big, big}, square{"state", 0, big};  // parameters and m; v
  const IntParam flag{"state", 0, 1};
  for (std::size_t i = 0; i < count; ++i) {
    Status s = i < 2 * n ? check(real, state[i]) : i < 3 * n ? check(square, state[i]) : check(flag, state[i]);
    if (!s.ok) return s.index = static_cast<double>(i), s;
  }
  return Status::fine();
}

void Trainer::load_state(long long step, const float* state) {
  const std::size_t n = model_.parameter_count();
  std::copy_n(state, n, model_.parameters());
  adam_.restore(state + n, state + 2 * n, step);
  for (std::size_t i = 0; i < rowsTrained_.size(); ++i) rowsTrained_[i] = state[3 * n + i] != 0.f;
  stepsTaken_ = step;
}

StepStats Trainer::step(int steps, const RopeScaling& scaling) {
  if (scaling.type == RopeScalingType::none) return step(steps);
  model_.set_rope_scaling(scaling);
  const StepStats stats = step(steps);
  model_.set_rope_scaling({});
  return stats;
}

StepStats Trainer::step(int steps) {
  const PassBuffers buffers(model_);
  double loss = 0;
  long long right = 0;
  for (int i = 0; i < steps; ++i, ++stepsTaken_) {
    const int longest = draw_training_batch();
    const Packing pk = packing();
    loss += model_.forward(tokens_.data(), labels_.data(), pk);
    right += correct(model_.probabilities());
    model_.backward(tokens_.data(), labels_.data(), pk);
    adam_.update(model_.parameters(), model_.gradients(), settings_);
    // Positions 0 … longest-1 had a gradient (learned encoding): their rows are trained from now on.
    std::fill_n(rowsTrained_.begin(), std::min<std::size_t>(z(longest), rowsTrained_.size()), std::uint8_t{1});
  }
  StepStats stats;
  stats.steps = steps;
  stats.loss = loss / steps;
  stats.accuracy = static_cast<double>(right) / (static_cast<double>(steps) * spec_.batch);
  return stats;
}

// --- evaluation ------------------------------------------------------------------------------------

Status Trainer::check_evaluate(double length, double samples, double seed) const {
  Status s = check(IntParam{"length", lim::trainLength.lo, spec_.maxEvalLength}, length);
  if (s.ok) s = check_learned_rows(spec_, length + cls_tokens(spec_), "length");
  return s.ok ? check_samples(length, samples, seed) : s;
}

// The range's errors name `lengths` and the element at fault, as trainLength's do.
Status Trainer::check_evaluate(double minLength, double maxLength, double samples, double seed) const {
  Status s = check(IntParam{"lengths", lim::trainLength.lo, spec_.maxEvalLength}, minLength);
  if (!s.ok) return s.index = 0, s;
  s = check(IntParam{"lengths", static_cast<std::int64_t>(minLength), spec_.maxEvalLength}, maxLength);
  if (!s.ok) return s.index = 1, s;
  s = check_learned_rows(spec_, maxLength + cls_tokens(spec_), "lengths");
  return s.ok ? check_samples(maxLength, samples, seed) : s;
}

Status Trainer::check_samples(double maxLength, double samples, double seed) const {
  const Status s = first_error(check(lim::samples, samples), check(limits::seed, seed));
  if (!s.ok) return s;
  return check_linear_work("samples", Cost::evaluation, samples, sample_work(spec_, maxLength), call_work(spec_));
}

Status Trainer::check_rope_scaling(const RawRopeScaling& raw, RopeScaling& out) const {
  const double hs = static_cast<double>(spec_.dModel) / spec_.heads;
  Status s = make_scaling_for(raw, hs, hs, out, "ropeScaling.");
  if (s.ok && out.type != RopeScalingType::none && spec_.encoding != Encoding::rope)
    s = Status::broken(Rule::rope_only, "ropeScaling", 0, 0, 0);
  return s;
}

EvalStats Trainer::evaluate(int minLength, int maxLength, int samples, std::uint32_t seed, const RopeScaling& scaling) {
  if (scaling.type == RopeScalingType::none) return evaluate(minLength, maxLength, samples, seed);
  model_.set_rope_scaling(scaling);
  const EvalStats stats = evaluate(minLength, maxLength, samples, seed);
  model_.set_rope_scaling({});  // the trained angles again, for training and every other call
  return stats;
}

EvalStats Trainer::evaluate(int length, int samples, std::uint32_t seed) {
  return evaluate(length, length, samples, seed);
}

EvalStats Trainer::evaluate(int minLength, int maxLength, int samples, std::uint32_t seed) {
  const PassBuffers buffers(model_);
  EvalStats stats;
  stats.samples = samples;
  constexpr auto stream = random::Stream::evaluation_samples;
  double loss = 0;
  long long right = 0;
  for (int next = 0; next < samples;) {
    begin_batch();  // as many samples as the buffers hold
    for (; next < samples; ++next) {
      const auto index = static_cast<std::uint64_t>(next);
      const int length = sample_length(seed, stream, index, minLength, maxLength);
      if (!fits(length + cls_tokens(spec_))) break;
      add_sequence(stream, seed, index, length);
    }
    loss += static_cast<double>(model_.forward(tokens_.data(), labels_.data(), packing())) * sequences_;
    right += correct(model_.probabilities());
  }
  stats.loss = loss / samples;
  stats.accuracy = static_cast<double>(right) / samples;
  return stats;
}

// --- probes ----------------------------------------------------------------------------------------

Status Trainer::check_probe(const double* tokens, std::size_t count, double layer, double head,
                            std::vector<int>& out) const {
  const auto n = static_cast<double>(count);
  if (count < 1 || n > spec_.maxEvalLength) return Status::broken(Rule::count, "tokens", n, 1, spec_.maxEvalLength);
  if (Status s = check_learned_rows(spec_, n + cls_tokens(spec_), "tokens"); !s.ok) return s;
  const IntParam token{"tokens", 0, kVocabulary - 1};
  for (std::size_t i = 0; i < count; ++i)
    if (Status s = check(token, tokens[i]); !s.ok) {
      s.rule = Rule::token;
      s.index = static_cast<double>(i);
      return s;
    }
  Status s = first_error(check(IntParam{"layer", 0, spec_.layers - 1}, layer),
                         check(IntParam{"head", 0, spec_.heads - 1}, head));
  if (s.ok) s = check_probe_work(n);
  if (!s.ok) return s;
  out.assign(tokens, tokens + count);  // (each is an integer in range: exact)
  return s;
}

// Capped like evaluate(): a probe is one forward pass (its weights and its probability). A refusal names
// the most tokens a probe may have.
Status Trainer::check_probe_work(double count) const {
  if (probe_work(spec_, count) <= limits::maxWork) return Status::fine();
  Status s = Status::too_much_work("tokens", Cost::probe, probe_work(spec_, count), limits::maxWork);
  while (count > 0 && probe_work(spec_, count) > limits::maxWork) --count;  // count ≤ maxEvalLength
  s.a = count;
  return s;
}

double Trainer::attention_weights(const int* tokens, int count, int layer, int head, float* out) {
  const PassBuffers buffers(model_);
  begin_batch();
  add_tokens(tokens, count);
  model_.forward(tokens_.data(), nullptr, packing());
  const int n = probe_rows(count);
  const float* weights = model_.attention(layer) + z(head) * z(n) * z(n);  // sequence 0 starts the buffer
  std::copy_n(weights, z(n) * z(n), out);
  return model_.probabilities()[1];  // the same pass's P(label 1)
}

double Trainer::probability(const int* tokens, int count) {
  const PassBuffers buffers(model_);
  begin_batch();
  add_tokens(tokens, count);
  model_.forward(tokens_.data(), nullptr, packing());
  return model_.probabilities()[1];
}

void Trainer::example(int length, std::uint32_t seed, std::uint64_t index, int* tokens, int& label) const {
  make_sample(spec_.task, seed, random::Stream::evaluation_samples, index, length, tokens, label);
}

}  // namespace pelab::training
