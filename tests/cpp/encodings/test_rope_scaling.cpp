// RoPE scaling checked against a separate transcription of Hugging Face transformers'
// modeling_rope_utils.py (_compute_default/linear_scaling/ntk/dynamic_ntk/yarn_parameters), written in
// double with its own names and order of operations, not the core's code run twice.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <string>
#include <vector>

#include "pelab/encodings/rope.hpp"
#include "pelab/encodings/rope_scaling.hpp"
#include "pelab/validation/limits.hpp"

using namespace pelab;

namespace {

constexpr double kPi = 3.14159265358979323846;

// inv_freq = 1 / (base ** (arange(0, dim, 2) / dim))
std::vector<double> hf_default(int dim, double base) {
  std::vector<double> inv;
  for (int k = 0; k < dim; k += 2) inv.push_back(1.0 / std::pow(base, static_cast<double>(k) / dim));
  return inv;
}

std::vector<double> hf_linear(int dim, double base, double factor) {
  std::vector<double> inv = hf_default(dim, base);
  for (double& v : inv) v /= factor;
  return inv;
}

std::vector<double> hf_ntk(int dim, double base, double factor) {
  return hf_default(dim, base * std::pow(factor, static_cast<double>(dim) / (dim - 2)));
}

std::vector<double> hf_dynamic(int dim, double base, double factor, double maxPositions, double seqLen) {
  const double len = seqLen > maxPositions ? seqLen : maxPositions;
  return hf_default(
      dim, base * std::pow((factor * len / maxPositions) - (factor - 1), static_cast<double>(dim) / (dim - 2)));
}

struct HfYarn {
  std::vector<double> inv;
  double attention;
};
HfYarn hf_yarn(int dim, double base, double factor, double maxPositions, double betaFast, double betaSlow) {
  const double attention = 0.1 * std::log(factor) + 1.0;
  auto find_correction_dim = [&](double numRotations) {
    return (dim * std::log(maxPositions / (numRotations * 2 * kPi))) / (2 * std::log(base));
  };
  double low = std::floor(find_correction_dim(betaFast)), high = std::ceil(find_correction_dim(betaSlow));
  low = std::max(low, 0.0);
  high = std::min(high, dim - 1.0);
  if (low == high) high += 0.001;
  HfYarn out{{}, attention};
  for (int k = 0, j = 0; k < dim; k += 2, ++j) {
    const double posFreq = std::pow(base, static_cast<double>(k) / dim);
    const double extrapolation = 1.0 / posFreq, interpolation = 1.0 / (factor * posFreq);
    const double ramp = std::min(1.0, std::max(0.0, (j - low) / (high - low)));
    const double extrapolationFactor = 1 - ramp;
    out.inv.push_back(interpolation * (1 - extrapolationFactor) + extrapolation * extrapolationFactor);
  }
  return out;
}

RopeScaling scaling(const std::string& type, double factor, double L0 = std::nan(""), double L = std::nan(""),
                    double fast = 32, double slow = 1) {
  RopeScaling c;
  const Status s = make_rope_scaling({type, factor, L0, L, fast, slow}, c);
  REQUIRE(s.ok);
  return c;
}

double max_relative_error(const std::vector<double>& got, const std::vector<double>& want) {
  REQUIRE(got.size() == want.size());
  double worst = 0;
  for (std::size_t i = 0; i < got.size(); ++i) worst = std::max(worst, std::abs(got[i] - want[i]) / std::abs(want[i]));
  return worst;
}

}  // namespace

TEST_CASE("each scaling's frequencies are transformers' within 1e-9 relative", "[rope_scaling]") {
  for (int r : {4, 8, 16, 64, 128})
    for (double base : {2.0, 500.0, 10000.0, 1e6})
      for (double s : {1.0, 1.5, 4.0, 64.0}) {
        INFO("r " << r << ", base " << base << ", factor " << s);
        CHECK(max_relative_error(scaled_frequencies(r, base, scaling("none", s)).invFreq, hf_default(r, base)) <= 1e-9);
        CHECK(max_relative_error(scaled_frequencies(r, base, scaling("linear", s)).invFreq, hf_linear(r, base, s)) <=
              1e-9);
        CHECK(max_relative_error(scaled_frequencies(r, base, scaling("ntk", s)).invFreq, hf_ntk(r, base, s)) <= 1e-9);
        for (double L0 : {16.0, 512.0, 4096.0})
          for (double L : {0.0, L0 / 2, L0, 3 * L0}) {
            INFO("L0 " << L0 << ", length " << L);
            CHECK(max_relative_error(scaled_frequencies(r, base, scaling("dynamic", s, L0, L)).invFreq,
                                     hf_dynamic(r, base, s, L0, L)) <= 1e-9);
          }
        for (double L0 : {4.0, 16.0, 512.0, 4096.0, 100000.0}) {
          INFO("yarn, L0 " << L0);
          const ScaledFrequencies got = scaled_frequencies(r, base, scaling("yarn", s, L0));
          const HfYarn want = hf_yarn(r, base, s, L0, 32, 1);
          CHECK(max_relative_error(got.invFreq, want.inv) <= 1e-9);
          CHECK(got.attentionFactor == Approx(want.attention).epsilon(1e-12));
        }
      }
}

TEST_CASE("YaRN's ramp at its edges: bounds equal, clamped at 0 and at r - 1", "[rope_scaling]") {
  const int r = 8;
  SECTION("both bounds at 0 (L0 under 2π·betaSlow): pair 0 kept, every other pair interpolated") {
    const ScaledFrequencies f = scaled_frequencies(r, 10000, scaling("yarn", 4, 4));
    const std::vector<double> theta = hf_default(r, 10000);
    CHECK(f.invFreq[0] == Approx(theta[0]).epsilon(1e-12));
    for (int i = 1; i < r / 2; ++i) CHECK(f.invFreq[i] == Approx(theta[i] / 4).epsilon(1e-12));
    CHECK(max_relative_error(f.invFreq, hf_yarn(r, 10000, 4, 4, 32, 1).inv) <= 1e-9);
  }
  SECTION("the low bound past r - 1 (a small base, a long L0), the high one clamped below it: as transformers") {
    // low = floor(35.8) = 35, high = min(ceil(55.8), 7) = 7: the ramp runs backwards and is 1 on every pair,
    // so every pair is interpolated, though each turns many times over L0 (the correction dimension is a pair
    // index, clamped to r - 1 rather than r/2 - 1; the lab keeps transformers' arithmetic).
    const ScaledFrequencies f = scaled_frequencies(r, 2, scaling("yarn", 4, 100000));
    const std::vector<double> theta = hf_default(r, 2);
    for (int i = 0; i < r / 2; ++i) CHECK(f.invFreq[i] == Approx(theta[i] / 4).epsilon(1e-12));
    CHECK(max_relative_error(f.invFreq, hf_yarn(r, 2, 4, 100000, 32, 1).inv) <= 1e-9);
  }
  SECTION("a factor of 1 changes nothing, and the attention factor is 1") {
    const ScaledFrequencies f = scaled_frequencies(64, 10000, scaling("yarn", 1, 512));
    CHECK(max_relative_error(f.invFreq, hf_default(64, 10000)) <= 1e-12);
    CHECK(f.attentionFactor == 1.0);
  }
}

TEST_CASE("a scaling's options are checked in order, each naming itself", "[rope_scaling][validation]") {
  RopeScaling c;
  const double none = std::nan("");
  CHECK(make_rope_scaling({"stretch", 2, none, none, 32, 1}, c).param == "type");
  CHECK(make_rope_scaling({"linear", 0.5, none, none, 32, 1}, c).param == "factor");
  const Status needs = make_rope_scaling({"dynamic", 2, none, none, 32, 1}, c);
  CHECK(needs.rule == Rule::scaling_needs);
  CHECK(needs.param == "originalMaxPositions");
  CHECK(make_rope_scaling({"yarn", 2, 0, none, 32, 1}, c).param == "originalMaxPositions");
  CHECK(make_rope_scaling({"dynamic", 2, 512, -1, 32, 1}, c).param == "length");
  const Status order = make_rope_scaling({"yarn", 2, 512, none, 1, 32}, c);
  CHECK(order.rule == Rule::below);
  CHECK(order.param == "betaSlow");
  CHECK(order.hi == 1);
  // What a type does not read is not checked: linear takes no L0 and no betas.
  CHECK(make_rope_scaling({"linear", 2, none, none, -5, 99}, c).ok);
  RopeFrequenciesRequest r;
  const Status nested = make_rope_frequencies_request(64, 10000, 64, {"yarn", 0, none, none, 32, 1}, r);
  CHECK(nested.param == "scaling.factor");
  const Status two = make_rope_frequencies_request(64, 10000, 2, {"ntk", 2, none, none, 32, 1}, r);
  CHECK(two.rule == Rule::rotary_dims);
  CHECK(two.lo == 4);
  CHECK(make_rope_frequencies_request(64, 10000, 2, {"linear", 2, none, none, 32, 1}, r).ok);
}

TEST_CASE("rope under a scaling turns by the scaled angles, times the attention factor, within 2e-6 to 65,536",
          "[rope_scaling][rope]") {
  const int dHead = 64, n = 8;
  struct Method {
    RawRopeScaling raw;
    std::vector<double> inv;
    double attention;
  };
  const double none = std::nan("");
  const HfYarn y = hf_yarn(dHead, 10000, 16, 4096, 32, 1);
  const std::vector<Method> methods{
      {{"linear", 4, none, none, 32, 1}, hf_linear(dHead, 10000, 4), 1},
      {{"ntk", 8, none, none, 32, 1}, hf_ntk(dHead, 10000, 8), 1},
      {{"dynamic", 4, 512, 4096, 32, 1}, hf_dynamic(dHead, 10000, 4, 512, 4096), 1},
      {{"yarn", 16, 4096, none, 32, 1}, y.inv, y.attention},
  };
  std::vector<float> x(static_cast<std::size_t>(n) * dHead);
  for (std::size_t i = 0; i < x.size(); ++i) x[i] = static_cast<float>(std::sin(12.9898 * (i + 1)));
  for (const Method& m : methods)
    for (int start : {0, 65536 - n}) {
      INFO(m.raw.type << " from position " << start);
      RopeRequest r;
      REQUIRE(
          make_rope_request(n, dHead, 10000, "halves", dHead, 1, start, static_cast<double>(x.size()), r, m.raw).ok);
      std::vector<float> got = x;
      apply_rope(r.spec, got.data(), n);
      double worst = 0;
      for (int row = 0; row < n; ++row)
        for (int i = 0; i < dHead / 2; ++i) {
          const double angle = (start + row) * m.inv[static_cast<std::size_t>(i)];
          const std::size_t a = static_cast<std::size_t>(row) * dHead + i, b = a + dHead / 2;
          const double ya = m.attention * (x[a] * std::cos(angle) - x[b] * std::sin(angle));
          const double yb = m.attention * (x[b] * std::cos(angle) + x[a] * std::sin(angle));
          worst = std::max({worst, std::abs(got[a] - ya), std::abs(got[b] - yb)});
        }
      CHECK(worst <= 2e-6 * m.attention);
    }
}
