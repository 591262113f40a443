// What attention hands back on its way to the weights (AttentionTaps): the scores each row's softmax
// receives, and the queries and keys they come from.
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>
#include <vector>

#include "noise.hpp"
#include "pelab/attention/alibi.hpp"
#include "pelab/attention/attention.hpp"
#include "pelab/numerics/random.hpp"

using namespace pelab;
using pelab::testing::noise;

namespace {

// softmax of one row of scores in double (exp(−∞) = 0).
std::vector<double> softmax(const float* scores, int n) {
  double peak = -std::numeric_limits<double>::infinity(), total = 0;
  for (int j = 0; j < n; ++j) peak = std::max(peak, double(scores[j]));
  std::vector<double> w(n);
  for (int j = 0; j < n; ++j) total += w[j] = std::exp(double(scores[j]) - peak);
  for (double& x : w) x /= total;
  return w;
}

// One call's results, sized for `heads` heads over n × dK queries and keys and n × dV values.
struct Run {
  std::vector<float> weights, out, scores, q, k;
  Run(int heads, int n, int dK, int dV)
      : weights(heads * n * n), out(n * dV), scores(heads * n * n, 42.f), q(n * dK, 42.f), k(n * dK, 42.f) {}
  AttentionTaps taps() { return {scores.data(), q.data(), k.data()}; }
};

}  // namespace

TEST_CASE("the scores are what softmax receives: their row softmax is the weights", "[attention][scores]") {
  const int n = 7, heads = 2, dK = 8, dV = 6;
  const auto q = noise(n * dK, 201), k = noise(n * dK, 202), v = noise(n * dV, 203);
  HeadOptions options;
  options.heads = heads;
  options.alibi = GENERATE(false, true);
  options.rope = GENERATE(false, true);
  options.ropeSpec = {dK / heads, dK / heads, 10000.0, RopeLayout::halves, 1.0, 3};
  const Mask mask = GENERATE(Mask::none, Mask::before_softmax, Mask::after_softmax);
  Run run(heads, n, dK, dV);
  attention({n, dK, dV}, q.data(), k.data(), v.data(), mask, run.weights.data(), run.out.data(), options, run.taps());
  for (int h = 0; h < heads; ++h)
    for (int i = 0; i < n; ++i) {
      const float* row = run.scores.data() + (h * n + i) * n;
      const auto w = softmax(row, n);
      for (int j = 0; j < n; ++j) {
        // After softmax, the mask zeroes the future weights of scores softmax saw in full.
        const double expected = mask == Mask::after_softmax && j > i ? 0.0 : w[j];
        REQUIRE(run.weights[(h * n + i) * n + j] == Approx(expected).margin(1e-6));
      }
    }

  SECTION("the before-softmax mask puts −∞ exactly at the future keys; the others leave every score finite") {
    for (int h = 0; h < heads; ++h)
      for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) {
          const float s = run.scores[(h * n + i) * n + j];
          if (mask == Mask::before_softmax && j > i) REQUIRE(s == -std::numeric_limits<float>::infinity());
          else REQUIRE(std::isfinite(s));
        }
  }

  SECTION("taps change nothing else: weights and outputs are those of a call without them") {
    std::vector<float> w(run.weights.size()), out(run.out.size());
    attention({n, dK, dV}, q.data(), k.data(), v.data(), mask, w.data(), out.data(), options);
    CHECK(w == run.weights);
    CHECK(out == run.out);
  }
}

TEST_CASE("in one head without rope or ALiBi, a score is q·k/√dK and the taps are q and k", "[attention][scores]") {
  const int n = 5, dK = 6;
  const auto q = noise(n * dK, 204), k = noise(n * dK, 205), v = noise(n * dK, 206);
  Run run(1, n, dK, dK);
  attention({n, dK, dK}, q.data(), k.data(), v.data(), Mask::none, run.weights.data(), run.out.data(), {}, run.taps());
  CHECK(run.q == q);
  CHECK(run.k == k);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) {
      double dot = 0;
      for (int c = 0; c < dK; ++c) dot += double(q[i * dK + c]) * k[j * dK + c];
      REQUIRE(run.scores[i * n + j] == Approx(dot / std::sqrt(double(dK))).margin(1e-6));
    }
}

TEST_CASE("with rope, the tapped queries and keys are rotated and the scores depend on offsets only",
          "[attention][scores][rope]") {
  const int n = 16, d = 8;
  // The same query and key at every position: only rope tells positions apart.
  const auto q1 = noise(d, 207), k1 = noise(d, 208);
  std::vector<float> q, k;
  for (int r = 0; r < n; ++r) q.insert(q.end(), q1.begin(), q1.end()), k.insert(k.end(), k1.begin(), k1.end());
  HeadOptions options;
  options.rope = true;
  options.ropeSpec = {d, d, 10000.0, GENERATE(RopeLayout::halves, RopeLayout::interleaved), 1.0, 40};
  Run run(1, n, d, d);
  attention({n, d, d}, q.data(), k.data(), q.data(), Mask::none, run.weights.data(), run.out.data(), options,
            run.taps());
  auto qr = q, kr = k;
  apply_rope(options.ropeSpec, qr.data(), n);
  apply_rope(options.ropeSpec, kr.data(), n);
  CHECK(run.q == qr);
  CHECK(run.k == kr);
  for (int i = 0; i + 1 < n; ++i)
    for (int j = 0; j + 1 < n; ++j)
      REQUIRE(run.scores[i * n + j] == Approx(run.scores[(i + 1) * n + j + 1]).margin(1e-5));
  CHECK(std::fabs(run.scores[0] - run.scores[3]) > 1e-3);  // and the offset matters
}

TEST_CASE("a row whose float scores overflow keeps its double scores rounded to float", "[attention][scores]") {
  const std::vector<float> q{1e20f, 1.f}, k{1e20f, 1.f}, v{1.f, 2.f};
  Run run(1, 2, 1, 1);
  attention({2, 1, 1}, q.data(), k.data(), v.data(), Mask::none, run.weights.data(), run.out.data(), {}, run.taps());
  CHECK(run.scores[0] == std::numeric_limits<float>::infinity());  // 1e40 is past float's range
  CHECK(run.scores[1] == Approx(1e20).epsilon(1e-6));
  CHECK(run.scores[2] == Approx(1e20).epsilon(1e-6));
  CHECK(run.scores[3] == Approx(1.0).margin(1e-6));
  CHECK(run.weights[0] == Approx(1.0).margin(1e-6));
}

TEST_CASE("self-attention taps its projections, rotated when rope is on", "[attention][scores]") {
  const int n = 4, dModel = 6, dK = 4;
  const auto x = noise(n * dModel, 209);
  std::vector<float> q(n * dK), k(n * dK);
  project(x.data(), n, dModel, dK, 11, random::Stream::query_projection, q.data());
  project(x.data(), n, dModel, dK, 11, random::Stream::key_projection, k.data());
  HeadOptions options;
  options.heads = 2;
  options.alibi = true;
  options.rope = GENERATE(false, true);
  options.ropeSpec = {dK / 2, dK / 2, 10000.0, RopeLayout::halves, 1.0, 0};
  Run run(2, n, dK, dK);
  self_attention(x.data(), n, dModel, dK, 11, Mask::before_softmax, run.weights.data(), run.out.data(), options,
                 run.taps());
  // Each head's share of columns, rotated on its own when rope is on.
  const auto slopes = alibi_slopes(2);
  for (int h = 0; h < 2; ++h) {
    std::vector<float> qh, kh;
    for (int r = 0; r < n; ++r) {
      qh.insert(qh.end(), q.begin() + r * dK + 2 * h, q.begin() + r * dK + 2 * h + 2);
      kh.insert(kh.end(), k.begin() + r * dK + 2 * h, k.begin() + r * dK + 2 * h + 2);
    }
    if (options.rope) apply_rope(options.ropeSpec, qh.data(), n), apply_rope(options.ropeSpec, kh.data(), n);
    for (int r = 0; r < n; ++r)
      for (int c = 0; c < 2; ++c) {
        REQUIRE(run.q[r * dK + 2 * h + c] == qh[r * 2 + c]);
        REQUIRE(run.k[r * dK + 2 * h + c] == kh[r * 2 + c]);
      }
    for (int i = 0; i < n; ++i)
      for (int j = 0; j <= i; ++j) {
        const double dot = double(qh[i * 2]) * kh[j * 2] + double(qh[i * 2 + 1]) * kh[j * 2 + 1];
        const double expected = dot / std::sqrt(2.0) - slopes[h] * (i - j);
        REQUIRE(run.scores[(h * n + i) * n + j] == Approx(expected).margin(1e-5));
      }
  }
}
