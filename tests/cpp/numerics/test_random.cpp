// The counter-based generator of random.hpp, checked two ways: against a second implementation of
// its definition written here (splitmix64's finaliser, the stream key, 53-bit uniforms, Box–Muller in
// double), and against literal values, so a change of definition fails even if both sides change.
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <vector>

#include "pelab/numerics/random.hpp"

using namespace pelab;
using random::Stream;

namespace {

// splitmix64 (Steele, Lea, Flood 2014): add the golden gamma, then the finaliser.
std::uint64_t splitmix64(std::uint64_t z) {
  z += 0x9e3779b97f4a7c15ULL;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

// Element `counter` of stream S under seed s: the top 53 bits of splitmix64(key + counter), where
// key = splitmix64(s xor S·2^32), centred in its 2^-53-wide cell so 0 and 1 never occur.
double expected_uniform(std::uint64_t seed, Stream stream, std::uint64_t counter) {
  const std::uint64_t key = splitmix64(seed ^ (static_cast<std::uint64_t>(stream) << 32));
  return (std::ldexp(static_cast<double>(splitmix64(key + counter) >> 11), -53)) + std::ldexp(1.0, -54);
}

// Box–Muller on uniforms 2i and 2i+1: sqrt(-2 ln u1) cos(2π u2), rounded to float at the end.
double expected_normal(std::uint64_t seed, Stream stream, std::uint64_t index) {
  const double u1 = expected_uniform(seed, stream, 2 * index), u2 = expected_uniform(seed, stream, 2 * index + 1);
  return std::sqrt(-2.0 * std::log(u1)) * std::cos(2.0 * M_PI * u2);
}

// One float ulp at the value's magnitude: what rounding the double result to float may cost, with
// room for a libm whose log or cos differs in the last double bit.
double one_float_ulp(double v) { return std::ldexp(1.0, std::ilogb(v) - 23); }

}  // namespace

TEST_CASE("mix64 is splitmix64's output function", "[random]") {
  SECTION("the published first outputs of splitmix64 seeded with 0 and 1") {
    CHECK(random::mix64(0) == 0xe220a8397b1dcdafULL);
    CHECK(random::mix64(1) == 0x910a2dec89025cc1ULL);
  }
  SECTION("and the re-implementation here agrees on arbitrary inputs") {
    for (std::uint64_t x : {0x123456789abcdefULL, ~0ULL, 1ULL << 63, 0x9e3779b97f4a7c15ULL})
      CHECK(random::mix64(x) == splitmix64(x));
  }
}

TEST_CASE("uniform is a pure function of (seed, stream, counter) in the open interval (0, 1)", "[random]") {
  SECTION("pinned values") {
    CHECK(random::uniform(0, Stream::learned_positions, 0) == 0.74983247887155602);
    CHECK(random::uniform(0, Stream::learned_positions, 1) == 0.067549361263559426);
    CHECK(random::uniform(0, Stream::token_embeddings, 0) == 0.63959252548325374);
    CHECK(random::uniform(42, Stream::learned_positions, 1000) == 0.88375942367223193);
  }
  SECTION("equal to the definition, bit for bit, over seeds, streams and counters") {
    for (std::uint64_t seed : {0ULL, 1ULL, 42ULL, 4294967295ULL})
      for (Stream s : {Stream::learned_positions, Stream::token_embeddings, Stream::query_projection,
                       Stream::key_projection, Stream::value_projection})
        for (std::uint64_t c : {0ULL, 1ULL, 2ULL, 999ULL, 1ULL << 40}) {
          INFO("seed " << seed << ", stream " << static_cast<int>(s) << ", counter " << c);
          REQUIRE(random::uniform(seed, s, c) == expected_uniform(seed, s, c));
        }
  }
  SECTION("never 0, so Box–Muller's logarithm stays finite") {
    // The smallest value is (0 + 0.5) · 2^-53. At the top, 2^53 - 1 + 0.5 is not a double and rounds
    // to 2^53, so the largest of the 2^53 values is exactly 1.0: harmless (u1 = 1 gives a normal of 0,
    // u2 = 1 is cos 2π), and reached with probability 2^-53.
    for (std::uint64_t c = 0; c < 10000; ++c) {
      const double u = random::uniform(7, Stream::value_projection, c);
      REQUIRE(u > 0.0);
      REQUIRE(u < 1.0);
    }
  }
}

TEST_CASE("normal is Box–Muller on two uniforms, rounded to float", "[random]") {
  SECTION("pinned values") {
    const double tol = 1e-6;
    CHECK(random::normal(0, Stream::learned_positions, 0) == Approx(0.69149602995283).margin(tol));
    CHECK(random::normal(0, Stream::learned_positions, 1) == Approx(-1.084205722376119).margin(tol));
    CHECK(random::normal(0, Stream::learned_positions, 2) == Approx(0.8759645493329926).margin(tol));
    CHECK(random::normal(0, Stream::learned_positions, 3) == Approx(0.3075077703288428).margin(tol));
    CHECK(random::normal(0, Stream::token_embeddings, 0) == Approx(-0.19563611086276056).margin(tol));
    CHECK(random::normal(4294967295u, Stream::query_projection, 5) == Approx(-0.02849735880619504).margin(tol));
  }
  SECTION("within one float ulp of Box–Muller computed here in double") {
    for (std::uint64_t seed : {0ULL, 3ULL, 4294967295ULL})
      for (Stream s : {Stream::learned_positions, Stream::token_embeddings, Stream::key_projection})
        for (std::uint64_t i = 0; i < 200; ++i) {
          const double want = expected_normal(seed, s, i);
          INFO("seed " << seed << ", stream " << static_cast<int>(s) << ", index " << i << ": " << want);
          REQUIRE(std::fabs(random::normal(seed, s, i) - want) <= one_float_ulp(want));
        }
  }
  SECTION("different streams and seeds give different draws") {
    CHECK(random::normal(0, Stream::learned_positions, 0) != random::normal(0, Stream::token_embeddings, 0));
    CHECK(random::normal(0, Stream::learned_positions, 0) != random::normal(1, Stream::learned_positions, 0));
  }
}

TEST_CASE("fill_normal writes scale · normal(first + i) and nothing else", "[random]") {
  std::vector<float> out(12, 42.f);
  random::fill_normal(9, Stream::query_projection, 100, 10, 0.25f, out.data() + 1);
  CHECK(out[0] == 42.f);
  CHECK(out[11] == 42.f);
  for (int i = 0; i < 10; ++i) {
    INFO("i = " << i);
    CHECK(out[1 + i] == 0.25f * random::normal(9, Stream::query_projection, 100 + i));
  }
  SECTION("a scale of 1 gives the draws themselves, which look like N(0, 1)") {
    std::vector<float> big(100000);
    random::fill_normal(1, Stream::value_projection, 0, big.size(), 1.0f, big.data());
    double sum = 0, sq = 0;
    for (float v : big) sum += v, sq += double(v) * v;
    const double mean = sum / big.size(), var = sq / big.size() - mean * mean;
    // standard errors: 1/sqrt(1e5) ≈ 0.003 for the mean, sqrt(2/1e5) ≈ 0.0045 for the variance
    CHECK(std::fabs(mean) < 0.015);
    CHECK(var == Approx(1.0).margin(0.025));
  }
}
