#include <catch2/catch.hpp>
#include <cmath>
#include <limits>
#include <vector>

#include "pelab/attention/alibi.hpp"
#include "pelab/validation/limits.hpp"

using namespace pelab;

namespace {

// The paper's slopes written from their description: with p = 2^floor(log2 n), slope i < p is
// 2^(−8(i+1)/p); the rest are slopes 1, 3, 5, … (counting from 1) of 2p heads: 2^(−8(2(i−p)+1)/(2p)).
double expected_slope(int n, int i) {
  int p = 1;
  while (p * 2 <= n) p *= 2;
  if (i < p) return std::exp2(-8.0 * (i + 1) / p);
  return std::exp2(-8.0 * (2 * (i - p) + 1) / (2 * p));
}

}  // namespace

TEST_CASE("ALiBi slopes follow the paper's reference for every head count", "[alibi]") {
  SECTION("eight heads: 1/2, 1/4, …, 1/256") {
    const auto s = alibi_slopes(8);
    REQUIRE(s.size() == 8);
    for (int i = 0; i < 8; ++i) CHECK(s[i] == Approx(std::ldexp(1.0, -(i + 1))).epsilon(1e-15));
  }
  SECTION("every count from 1 to 1024, powers of two and not") {
    // One assertion per count, naming the first head off the reference: an assertion (and its message) per slope,
    // 524,800 of them, took a third of each wasm suite's time.
    for (int n = 1; n <= 1024; ++n) {
      const auto s = alibi_slopes(n);
      REQUIRE(s.size() == static_cast<std::size_t>(n));
      int off = 0;
      while (off < n && s[off] == Approx(expected_slope(n, off)).epsilon(1e-13)) ++off;
      INFO(n << " heads, head " << off << ": " << (off < n ? s[off] : 0.0) << " against "
             << (off < n ? expected_slope(n, off) : 0.0));
      REQUIRE(off == n);
    }
  }
  SECTION("a non-power of two interleaves the next power's slopes between its own") {
    const auto six = alibi_slopes(6), four = alibi_slopes(4), eight = alibi_slopes(8);
    for (int i = 0; i < 4; ++i) CHECK(six[i] == four[i]);
    CHECK(six[4] == eight[0]);
    CHECK(six[5] == eight[2]);
  }
}

TEST_CASE("the ALiBi bias is −slope·|i − j| per head, −∞ above the diagonal when causal", "[alibi]") {
  const int heads = 3, n = 7;
  const auto slopes = alibi_slopes(heads);
  for (const auto mask : {BiasMask::none, BiasMask::causal}) {
    std::vector<float> bias(heads * n * n);
    fill_alibi_bias({heads, n, mask}, bias.data());
    for (int h = 0; h < heads; ++h)
      for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) {
          const float b = bias[(h * n + i) * n + j];
          if (mask == BiasMask::causal && j > i) REQUIRE(b == -std::numeric_limits<float>::infinity());
          else REQUIRE(b == Approx(-slopes[h] * std::abs(i - j)).epsilon(1e-7));
          if (i == j) REQUIRE_FALSE(std::signbit(b));  // +0, not −0, on the diagonal
        }
  }
}

TEST_CASE("ALiBi requests name the option at fault", "[alibi][validation]") {
  int heads = 0;
  CHECK(make_alibi_slopes_request(0, heads).param == "heads");
  CHECK(make_alibi_slopes_request(1.5, heads).param == "heads");
  REQUIRE(make_alibi_slopes_request(12, heads).ok);
  CHECK(heads == 12);
  AlibiBiasRequest r;
  CHECK(make_alibi_bias_request(4, 0, "none", r).param == "n");
  CHECK(make_alibi_bias_request(4, 8, "before-softmax", r).rule == Rule::choice);
  const Status big = make_alibi_bias_request(3, 2048, "none", r);  // 3 × 2048² > 2^23
  CHECK(big.rule == Rule::result_elements);
  CHECK(big.param == "heads");
  CHECK(big.a == 3);
  CHECK(big.b == 2048);
  REQUIRE(make_alibi_bias_request(2, 2048, "causal", r).ok);
  CHECK(r.mask == BiasMask::causal);
}
