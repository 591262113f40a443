// The whole model's gradients — every parameter tensor, sampled elements — against central finite
// differences of the mean loss, in double, for configurations covering each option; then the float
// model against the double one.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <string>
#include <tuple>
#include <vector>

#include "gradient_check.hpp"
#include "pelab/encodings/embeddings.hpp"
#include "pelab/encodings/learned.hpp"
#include "pelab/encodings/sinusoidal.hpp"
#include "pelab/training/model.hpp"
#include "pelab/training/tasks.hpp"

using namespace pelab;
using namespace pelab::training;

namespace {

// Float model against double: loss within 1e-5 relative; gradients within 2e-5 of each tensor's largest
// magnitude (float rounding through up to three blocks; measured at most 2.2e-6).
constexpr double kModelFloatLoss = 1e-5;
constexpr double kModelFloatGradient = 2e-5;

struct Batch {
  std::vector<int> tokens, rows{0}, attention{0}, labels;
  Batch(const ModelConfig& c, const std::vector<int>& lengths) {
    int next = 0;
    for (std::size_t b = 0; b < lengths.size(); ++b) {
      const int t = lengths[b] + (c.readout == Readout::cls ? 1 : 0);
      if (c.readout == Readout::cls) tokens.push_back(cls_token);
      for (int i = 0; i < lengths[b]; ++i) tokens.push_back(1 + (next++ * 5) % (kVocabulary - 1));
      rows.push_back(rows.back() + t);
      attention.push_back(attention.back() + c.NH * t * t);
      labels.push_back(static_cast<int>(b % 2));
    }
  }
  Packing packing() const { return {static_cast<int>(labels.size()), rows.data(), attention.data()}; }
};

ModelConfig small(Norm norm, Activation act, bool causal, Readout readout, Encoding enc, int layers) {
  ModelConfig c;
  c.vocab = kVocabulary, c.C = 8, c.NH = 2, c.H = 12, c.L = layers;
  c.norm = norm, c.activation = act, c.causal = causal, c.readout = readout, c.encoding = enc;
  c.positionRows = enc == Encoding::none ? 0 : 10;
  c.seed = 3;
  c.maxSequences = 3, c.maxRows = 20, c.maxAttention = 2 * 3 * 64, c.maxLength = 8;
  return c;
}

void check_model(const ModelConfig& config, double h = testing::kStep, const RopeScaling& scaling = {}) {
  const std::vector<int> lengths{4, 6, 3};
  Model<double> exact(config);
  exact.set_rope_scaling(scaling);
  const Batch batch(config, lengths);
  const Packing pk = batch.packing();
  exact.forward(batch.tokens.data(), batch.labels.data(), pk);
  exact.backward(batch.tokens.data(), batch.labels.data(), pk);
  const std::vector<double> analytic(exact.gradients(), exact.gradients() + exact.parameter_count());
  const auto loss = [&] { return exact.forward(batch.tokens.data(), batch.labels.data(), pk); };

  int tensors = 0;
  for (int i = 0; i < kParameterTensors; ++i) {
    if (exact.tensor_size(i) == 0) continue;
    int checked = 0;
    const std::size_t at = exact.tensor_offset(i);
    const auto m = testing::check_gradient(exact.parameters() + at, exact.tensor_size(i), analytic.data() + at, loss,
                                           12, testing::kDoubleGradient, checked, h);
    INFO(kParameterNames[std::size_t(i)] << "[" << m.index << "]: numeric " << m.numeric << ", analytic "
                                         << m.analytic);
    CHECK_FALSE(m.found);
    tensors += checked > 0;
  }
  const int empty = (config.norm == Norm::rmsnorm ? 3 : 0) + (config.encoding == Encoding::learned ? 0 : 1);
  CHECK(tensors == kParameterTensors - empty);

  Model<float> fast(config);
  fast.set_rope_scaling(scaling);
  const double fastLoss = fast.forward(batch.tokens.data(), batch.labels.data(), pk);
  fast.backward(batch.tokens.data(), batch.labels.data(), pk);
  CHECK(std::fabs(fastLoss - loss()) <= kModelFloatLoss * std::fabs(loss()));
  for (int i = 0; i < kParameterTensors; ++i) {
    const std::size_t at = exact.tensor_offset(i), n = exact.tensor_size(i);
    if (n == 0) continue;
    const std::vector<float> got(fast.gradients() + at, fast.gradients() + at + n);
    const std::vector<double> want(analytic.begin() + long(at), analytic.begin() + long(at + n));
    INFO("float gradient of " << kParameterNames[std::size_t(i)]);
    CHECK(testing::relative_difference(got, want) <= kModelFloatGradient);
  }
}

}  // namespace

TEST_CASE("model gradients: layernorm, GELU, bidirectional, mean readout, sinusoidal, 2 layers",
          "[training][gradients]") {
  check_model(small(Norm::layernorm, Activation::gelu, false, Readout::mean, Encoding::sinusoidal, 2));
}

TEST_CASE("model gradients: RMSNorm, ReLU, causal, CLS readout, learned, 2 layers", "[training][gradients]") {
  // A smaller step: a ReLU input within h of its kink would make the difference quotient meaningless.
  check_model(small(Norm::rmsnorm, Activation::relu, true, Readout::cls, Encoding::learned, 2), 1e-6);
}

TEST_CASE("model gradients: layernorm, GELU, causal, mean readout, no encoding, 1 layer", "[training][gradients]") {
  check_model(small(Norm::layernorm, Activation::gelu, true, Readout::mean, Encoding::none, 1));
}

TEST_CASE("model gradients: RMSNorm, GELU, bidirectional, CLS readout, learned, 3 layers", "[training][gradients]") {
  check_model(small(Norm::rmsnorm, Activation::gelu, false, Readout::cls, Encoding::learned, 3));
}

TEST_CASE("model gradients: RoPE inside attention, bidirectional and causal, mean and CLS readouts",
          "[training][gradients]") {
  ModelConfig c = small(Norm::layernorm, Activation::gelu, false, Readout::mean, Encoding::rope, 2);
  c.base = 10;  // every pair of a head turns visibly over the batch's 7 positions
  check_model(c);
  c = small(Norm::rmsnorm, Activation::gelu, true, Readout::cls, Encoding::rope, 1);
  check_model(c);
}

TEST_CASE("model gradients: RoPE under a YaRN scaling (its angles, cos and sin times its attention factor)",
          "[training][gradients][rope_scaling]") {
  ModelConfig c = small(Norm::layernorm, Activation::gelu, false, Readout::mean, Encoding::rope, 2);
  c.base = 10;
  RopeScaling yarn;
  yarn.type = RopeScalingType::yarn, yarn.factor = 4, yarn.originalMaxPositions = 64;  // factor 0.1·ln 4 + 1
  check_model(c, testing::kStep, yarn);
}

TEST_CASE("model gradients: ALiBi inside attention, bidirectional and causal, mean and CLS readouts",
          "[training][gradients]") {
  check_model(small(Norm::layernorm, Activation::gelu, false, Readout::mean, Encoding::alibi, 2));
  check_model(small(Norm::rmsnorm, Activation::gelu, true, Readout::cls, Encoding::alibi, 1));
}

TEST_CASE("model: two-sided ALiBi with mean readout gives a sequence and its reverse the same output", "[training]") {
  // −slope·|i − j| is unchanged when both positions are mirrored (i → T−1−i), and so is everything
  // else the model computes per row; the mean over rows ignores their order. So reversing the input
  // only reverses the rows: the same logits, in double to rounding (the order of sums changes).
  // Reversing an `order` sequence swaps A and B: the label flips, the answer cannot.
  for (int layers : {1, 3}) {
    Model<double> m(small(Norm::layernorm, Activation::gelu, false, Readout::mean, Encoding::alibi, layers));
    const std::vector<int> rows{0, 7, 14}, attention{0, 2 * 49, 4 * 49};
    const std::vector<int> tokens{3, 1, 4, 4, 2, 7, 5, /* reversed: */ 5, 7, 2, 4, 4, 1, 3};
    m.forward(tokens.data(), nullptr, {2, rows.data(), attention.data()});
    const double* p = m.probabilities();
    INFO(layers << " layers: P(1) " << p[1] << " and " << p[3]);
    CHECK(std::fabs(p[1] - p[3]) <= 1e-14);
    CHECK(std::fabs(p[1] - 0.5) > 1e-3);  // the output is not merely constant

    // Each of the other arms tells them apart: causal ALiBi, ALiBi with the CLS row, and RoPE.
    const std::vector<int> clsTokens{0, 3, 1, 4, 4, 2, 7, 5, 0, 5, 7, 2, 4, 4, 1, 3};
    const std::vector<int> clsRows{0, 8, 16}, clsAttention{0, 2 * 64, 4 * 64};
    for (auto [causal, readout, encoding] :
         {std::tuple{true, Readout::mean, Encoding::alibi}, std::tuple{false, Readout::cls, Encoding::alibi},
          std::tuple{false, Readout::mean, Encoding::rope}}) {
      Model<double> other(small(Norm::layernorm, Activation::gelu, causal, readout, encoding, layers));
      const bool cls = readout == Readout::cls;
      other.forward(cls ? clsTokens.data() : tokens.data(), nullptr,
                    cls ? Packing{2, clsRows.data(), clsAttention.data()} : Packing{2, rows.data(), attention.data()});
      CHECK(std::fabs(other.probabilities()[1] - other.probabilities()[3]) > 1e-6);
    }
  }
}

TEST_CASE("model: parameters start as the existing seeded tables", "[training]") {
  ModelConfig c = small(Norm::layernorm, Activation::gelu, false, Readout::mean, Encoding::learned, 1);
  Model<float> m(c);
  std::vector<float> learned(std::size_t(c.positionRows * c.C));
  fill_learned_table({c.positionRows, c.C, c.seed}, learned.data());
  CHECK(std::equal(learned.begin(), learned.end(), m.params.wpe));
  std::vector<float> tokens(std::size_t(kVocabulary * c.C));
  std::vector<int> ids(kVocabulary);
  for (int t = 0; t < kVocabulary; ++t) ids[std::size_t(t)] = t;
  embed_tokens({kVocabulary, c.C, c.seed}, ids.data(), kVocabulary, tokens.data());
  CHECK(std::equal(tokens.begin(), tokens.end(), m.params.wte));

  c.encoding = Encoding::sinusoidal;
  Model<float> s(c);
  const auto table = sinusoidal_table({c.positionRows, c.C, c.base, c.variant, 0});
  CHECK(std::equal(table.begin(), table.end(), s.position_table()));
}
