#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <vector>

#include "pelab/encodings/rotations.hpp"

using namespace pelab;

namespace {

constexpr int kBlock = RotationRows::block;
constexpr float kUnwritten = 42.f;  // what the buffers hold before a write: no row value is ever 42

// The bound the header promises ("a few float ulps"), from how an element is made: as·oc + ac·os (or ac·oc − as·os)
// from four inputs of magnitude ≤ 1 rounded to float, each off by at most half a float ulp below 1, h = 2^-25. Their
// errors weigh |oc| + |as| + |os| + |ac| ≤ 2√2 < 3 h, the two products' roundings h each, the sum's at most 2 h (a
// result at 1 rounds with the ulp above 1): under 7 h ≈ 2.1e-7 in all (measured: 1.46e-7 at worst). The double
// anchors' drift (~1e-16 a block) and the reference's own error (|p·ω|·2^-53 < 1e-10) are far below.
const double kBound = 7 * std::ldexp(1.0, -25);

// Frequencies as the paper's table uses them: base^(−2k/d) for the pairs of a width d = 2·pairs.
std::vector<double> paper_frequencies(int pairs) {
  std::vector<double> omega(static_cast<std::size_t>(pairs));
  for (int k = 0; k < pairs; ++k)
    omega[static_cast<std::size_t>(k)] = std::pow(10000.0, -static_cast<double>(k) / pairs);
  return omega;
}

// Frequencies with no pattern: near π, 1, small, zero; a wrong pair or a wrong turn cannot match by chance.
const std::vector<double> kIrregular{2.9, 1.0, 0.5, 0.123, 1e-3, 3e-5, 0.0, 1.7, 0.31, 2.2, 0.07, 4e-4, 0.9};

std::vector<double> first(const std::vector<double>& omega, int pairs) {
  return std::vector<double>(omega.begin(), omega.begin() + pairs);
}

// `rows` rows from `start`, written `per_call` rows at a time (the last call takes what is left), into a buffer
// whose `guard` floats after the last row must stay unwritten.
std::vector<float> written(const std::vector<double>& omega, int start, int rows, int d, bool interleaved,
                           int per_call = kBlock, int guard = 0) {
  std::vector<float> out(static_cast<std::size_t>(rows) * d + guard, kUnwritten);
  RotationRows turns(omega, start);
  for (int row = 0; row < rows; row += per_call)
    turns.write_next(out.data() + static_cast<std::size_t>(row) * d, std::min(per_call, rows - row), d, interleaved);
  return out;
}

// The header's layout: pair k's sine and cosine at columns (2k, 2k+1) interleaved, else (k, pairs + k).
int sin_column(int k, bool interleaved) { return interleaved ? 2 * k : k; }
int cos_column(int k, int pairs, bool interleaved) { return interleaved ? 2 * k + 1 : pairs + k; }

// The largest |row value − (sin pω_k, cos pω_k) in double| over rows from `start`.
double max_error(const std::vector<float>& rows, const std::vector<double>& omega, int start, int count, int d,
                 bool interleaved) {
  const int pairs = static_cast<int>(omega.size());
  double worst = 0;
  for (int j = 0; j < count; ++j) {
    const double p = static_cast<double>(start) + j;
    const float* row = rows.data() + static_cast<std::size_t>(j) * d;
    for (int k = 0; k < pairs; ++k) {
      const double angle = p * omega[static_cast<std::size_t>(k)];
      worst = std::max(worst, std::fabs(row[sin_column(k, interleaved)] - std::sin(angle)));
      worst = std::max(worst, std::fabs(row[cos_column(k, pairs, interleaved)] - std::cos(angle)));
    }
  }
  return worst;
}

}  // namespace

TEST_CASE("every row is (sin pω, cos pω) of its position within 7 half-ulps of float, near 0 and past a million",
          "[rotations]") {
  const bool interleaved = GENERATE(true, false);
  // 1 pair, pairs below, at and past the 4 SIMD lanes, and counts that leave a scalar tail (3, 5, 13).
  const std::vector<int> pair_counts{1, 3, 4, 5, 8, 13};
  SECTION("40 blocks from position 0, paper frequencies and irregular ones") {
    for (int pairs : pair_counts)
      for (const auto& omega : {paper_frequencies(pairs), first(kIrregular, pairs)}) {
        INFO((interleaved ? "interleaved" : "halves") << ", " << pairs << " pairs, from 0");
        const auto rows = written(omega, 0, 40 * kBlock, 2 * pairs, interleaved);
        CHECK(max_error(rows, omega, 0, 40 * kBlock, 2 * pairs, interleaved) <= kBound);
      }
  }
  SECTION("starts off the block grid and across 2^20 and the lab's last position (1,000,000 + 65535)") {
    for (int start : {999'901, (1 << 20) - 3 * kBlock - 5, 1'065'535 - 40 * kBlock + 1})
      for (int pairs : pair_counts)
        for (const auto& omega : {paper_frequencies(pairs), first(kIrregular, pairs)}) {
          INFO((interleaved ? "interleaved" : "halves") << ", " << pairs << " pairs, from " << start);
          const auto rows = written(omega, start, 40 * kBlock, 2 * pairs, interleaved);
          CHECK(max_error(rows, omega, start, 40 * kBlock, 2 * pairs, interleaved) <= kBound);
        }
  }
  SECTION("65536 rows from position 1,000,000: no error carried from one block to the next") {
    // 8192 anchor steps: a float anchor, or a drift of even 1e-11 a block, would show here.
    const auto omega = first(kIrregular, 13);
    const auto rows = written(omega, 1'000'000, 65536, 26, interleaved);
    CHECK(max_error(rows, omega, 1'000'000, 65536, 26, interleaved) <= kBound);
  }
}

TEST_CASE("pair k's sine and cosine go to columns (2k, 2k+1) interleaved and (k, pairs + k) in halves", "[rotations]") {
  SECTION("position 0 is exactly (0, 1) in every pair: 0 1 0 1 … interleaved, 0 0 … 1 1 … in halves") {
    for (int pairs : {1, 3, 4, 5, 8}) {
      INFO(pairs << " pairs");
      const auto inter = written(first(kIrregular, pairs), 0, 1, 2 * pairs, true);
      const auto halves = written(first(kIrregular, pairs), 0, 1, 2 * pairs, false);
      for (int c = 0; c < 2 * pairs; ++c) {
        CHECK(inter[c] == (c % 2 == 0 ? 0.f : 1.f));
        CHECK(halves[c] == (c < pairs ? 0.f : 1.f));
      }
    }
  }
  SECTION("the two layouts hold the same floats, bit for bit, moved from (2k, 2k+1) to (k, pairs + k)") {
    for (int pairs : {3, 4, 5, 8, 13}) {
      INFO(pairs << " pairs");
      const auto omega = first(kIrregular, pairs);
      const int d = 2 * pairs, rows = 3 * kBlock;
      const auto inter = written(omega, 12'345, rows, d, true);
      const auto halves = written(omega, 12'345, rows, d, false);
      for (int j = 0; j < rows; ++j)
        for (int k = 0; k < pairs; ++k) {
          CHECK(halves[j * d + k] == inter[j * d + 2 * k]);
          CHECK(halves[j * d + pairs + k] == inter[j * d + 2 * k + 1]);
        }
    }
  }
}

TEST_CASE("a pair computes the same floats in the SIMD lanes and in the scalar tail", "[rotations]") {
  // Five pairs: four in one batch, the fifth in the tail. Rotating the list by one moves each frequency between
  // the two paths; simd.hpp promises the same operations in the same order, so the floats must be identical.
  const std::vector<double> omega{0.123, 2.9, 1e-3, 0.5, 1.0};
  const std::vector<double> rotated{1.0, 0.123, 2.9, 1e-3, 0.5};
  for (bool interleaved : {true, false}) {
    INFO((interleaved ? "interleaved" : "halves"));
    const auto a = written(omega, 777'777, 2 * kBlock, 10, interleaved);
    const auto b = written(rotated, 777'777, 2 * kBlock, 10, interleaved);
    for (int j = 0; j < 2 * kBlock; ++j)
      for (int k = 0; k < 5; ++k) {
        const int m = (k + 1) % 5;  // omega[k] is rotated[m]
        CHECK(a[j * 10 + sin_column(k, interleaved)] == b[j * 10 + sin_column(m, interleaved)]);
        CHECK(a[j * 10 + cos_column(k, 5, interleaved)] == b[j * 10 + cos_column(m, 5, interleaved)]);
      }
  }
}

TEST_CASE("columns from 2·pairs to d are zero, and nothing is written past the rows asked for", "[rotations]") {
  const bool interleaved = GENERATE(true, false);
  SECTION("odd widths (2·pairs + 1) and padded ones (2·pairs + 6)") {
    for (int pairs : {1, 3, 4, 5, 8})
      for (int d : {2 * pairs + 1, 2 * pairs + 6}) {
        INFO((interleaved ? "interleaved" : "halves") << ", " << pairs << " pairs, width " << d);
        const auto omega = first(kIrregular, pairs);
        const int rows = 2 * kBlock + 3;
        const auto out = written(omega, 31, rows, d, interleaved, kBlock, 2 * d);
        for (int j = 0; j < rows; ++j)
          for (int c = 2 * pairs; c < d; ++c) CHECK(out[j * d + c] == 0.f);
        // The pairs' columns are written with their values, not zeroed or left alone.
        CHECK(max_error(out, omega, 31, rows, d, interleaved) <= kBound);
        for (std::size_t i = static_cast<std::size_t>(rows) * d; i < out.size(); ++i) CHECK(out[i] == kUnwritten);
      }
  }
  SECTION("no pairs at all: every column is zero") {
    const auto out = written({}, 5, kBlock, 3, interleaved, kBlock, 3);
    for (int i = 0; i < kBlock * 3; ++i) CHECK(out[i] == 0.f);
    for (int i = kBlock * 3; i < kBlock * 3 + 3; ++i) CHECK(out[i] == kUnwritten);
  }
}

// Only the last call may be short: write_next advances its anchor by a whole block whatever `rows` is, so a call
// after a short one starts `block` rows after the short one's start (fill_sinusoidal and apply_rope write whole
// blocks and a short last one). What the short last call writes:
TEST_CASE("a last call of fewer than block rows writes those rows as a whole block would, and no more", "[rotations]") {
  const bool interleaved = GENERATE(true, false);
  const auto omega = first(kIrregular, 5);
  const int d = 11;  // 5 pairs (a scalar tail) and a zero column
  SECTION("1 to block − 1 rows from a fresh start equal the first rows of a whole block, bit for bit") {
    const auto whole = written(omega, 654'321, kBlock, d, interleaved);
    for (int rows = 1; rows < kBlock; ++rows) {
      INFO((interleaved ? "interleaved" : "halves") << ", " << rows << " rows");
      std::vector<float> out(static_cast<std::size_t>(kBlock) * d, kUnwritten);
      RotationRows(omega, 654'321).write_next(out.data(), rows, d, interleaved);
      for (int i = 0; i < rows * d; ++i) CHECK(out[i] == whole[i]);
      for (int i = rows * d; i < kBlock * d; ++i) CHECK(out[i] == kUnwritten);
    }
  }
  SECTION("after whole blocks, the short last call holds the positions that follow them") {
    for (int rows : {1, 3, kBlock - 1}) {
      INFO((interleaved ? "interleaved" : "halves") << ", 6 blocks then " << rows << " rows");
      const int total = 6 * kBlock + rows;
      const auto out = written(omega, 999'000, total, d, interleaved, kBlock, d);
      CHECK(max_error(out, omega, 999'000, total, d, interleaved) <= kBound);
      for (int i = total * d; i < (total + 1) * d; ++i) CHECK(out[i] == kUnwritten);
    }
  }
}

TEST_CASE("pairs() is the number of frequencies, a multiple of the SIMD width or not", "[rotations]") {
  for (int n : {0, 1, 3, 4, 5, 8, 13}) {
    INFO(n << " frequencies");
    CHECK(RotationRows(first(kIrregular, n), 0).pairs() == n);
    CHECK(RotationRows(first(kIrregular, n), 1'000'000).pairs() == n);
  }
}
