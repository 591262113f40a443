#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdlib>
#include <new>
#include <vector>

#include "pelab/encodings/learned.hpp"
#include "pelab/training/tasks.hpp"
#include "pelab/training/trainer.hpp"
#include "shuffles.hpp"

using namespace pelab;
using namespace pelab::training;
using pelab::testing::largest_change_under_shuffles;

// Counts allocations while `counting` is set: this test binary's operator new (the rest of the suite
// allocates as usual through it). Not under AddressSanitizer, whose own operator new must pair with
// its own delete.
#if defined(__SANITIZE_ADDRESS__)
#define PELAB_COUNT_ALLOCATIONS 0
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define PELAB_COUNT_ALLOCATIONS 0
#endif
#endif
#ifndef PELAB_COUNT_ALLOCATIONS
#define PELAB_COUNT_ALLOCATIONS 1
#endif

namespace {
bool counting = false;
long allocations = 0;
}  // namespace
#if PELAB_COUNT_ALLOCATIONS
void* operator new(std::size_t n) {
  if (counting) ++allocations;
  if (void* p = std::malloc(n ? n : 1)) return p;
  throw std::bad_alloc();
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
#endif

namespace {

TrainerSpec spec_of(const char* encoding, const char* attention = "bidirectional", const char* readout = "mean",
                    double seed = 0) {
  TrainerOptions o;
  o.encoding = encoding, o.attention = attention, o.readout = readout, o.seed = seed;
  o.maxLen = 64;
  TrainerSpec spec;
  REQUIRE(make_trainer_spec(o, spec).ok);
  return spec;
}

}  // namespace

TEST_CASE("trainer: the same seed and options give bit-identical losses and weights", "[training]") {
  Trainer a(spec_of("sinusoidal")), b(spec_of("sinusoidal")), c(spec_of("sinusoidal", "bidirectional", "mean", 1));
  for (int i = 0; i < 3; ++i) {
    const StepStats sa = a.step(7), sb = b.step(7), sc = c.step(7);
    CHECK(sa.loss == sb.loss);
    CHECK(sa.accuracy == sb.accuracy);
    CHECK(sa.loss != sc.loss);
  }
  const std::size_t n = a.model().parameter_count();
  CHECK(std::equal(a.model().parameters(), a.model().parameters() + n, b.model().parameters()));
  CHECK(a.evaluate(20, 64, 5).loss == b.evaluate(20, 64, 5).loss);
  CHECK(a.steps_taken() == 21);
}

TEST_CASE("trainer: a step allocates nothing, and neither does evaluation: a call borrows its pass buffers once",
          "[training]") {
  Trainer t(spec_of("learned", "causal", "cls"));
  t.step(1);
  const auto counted = [&](auto call) {
    allocations = 0;
    counting = true;
    call();
    counting = false;
    return allocations;
  };
  // The pass buffers (Model::acquire_pass_buffers): parameter gradients, activations, theirs, scratch.
  constexpr long kPassBuffers = 4;
  CHECK(counted([&] { t.step(3); }) == (PELAB_COUNT_ALLOCATIONS ? kPassBuffers : 0));
  CHECK(counted([&] { t.step(30); }) == counted([&] { t.step(3); }));
  CHECK(counted([&] { t.evaluate(64, 10, 1); }) == counted([&] { t.evaluate(64, 200, 1); }));
  if (!PELAB_COUNT_ALLOCATIONS) WARN("allocations not counted under AddressSanitizer");
}

TEST_CASE("trainer: learned rows past the training lengths keep their initial values exactly", "[training]") {
  for (const char* readout : {"mean", "cls"}) {
    Trainer t(spec_of("learned", "bidirectional", readout));
    const int C = t.spec().dModel, reached = 16 + (std::string(readout) == "cls");  // positions 0 … reached-1
    std::vector<float> initial(static_cast<std::size_t>(64 * C));
    fill_learned_table({64, C, 0}, initial.data());
    t.step(20);
    const auto& trained = t.learned_rows_trained();
    REQUIRE(trained.size() == 64);
    for (int p = 0; p < 64; ++p) {
      INFO(readout << " row " << p);
      const bool same = std::equal(initial.begin() + p * C, initial.begin() + (p + 1) * C, t.position_table() + p * C);
      CHECK(trained[std::size_t(p)] == (p < reached ? 1 : 0));
      CHECK(same == (p >= reached));
    }
  }
  for (const char* other : {"none", "sinusoidal", "rope", "alibi"})
    CHECK(Trainer(spec_of(other)).learned_rows_trained().empty());  // (the JS API refuses the call instead)
}

TEST_CASE("trainer: without an encoding and with mean readout, the output ignores the order of the tokens",
          "[training]") {
  Trainer none(spec_of("none"));
  none.step(30);  // weights away from their initial values
  // Only the order of float sums changes (attention's weighted sums, the mean): ~1e-7.
  CHECK(largest_change_under_shuffles(none, 12, 20, 10, 11) <= 1e-5);

  // With positions, a shuffle that swaps the markers flips a trained model's answer.
  Trainer sinusoidal(spec_of("sinusoidal"));
  sinusoidal.step(150);
  CHECK(largest_change_under_shuffles(sinusoidal, 12, 20, 10, 11) > 0.5);
}

TEST_CASE("trainer: with a CLS token at position 0 and no encoding, the output ignores the order of the others",
          "[training]") {
  Trainer cls(spec_of("none", "bidirectional", "cls"));
  cls.step(30);
  CHECK(largest_change_under_shuffles(cls, 12, 20, 10, 11) <= 1e-5);
}

TEST_CASE("trainer: two-sided ALiBi with mean readout gives a sequence and its reverse the same answer", "[training]") {
  // The bias −slope·|i − j| is the same for mirrored positions, and the mean ignores the rows' order:
  // reversing the tokens cannot change the output (float rounding aside; in double it is exact:
  // test_model.cpp). Reversing an `order` sample swaps A and B, so its label flips: on every pair
  // the trained model is right exactly once.
  Trainer t(spec_of("alibi"));
  t.step(100);
  double worst = 0, apart = 0;
  for (int length : {8, 16, 40}) {
    std::vector<int> tokens(static_cast<std::size_t>(length));
    for (int s = 0; s < 20; ++s) {
      int label = 0;
      t.example(length, 5, static_cast<std::uint64_t>(s), tokens.data(), label);
      const double p = t.probability(tokens.data(), length);
      std::reverse(tokens.begin(), tokens.end());
      const auto a = std::find(tokens.begin(), tokens.end(), marker_a),
                 b = std::find(tokens.begin(), tokens.end(), marker_b);
      CHECK((a < b) == (label == 0));  // the reverse has the other label
      worst = std::max(worst, std::fabs(t.probability(tokens.data(), length) - p));
      apart = std::max(apart, std::fabs(p - 0.5));
    }
  }
  CHECK(worst <= 1e-6);
  CHECK(apart > 1e-3);  // not a constant output: it just cannot tell a sequence from its reverse

  // With a CLS token at position 0 the mirror moves every token's distance to it: no longer a symmetry.
  Trainer cls(spec_of("alibi", "bidirectional", "cls"));
  cls.step(100);
  std::vector<int> tokens{3, 1, 4, 4, 6, 2, 7, 5, 5, 3};
  const double p = cls.probability(tokens.data(), 10);
  std::reverse(tokens.begin(), tokens.end());
  CHECK(std::fabs(cls.probability(tokens.data(), 10) - p) > 1e-3);
}

TEST_CASE("trainer: causal attention with the CLS token first gives one output for every input", "[training]") {
  // Position 0 attends only to itself, so the CLS row never sees the tokens: a constant classifier.
  Trainer t(spec_of("sinusoidal", "causal", "cls"));
  t.step(10);
  std::vector<int> a{1, 3, 4, 2, 5, 6}, b{2, 7, 7, 1, 3};
  CHECK(t.probability(a.data(), 6) == t.probability(b.data(), 5));
}

TEST_CASE("trainer: attention weights for the heatmap are softmax rows, causal ones lower-triangular", "[training]") {
  for (const char* attention : {"bidirectional", "causal"}) {
    Trainer t(spec_of("learned", attention, "cls"));
    t.step(5);
    const std::vector<int> tokens{3, 1, 4, 4, 2, 7};
    const int n = t.probe_rows(6);
    REQUIRE(n == 7);
    std::vector<float> w(static_cast<std::size_t>(n * n));
    for (int head = 0; head < 2; ++head) {
      t.attention_weights(tokens.data(), 6, 0, head, w.data());
      for (int i = 0; i < n; ++i) {
        double sum = 0;
        for (int j = 0; j < n; ++j) {
          sum += w[std::size_t(i * n + j)];
          if (std::string(attention) == "causal" && j > i) CHECK(w[std::size_t(i * n + j)] == 0.0f);
        }
        CHECK(sum == Approx(1.0).epsilon(1e-5));
      }
    }
  }
}
