#include <catch2/catch.hpp>
#include <cmath>
#include <numeric>
#include <vector>

#include "noise.hpp"
#include "pelab/attention/attention.hpp"
#include "pelab/numerics/random.hpp"

using namespace pelab;
using pelab::testing::noise;

namespace {

// softmax(QKᵀ/√dK)V in double, the plain way.
void reference_attention(int n, int dK, int dV, const std::vector<float>& q, const std::vector<float>& k,
                         const std::vector<float>& v, std::vector<double>& w, std::vector<double>& out) {
  w.assign(n * n, 0), out.assign(n * dV, 0);
  for (int i = 0; i < n; ++i) {
    double peak = -1e300, total = 0;
    for (int j = 0; j < n; ++j) {
      double s = 0;
      for (int c = 0; c < dK; ++c) s += double(q[i * dK + c]) * k[j * dK + c];
      w[i * n + j] = s / std::sqrt(double(dK));
      peak = std::max(peak, w[i * n + j]);
    }
    for (int j = 0; j < n; ++j) total += w[i * n + j] = std::exp(w[i * n + j] - peak);
    for (int j = 0; j < n; ++j) {
      w[i * n + j] /= total;
      for (int c = 0; c < dV; ++c) out[i * dV + c] += w[i * n + j] * v[j * dV + c];
    }
  }
}

double row_sum(const std::vector<float>& w, int n, int i) {
  return std::accumulate(w.begin() + i * n, w.begin() + (i + 1) * n, 0.0);
}

}  // namespace

TEST_CASE("attention matches a float64 evaluation of softmax(QKᵀ/√dK)V", "[attention]") {
  const int n = 13, dK = 7, dV = 5;
  const auto q = noise(n * dK, 1), k = noise(n * dK, 2), v = noise(n * dV, 3);
  std::vector<float> w(n * n), out(n * dV);
  attention({n, dK, dV}, q.data(), k.data(), v.data(), Mask::none, w.data(), out.data());
  std::vector<double> rw, rout;
  reference_attention(n, dK, dV, q, k, v, rw, rout);
  for (int i = 0; i < n * n; ++i) CHECK(w[i] == Approx(rw[i]).margin(1e-6));
  for (int i = 0; i < n * dV; ++i) CHECK(out[i] == Approx(rout[i]).margin(1e-5));
}

TEST_CASE("masking before softmax keeps rows summing to 1; zeroing after does not", "[attention][mask]") {
  const int n = 6, d = 4;
  const auto q = noise(n * d, 4), k = noise(n * d, 5), v = noise(n * d, 6);
  std::vector<float> before(n * n), after(n * n), out(n * d);
  attention({n, d, d}, q.data(), k.data(), v.data(), Mask::before_softmax, before.data(), out.data());
  attention({n, d, d}, q.data(), k.data(), v.data(), Mask::after_softmax, after.data(), out.data());
  for (int i = 0; i < n; ++i) {
    CHECK(row_sum(before, n, i) == Approx(1.0).margin(1e-6));
    for (int j = i + 1; j < n; ++j) CHECK(before[i * n + j] == 0.f);
    for (int j = i + 1; j < n; ++j) CHECK(after[i * n + j] == 0.f);
  }
  CHECK(row_sum(after, n, n - 1) == Approx(1.0).margin(1e-6));  // the last row masks nothing
  for (int i = 0; i < n - 1; ++i) CHECK(row_sum(after, n, i) < 1.0 - 1e-4);
}

TEST_CASE("softmax does not overflow on huge scores", "[attention]") {
  const int n = 3, d = 1;
  const std::vector<float> q{1000, 2000, 3000}, k{1000, 2000, 3000}, v{1, 2, 3};
  std::vector<float> w(n * n), out(n);
  attention({n, d, d}, q.data(), k.data(), v.data(), Mask::none, w.data(), out.data());
  for (float x : w) CHECK(std::isfinite(x));
  CHECK(row_sum(w, n, 2) == Approx(1.0).margin(1e-6));
  CHECK(out[2] == Approx(3.0).margin(1e-6));  // all weight on the largest key
}

TEST_CASE("finite inputs whose scores overflow float still give weights that sum to 1", "[attention]") {
  const std::vector<float> q{1e20f, 1.f}, k{1e20f, 1.f}, v{1.f, 2.f};
  std::vector<float> w(4), out(2);
  attention({2, 1, 1}, q.data(), k.data(), v.data(), Mask::none, w.data(), out.data());
  for (float x : w) CHECK(std::isfinite(x));
  CHECK(row_sum(w, 2, 0) == Approx(1.0).margin(1e-6));
  CHECK(w[0] == Approx(1.0).margin(1e-6));  // 1e40 beats 1e20 outright
  CHECK(out[0] == Approx(1.0).margin(1e-6));
}

TEST_CASE("bad attention arguments are refused by name", "[attention][validation]") {
  AttentionShape shape;
  Mask mask;
  CHECK(make_attention_shape(0, 4, 4, shape).param == "n");
  CHECK(make_attention_shape(4, 0.5, 4, shape).param == "dK");
  CHECK(make_attention_shape(4, 4, 5000, shape).param == "dV");
  REQUIRE(make_attention_shape(64, 16, 16, shape).ok);
  // The work cap, once per call, names the knob that breaks it: self-attention's projections here (one
  // head's attention alone, 512² × 288, fits; with dModel 4096 the projections add 1.6 × 10⁹).
  SelfAttentionRequest r;
  CHECK(make_self_attention(512, 4096, 128, 0, "none", RawHeadOptions{}, 512 * 4096, r).param == "dModel");
  CHECK(make_self_attention(512, 1024, 128, 0, "none", RawHeadOptions{}, 512 * 1024, r).ok);
  CHECK(parse_mask("sideways", mask).param == "mask");
  CHECK(parse_mask("before-softmax", mask).ok);
}
