#include <catch2/catch.hpp>
#include <cmath>

#include "../table_helpers.hpp"
#include "pelab/analysis/analysis.hpp"

using namespace pelab;

TEST_CASE("dot and distance matrices match float64 sums over the rows", "[analysis]") {
  const SinusoidalSpec spec{33, 30, 10000.0, Variant::halves, 5};
  const auto t = pelab::testing::table(spec);
  std::vector<float> dots(33 * 33), dist(33 * 33);
  dot_matrix(t.data(), 33, 30, dots.data());
  distance_matrix(t.data(), 33, 30, dist.data());
  for (int i = 0; i < 33; ++i)
    for (int j = 0; j < 33; ++j) {
      const float* a = t.data() + i * 30;
      const float* b = t.data() + j * 30;
      double sq = 0;
      for (int c = 0; c < 30; ++c) sq += (double(a[c]) - b[c]) * (double(a[c]) - b[c]);
      CHECK(dots[i * 33 + j] == Approx(pelab::testing::dot(a, b, 30)).margin(1e-5));
      CHECK(dist[i * 33 + j] == Approx(std::sqrt(sq)).margin(1e-5));
    }
}

TEST_CASE("pair 0 has the shortest wavelength, 2π, and the last pair the longest", "[analysis]") {
  const auto w = wavelengths({1, 512, 10000.0, Variant::paper, 0});
  CHECK(w.front() == Approx(2 * M_PI));
  for (std::size_t i = 1; i < w.size(); ++i) CHECK(w[i] > w[i - 1]);
  CHECK(w.back() == Approx(2 * M_PI * std::pow(10000.0, 510.0 / 512)));
}

TEST_CASE("the properties summary shows the four properties the lesson asks for", "[analysis][properties]") {
  const SinusoidalSpec spec{200, 32, 10000.0, Variant::paper, 0};
  REQUIRE(check_properties(spec, 1).ok);
  const Properties p = properties(spec, 1);
  CHECK(p.minDistance > 0.5);  // unambiguous: no two positions coincide
  CHECK(p.maxAbsValue <= 1.0);
  CHECK(p.minNormSq == Approx(16.0).margin(1e-4));
  CHECK(p.maxNormSq == Approx(16.0).margin(1e-4));
  CHECK(p.minOffsetDot == Approx(15.3136).margin(1e-4));
  CHECK(p.offsetDotDeviation < 1e-4);  // distance-aware the same way everywhere
  CHECK(check_properties({4096, 512, 10000.0, Variant::paper, 0}, 1).param == "positions");
}
