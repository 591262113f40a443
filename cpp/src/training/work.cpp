#include "pelab/training/work.hpp"

#include <numeric>

#include "pelab/training/limits.hpp"
#include "pelab/training/model.hpp"

namespace pelab::training {
namespace {

namespace lim = limits::training;

// Floats of the activations' gradients, which every step clears whole (Model::backward).
double activation_gradient_floats(const ModelConfig& config) {
  const auto sizes = activation_sizes(config, true);
  return static_cast<double>(std::accumulate(sizes.begin(), sizes.end(), std::size_t{0}));
}

// The hidden layer's floats of `sequences` of `length` rows, over every layer: each one activated (and, in a
// step, differentiated).
double hidden_floats(const TrainerSpec& spec, double sequences, double length) {
  return sequences * spec.layers * length * spec.hidden;
}

}  // namespace

double forward_multiply_adds(const TrainerSpec& spec, double sequences, double length) {
  const double C = spec.dModel, H = spec.hidden;
  const double perRow = 3 * C * C + C * C + 2 * C * H;  // qkv, projection, MLP in and out
  const double attention = 2 * length * length * C;     // scores and weighted sums, all heads
  return sequences * (spec.layers * (length * perRow + attention) + C * kClasses);
}

double step_multiply_adds(const TrainerSpec& spec) {
  return 3 * forward_multiply_adds(spec, spec.batch, spec.maxLength + cls_tokens(spec));
}

double attention_scores(const TrainerSpec& spec, double sequences, double length) {
  return sequences * spec.layers * spec.heads * length * length;
}

double step_work(const TrainerSpec& spec) {
  const ModelConfig config = model_config(spec);
  const double length = spec.maxLength + cls_tokens(spec), sequences = spec.batch;
  const bool gelu = spec.activation == Activation::gelu;
  const double pass =
      step_multiply_adds(spec) * lim::stepMultiplyAddWork +
      attention_scores(spec, sequences, length) * lim::stepScoreWork +
      hidden_floats(spec, sequences, length) * (gelu ? lim::geluStepHiddenWork : lim::reluStepHiddenWork) +
      sequences * (spec.layers * lim::stepSequenceLayerWork + lim::stepSequenceWork);
  const double update = static_cast<double>(parameter_count(config)) * lim::parameterWork +
                        activation_gradient_floats(config) * lim::clearedFloatWork;
  return pass + update + lim::stepFixedWork;
}

double sample_work(const TrainerSpec& spec, double length) {
  const double rows = length + cls_tokens(spec);
  const bool gelu = spec.activation == Activation::gelu;
  return forward_multiply_adds(spec, 1, rows) * lim::evaluationMultiplyAddWork +
         attention_scores(spec, 1, rows) * lim::evaluationScoreWork +
         hidden_floats(spec, 1, rows) * (gelu ? lim::geluEvaluationHiddenWork : lim::reluEvaluationHiddenWork) +
         spec.layers * lim::evaluationSequenceLayerWork + lim::evaluationSequenceWork;
}

double call_work(const TrainerSpec& spec) { return pass_floats(spec) * lim::clearedFloatWork; }

double probe_work(const TrainerSpec& spec, double count) { return sample_work(spec, count) + call_work(spec); }

}  // namespace pelab::training
