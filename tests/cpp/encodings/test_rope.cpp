#include <catch2/catch.hpp>
#include <cmath>
#include <vector>

#include "../table_helpers.hpp"
#include "pelab/encodings/rope.hpp"
#include "pelab/numerics/random.hpp"
#include "pelab/validation/limits.hpp"

using namespace pelab;
using pelab::testing::max_abs_difference;

namespace {

// Entries uniform-ish in [-1, 1]: the precision claim is for |x| ≤ 1.
std::vector<float> inputs(int n, int d, std::uint32_t seed) {
  std::vector<float> x(static_cast<std::size_t>(n) * d);
  random::fill_normal(seed, random::Stream::query_projection, 0, x.size(), 0.5f, x.data());
  for (float& v : x) v = std::max(-1.f, std::min(1.f, v));
  return x;
}

std::vector<float> rotated(const RopeSpec& spec, std::vector<float> x) {
  apply_rope(spec, x.data(), static_cast<int>(x.size() / spec.dHead));
  return x;
}

// RoPE written from its definition in float64: pair i of row r turns by ((start + r)/scale)·base^(−2i/r_dims),
// the pair being (i, i + r/2) for 'halves' and (2i, 2i + 1) for 'interleaved'.
std::vector<double> reference(const RopeSpec& spec, const std::vector<float>& x) {
  const int d = spec.dHead, r = spec.rotaryDims, n = static_cast<int>(x.size() / d);
  std::vector<double> out(x.begin(), x.end());
  for (int row = 0; row < n; ++row)
    for (int i = 0; i < r / 2; ++i) {
      const double angle = (spec.start + row) / spec.scale * std::pow(spec.base, -2.0 * i / r);
      const bool halves = spec.layout == RopeLayout::halves;
      const int a = row * d + (halves ? i : 2 * i), b = row * d + (halves ? i + r / 2 : 2 * i + 1);
      out[a] = double(x[a]) * std::cos(angle) - double(x[b]) * std::sin(angle);
      out[b] = double(x[b]) * std::cos(angle) + double(x[a]) * std::sin(angle);
    }
  return out;
}

double dot(const float* a, const float* b, int d) { return pelab::testing::dot(a, b, std::size_t(d)); }

// Interleaved dimension 2i ↔ halves dimension i, 2i+1 ↔ i + r/2; dimensions from r on stay.
std::vector<float> interleaved_to_halves(const std::vector<float>& x, int d, int r) {
  std::vector<float> y(x);
  for (std::size_t row = 0; row < x.size() / d; ++row)
    for (int i = 0; i < r / 2; ++i) {
      y[row * d + i] = x[row * d + 2 * i];
      y[row * d + i + r / 2] = x[row * d + 2 * i + 1];
    }
  return y;
}

}  // namespace

TEST_CASE("rope matches its float64 definition in both layouts", "[rope]") {
  const auto layout = GENERATE(RopeLayout::halves, RopeLayout::interleaved);
  SECTION("widths whose pairs fill whole SIMD batches and widths that leave a tail") {
    for (int d : {2, 4, 6, 8, 10, 16, 18, 64, 130}) {
      const RopeSpec spec{d, d, 10000.0, layout, 1.0, 3};
      const auto x = inputs(37, d, 1);
      INFO(rope_layout_name(layout) << " dHead " << d);
      CHECK(max_abs_difference(rotated(spec, x), reference(spec, x)) <= 2e-6);
    }
  }
  SECTION("other bases: Llama 3's 500000 and a small one") {
    for (double base : {2.0, 500000.0, 1e9}) {
      const RopeSpec spec{32, 32, base, layout, 1.0, 100};
      const auto x = inputs(50, 32, 2);
      CHECK(max_abs_difference(rotated(spec, x), reference(spec, x)) <= 2e-6);
    }
  }
}

TEST_CASE("rope stays within 2e-6 of float64 at every position up to 65,536", "[rope][accuracy]") {
  const auto layout = GENERATE(RopeLayout::halves, RopeLayout::interleaved);
  for (int d : {64, 130}) {
    const RopeSpec spec{d, d, 10000.0, layout, 1.0, 0};
    const auto x = inputs(65537, d, 3);  // positions 0 … 65,536
    INFO(rope_layout_name(layout) << " dHead " << d);
    REQUIRE(max_abs_difference(rotated(spec, x), reference(spec, x)) <= 2e-6);
  }
}

TEST_CASE("the score of a rotated query and key depends only on their offset", "[rope]") {
  const auto layout = GENERATE(RopeLayout::halves, RopeLayout::interleaved);
  const int d = 16;
  const auto q = inputs(1, d, 4), k = inputs(1, d, 5);
  // The same query at position m and key at position n, for several (m, n) with m − n = 5.
  auto score = [&](int m, int n) {
    auto qm = rotated({d, d, 10000.0, layout, 1.0, m}, q);
    auto kn = rotated({d, d, 10000.0, layout, 1.0, n}, k);
    return dot(qm.data(), kn.data(), d);
  };
  const double at_start = score(5, 0);
  for (int shift : {1, 17, 1000, 60000}) {
    INFO("shift " << shift);
    CHECK(score(5 + shift, shift) == Approx(at_start).margin(1e-5));
  }
  SECTION("and changes with the offset") { CHECK(std::fabs(score(9, 0) - at_start) > 1e-3); }
}

TEST_CASE("the two layouts differ on the same input and agree after permuting its dimensions", "[rope]") {
  const int d = 12, r = 8, n = 20;
  const auto x = inputs(n, d, 6);
  const RopeSpec halves{d, r, 10000.0, RopeLayout::halves, 1.0, 7};
  RopeSpec interleaved = halves;
  interleaved.layout = RopeLayout::interleaved;
  const auto a = rotated(halves, x), b = rotated(interleaved, x);
  CHECK(max_abs_difference(a, b) > 0.1);  // a checkpoint loaded with the wrong layout is silently wrong
  // Moving interleaved pair (2i, 2i+1) to (i, i + r/2) before and after turns one into the other.
  const auto b_as_halves = interleaved_to_halves(b, d, r);
  CHECK(max_abs_difference(rotated(halves, interleaved_to_halves(x, d, r)), b_as_halves) <= 1e-6);
}

TEST_CASE("partial rotary turns the first rotaryDims dimensions and passes the rest through", "[rope]") {
  const auto layout = GENERATE(RopeLayout::halves, RopeLayout::interleaved);
  const int d = 20, r = 6, n = 33;
  const RopeSpec spec{d, r, 10000.0, layout, 1.0, 11};
  const auto x = inputs(n, d, 7);
  const auto y = rotated(spec, x);
  for (int row = 0; row < n; ++row)
    for (int c = r; c < d; ++c) REQUIRE(y[row * d + c] == x[row * d + c]);  // bit for bit
  CHECK(max_abs_difference(y, reference(spec, x)) <= 2e-6);
  SECTION("its frequencies are those of a head r wide") {
    const auto omega = rope_frequencies(spec);
    REQUIRE(omega.size() == 3);
    for (int i = 0; i < 3; ++i) CHECK(omega[i] == Approx(std::pow(10000.0, -2.0 * i / r)).epsilon(1e-14));
  }
}

TEST_CASE("scale divides positions (linear position interpolation)", "[rope]") {
  const auto layout = GENERATE(RopeLayout::halves, RopeLayout::interleaved);
  const int d = 16, n = 40;
  const auto x = inputs(n, d, 8);
  SECTION("against float64 at fractional positions") {
    for (double scale : {2.0, 4.0, 2.5, 1000.0}) {
      const RopeSpec spec{d, d, 10000.0, layout, scale, 60000};
      CHECK(max_abs_difference(rotated(spec, x), reference(spec, x)) <= 2e-6);
    }
  }
  SECTION("scale 4 at position 4p turns as scale 1 at position p") {
    const RopeSpec scaled{d, d, 10000.0, layout, 4.0, 0}, plain{d, d, 10000.0, layout, 1.0, 0};
    const auto a = rotated(scaled, x);
    std::vector<float> every_fourth;
    for (int row = 0; row < n; row += 4)
      every_fourth.insert(every_fourth.end(), x.begin() + row * d, x.begin() + (row + 1) * d);
    const auto b = rotated(plain, every_fourth);
    for (int row = 0; row < n / 4; ++row)
      for (int c = 0; c < d; ++c) CHECK(a[row * 4 * d + c] == Approx(b[row * d + c]).margin(1e-6));
  }
}

TEST_CASE("rope requests are checked in order and name the option at fault", "[rope][validation]") {
  RopeRequest r;
  CHECK(make_rope_request(0, 8, 10000, "halves", 8, 1, 0, 0, r).param == "n");
  CHECK(make_rope_request(4, 1, 10000, "halves", 8, 1, 0, 4, r).param == "dHead");
  CHECK(make_rope_request(4, 8, 1, "halves", 8, 1, 0, 32, r).param == "base");
  CHECK(make_rope_request(4, 8, 10000, "paper", 8, 1, 0, 32, r).rule == Rule::choice);
  SECTION("rotaryDims must be even and fit in the head") {
    const Status odd = make_rope_request(4, 8, 10000, "halves", 5, 1, 0, 32, r);
    CHECK(odd.rule == Rule::rotary_dims);
    CHECK(odd.hi == 8);
    const Status wide = make_rope_request(4, 7, 10000, "halves", 8, 1, 0, 28, r);
    CHECK(wide.rule == Rule::rotary_dims);
    CHECK(wide.hi == 6);
    CHECK(wide.a == 7);
    CHECK(make_rope_request(4, 7, 10000, "halves", 6, 1, 0, 28, r).ok);
  }
  CHECK(make_rope_request(4, 8, 10000, "halves", 8, 0.5, 0, 32, r).param == "scale");
  CHECK(make_rope_request(4, 8, 10000, "halves", 8, 1, -1, 32, r).param == "start");
  CHECK(make_rope_request(4, 8, 10000, "halves", 8, 1, 999999, 32, r).rule == Rule::last_row_position);
  CHECK(make_rope_request(4, 8, 10000, "halves", 8, 1, 0, 31, r).param == "x");
  REQUIRE(make_rope_request(4, 8, 10000, "interleaved", 6, 2, 5, 32, r).ok);
  CHECK(r.n == 4);
  CHECK(r.spec.rotaryDims == 6);
  CHECK(r.spec.layout == RopeLayout::interleaved);
}
