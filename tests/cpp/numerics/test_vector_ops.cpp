// The SIMD loops of vector_ops.hpp against float64 sums. Each length is chosen to hit a path: below
// one batch (the scalar tail only), whole batches, batches plus a tail; the pair matrices at row
// counts on and around their 4-row quads and 16-row blocks.
//
// Most inputs are small integers: every product and partial sum is then exact in float, so the
// result must equal the float64 sum exactly, whatever order the lanes add in. Real-valued inputs get
// an explicit rounding bound instead.
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "pelab/numerics/vector_ops.hpp"

using namespace pelab;

namespace {

// rows × n entries from {-8, …, 8}: products ≤ 64 and sums of ≤ 64 terms stay far below 2^24.
std::vector<float> integers(std::size_t rows, std::size_t n, std::uint32_t seed) {
  std::vector<float> v(rows * n);
  std::uint32_t s = seed * 2654435761u + 1;
  for (float& x : v) {
    s = s * 1664525u + 1013904223u;
    x = static_cast<float>(static_cast<int>((s >> 16) % 17) - 8);
  }
  return v;
}

// n entries in (-1, 1) with no short binary expansion, so float rounding happens.
std::vector<float> reals(std::size_t n, std::uint32_t seed) {
  std::vector<float> v(n);
  std::uint32_t s = seed * 2654435761u + 7;
  for (float& x : v) {
    s = s * 1664525u + 1013904223u;
    x = static_cast<float>((s >> 8) / 16777216.0 * 2.0 - 1.0) * 0.999f;
  }
  return v;
}

double dot64(const float* a, const float* b, std::size_t n) {
  double s = 0;
  for (std::size_t i = 0; i < n; ++i) s += double(a[i]) * double(b[i]);
  return s;
}

double sqdist64(const float* a, const float* b, std::size_t n) {
  double s = 0;
  for (std::size_t i = 0; i < n; ++i) s += (double(a[i]) - b[i]) * (double(a[i]) - b[i]);
  return s;
}

constexpr float kFloatNaN = std::numeric_limits<float>::quiet_NaN();
constexpr float kFloatUnit = 0x1.0p-24f;  // float's unit roundoff

}  // namespace

TEST_CASE("dot and squared_distance equal the float64 sums at every length from 0 to 33", "[vector_ops]") {
  SECTION("exactly, on small integers") {
    for (std::size_t n = 0; n <= 33; ++n) {
      const auto a = integers(1, n, 1), b = integers(1, n, 2);
      INFO("n = " << n);
      CHECK(dot(a.data(), b.data(), n) == dot64(a.data(), b.data(), n));
      CHECK(squared_distance(a.data(), b.data(), n) == sqdist64(a.data(), b.data(), n));
    }
  }
  SECTION("within n float roundings of the sum of |terms|, on real values") {
    for (std::size_t n = 1; n <= 33; ++n) {
      const auto a = reals(n, 3), b = reals(n, 4);
      double scale = 0;
      for (std::size_t i = 0; i < n; ++i) scale += std::fabs(double(a[i]) * b[i]);
      INFO("n = " << n);
      CHECK(std::fabs(dot(a.data(), b.data(), n) - dot64(a.data(), b.data(), n)) <= n * kFloatUnit * scale);
      const double sq = sqdist64(a.data(), b.data(), n);
      CHECK(std::fabs(squared_distance(a.data(), b.data(), n) - sq) <= 2 * n * kFloatUnit * sq);
    }
  }
  SECTION("a vector is at squared distance exactly 0 from itself") {
    const auto a = reals(19, 5);
    CHECK(squared_distance(a.data(), a.data(), 19) == 0.f);
  }
}

TEST_CASE("dot4 and squared_distance4 give each of four rows its own sum", "[vector_ops]") {
  for (std::size_t n = 0; n <= 17; ++n) {
    const auto a = integers(1, n, 10), rows = integers(6, n, 11);
    // four rows taken out of order, so a mix-up between them shows
    const float* const b[4] = {rows.data() + 5 * n, rows.data() + 0 * n, rows.data() + 3 * n, rows.data() + 1 * n};
    float dots[4] = {kFloatNaN, kFloatNaN, kFloatNaN, kFloatNaN},
          dists[4] = {kFloatNaN, kFloatNaN, kFloatNaN, kFloatNaN};
    dot4(a.data(), b, n, dots);
    squared_distance4(a.data(), b, n, dists);
    for (int r = 0; r < 4; ++r) {
      INFO("n = " << n << ", row " << r);
      CHECK(dots[r] == dot64(a.data(), b[r], n));
      CHECK(dists[r] == sqdist64(a.data(), b[r], n));
    }
  }
}

// The first entry (i, j) of a rows_a × rows_b matrix whose value is not exact(i, j), as "(i, j): got, want"; ""
// when every one is. One assertion per matrix, not per entry: these sweeps check some 75,000 entries, and an
// assertion (with its message) per entry made the case 3 s long in each wasm suite.
namespace {

template <class Exact>
std::string first_wrong_entry(const std::vector<float>& m, std::size_t rows_a, std::size_t rows_b, Exact exact) {
  for (std::size_t i = 0; i < rows_a; ++i)
    for (std::size_t j = 0; j < rows_b; ++j)
      if (!(m[i * rows_b + j] == exact(i, j)))
        return "(" + std::to_string(i) + ", " + std::to_string(j) + "): " + std::to_string(m[i * rows_b + j]) +
               " against " + std::to_string(exact(i, j));
  return "";
}

}  // namespace

TEST_CASE("the pair matrices fill every entry at row counts around their quads and blocks", "[vector_ops]") {
  // quads of 4 rows, blocks of 16: below, on and past each edge
  const std::size_t row_counts[] = {1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 19, 20, 31, 32, 33, 36};
  const std::size_t widths[] = {1, 3, 4, 5, 8};

  SECTION("gram_matrix and squared_distance_matrix: the computed upper triangle and its mirror") {
    for (std::size_t rows : row_counts)
      for (std::size_t n : widths) {
        const auto t = integers(rows, n, static_cast<std::uint32_t>(rows * 100 + n));
        // NaN everywhere, and one guard entry past the end: an entry left unwritten stays NaN
        std::vector<float> gram(rows * rows + 1, kFloatNaN), dist(rows * rows + 1, kFloatNaN);
        gram_matrix(t.data(), rows, n, gram.data());
        squared_distance_matrix(t.data(), rows, n, dist.data());
        const auto row = [&](std::size_t i) { return t.data() + i * n; };
        INFO(rows << " rows of width " << n);
        CHECK(std::isnan(gram[rows * rows]));
        CHECK(std::isnan(dist[rows * rows]));
        CHECK(first_wrong_entry(gram, rows, rows,
                                [&](std::size_t i, std::size_t j) { return dot64(row(i), row(j), n); }) == "");
        CHECK(first_wrong_entry(dist, rows, rows,
                                [&](std::size_t i, std::size_t j) { return sqdist64(row(i), row(j), n); }) == "");
      }
  }
  SECTION("dot_all_pairs: every row of a against every row of b") {
    const std::size_t a_rows[] = {1, 3, 4, 5, 15, 16, 17, 33};
    const std::size_t b_rows[] = {1, 3, 4, 5, 16, 17, 20};
    for (std::size_t ra : a_rows)
      for (std::size_t rb : b_rows)
        for (std::size_t n : {3, 8}) {
          const auto a = integers(ra, n, static_cast<std::uint32_t>(ra)), b = integers(rb, n, 1000u + rb);
          std::vector<float> out(ra * rb + 1, kFloatNaN);
          dot_all_pairs(a.data(), ra, b.data(), rb, n, out.data());
          INFO(ra << " × " << rb << " rows of width " << n);
          CHECK(std::isnan(out[ra * rb]));
          CHECK(first_wrong_entry(out, ra, rb, [&](std::size_t i, std::size_t j) {
                  return dot64(a.data() + i * n, b.data() + j * n, n);
                }) == "");
        }
  }
  SECTION("on real values the Gram matrix is exactly symmetric and within rounding of float64") {
    const std::size_t rows = 21, n = 13;
    const auto t = reals(rows * n, 9);
    std::vector<float> gram(rows * rows);
    gram_matrix(t.data(), rows, n, gram.data());
    for (std::size_t i = 0; i < rows; ++i)
      for (std::size_t j = 0; j < rows; ++j) {
        const float* ri = t.data() + i * n;
        const float* rj = t.data() + j * n;
        double scale = 0;
        for (std::size_t c = 0; c < n; ++c) scale += std::fabs(double(ri[c]) * rj[c]);
        INFO("entry (" << i << ", " << j << ")");
        REQUIRE(gram[i * rows + j] == gram[j * rows + i]);
        REQUIRE(std::fabs(gram[i * rows + j] - dot64(ri, rj, n)) <= n * kFloatUnit * scale);
      }
  }
}

TEST_CASE("axpy and add_in_place update exactly the first n entries", "[vector_ops]") {
  SECTION("axpy: y += alpha · x, for n = 0 to 17") {
    for (std::size_t n = 0; n <= 17; ++n)
      for (float alpha : {0.5f, -3.f, 0.f}) {
        const auto x = integers(1, n, 20), y0 = integers(1, n, 21);
        std::vector<float> y(y0);
        y.push_back(42.f);  // guard
        axpy(alpha, x.data(), y.data(), n);
        INFO("n = " << n << ", alpha = " << alpha);
        for (std::size_t i = 0; i < n; ++i) REQUIRE(y[i] == y0[i] + double(alpha) * x[i]);
        CHECK(y[n] == 42.f);
      }
  }
  SECTION("add_in_place: a += b, for n = 0 to 17") {
    for (std::size_t n = 0; n <= 17; ++n) {
      const auto b = integers(1, n, 22), a0 = integers(1, n, 23);
      std::vector<float> a(a0);
      a.push_back(42.f);  // guard
      add_in_place(a.data(), b.data(), n);
      INFO("n = " << n);
      for (std::size_t i = 0; i < n; ++i) REQUIRE(a[i] == a0[i] + b[i]);
      CHECK(a[n] == 42.f);
    }
  }
}

TEST_CASE("exp_shifted matches float64 exp for n = 1 to 17, through the batches and the tail",
          "[vector_ops][softmax]") {
  // SIMD builds take everything through pelab::exp, the tail as one more padded batch (at most 1.27e-7
  // relative, measured over every float from -89 to 88.37; test_simd.cpp holds < 1.5e-7 on a sample); the
  // scalar build (PELAB_NO_SIMD) through std::exp (within 1 ulp). 4 ulps relative, 4 · 2^-23, holds for both
  // with room to spare. x[n] guards the tail.
  const double tolerance = 4 * 0x1.0p-23;
  const float shift = 2.5f;
  SECTION("each new value, and the returned total") {
    for (std::size_t n = 1; n <= 17; ++n) {
      // arguments x - shift from -12.5 to 1.5 in steps of 1/64: the float subtraction is exact
      std::vector<float> x(n + 1);
      for (std::size_t i = 0; i < n; ++i) x[i] = -10.f + static_cast<float>((i * 97 + n * 13) % 897) / 64.f;
      x[n] = 42.f;  // guard
      const std::vector<float> before(x);
      const float total = exp_shifted(x.data(), n, shift);
      INFO("n = " << n);
      double sum = 0;
      for (std::size_t i = 0; i < n; ++i) {
        INFO("x[" << i << "] = " << before[i]);
        CHECK(x[i] == Approx(std::exp(double(before[i]) - shift)).epsilon(tolerance));
        sum += x[i];
      }
      CHECK(x[n] == 42.f);
      // the returned total is the float sum of the new values: n roundings at most
      CHECK(total == Approx(sum).epsilon(n * 0x1.0p-24));
    }
  }
  SECTION("n = 0 touches nothing and sums to 0") {
    float x = 3.f;
    CHECK(exp_shifted(&x, 0, 1.f) == 0.f);
    CHECK(x == 3.f);
  }
  SECTION("a shift of -inf: every value becomes +inf, and so does the total, at every length") {
    const float inf = std::numeric_limits<float>::infinity();
    for (std::size_t n = 1; n <= 9; ++n) {
      std::vector<float> x(n, 0.f);
      INFO("n = " << n);
      CHECK(exp_shifted(x.data(), n, -inf) == inf);
      for (float v : x) CHECK(v == inf);
    }
  }
  SECTION("a far-below-the-peak score, or a masked -inf, gives exactly 0") {
    const float inf = std::numeric_limits<float>::infinity();
    std::vector<float> x{-inf, -200.f, 0.f, -inf, -1000.f, 0.f, -inf, -inf, -150.f};
    const float total = exp_shifted(x.data(), x.size(), 0.f);
    CHECK(total == Approx(2.0).epsilon(1e-6));
    for (std::size_t i : {0, 1, 3, 4, 6, 7, 8}) CHECK(x[i] == 0.f);
  }
}

TEST_CASE("to_floats rounds each double as a cast does, for n = 0 to 17, and writes nothing past n", "[vector_ops]") {
  for (std::size_t n = 0; n <= 17; ++n) {
    std::vector<double> from(n);
    for (std::size_t i = 0; i < n; ++i) from[i] = std::sin(1.0 + 0.37 * static_cast<double>(i)) * 1e3 / 3.0;
    std::vector<float> to(n + 1, 42.f);
    to_floats(from.data(), n, to.data());
    INFO("n = " << n);
    for (std::size_t i = 0; i < n; ++i) CHECK(to[i] == static_cast<float>(from[i]));
    CHECK(to[n] == 42.f);
  }
}

TEST_CASE("weighted_rows is zeroing then axpy row by row, bit for bit, skipping zero weights", "[vector_ops]") {
  // n = 0 to 37 columns: the 32-, 16-, 8- and 4-column blocks and the scalar tail; weights with zeros (left out:
  // their rows hold an infinity, which 0 · ∞ would turn into NaN), negatives and a subnormal.
  for (std::size_t rows : {0, 1, 3, 6})
    for (std::size_t n = 0; n <= 37; ++n) {
      std::vector<float> w(rows), x(rows * n), want(n + 1, 0.f), got(n + 1, 42.f);
      for (std::size_t r = 0; r < rows; ++r) {
        w[r] = r % 3 == 1 ? 0.f : (r == 5 ? 1e-40f : std::sin(1.3f * static_cast<float>(r + 1)));
        for (std::size_t i = 0; i < n; ++i)
          x[r * n + i] = w[r] == 0.f && i == 0 ? std::numeric_limits<float>::infinity()
                                               : std::cos(0.7f * static_cast<float>(r * n + i)) * 3.f;
      }
      for (std::size_t r = 0; r < rows; ++r)
        if (w[r] != 0.f) axpy(w[r], x.data() + r * n, want.data(), n);
      weighted_rows(w.data(), rows, x.data(), n, got.data());
      INFO("rows " << rows << " n " << n);
      CHECK(std::memcmp(got.data(), want.data(), n * sizeof(float)) == 0);
      CHECK(got[n] == 42.f);
    }
}
