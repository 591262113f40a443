// Small helpers shared by the test files: build tables and compare them with the float64 formula.
#pragma once
#include <algorithm>
#include <cmath>
#include <vector>

#include "pelab/encodings/sinusoidal.hpp"

namespace pelab::testing {

inline std::vector<float> table(const SinusoidalSpec& spec) {
  std::vector<float> t(element_count(spec));
  fill_sinusoidal(spec, t.data());
  return t;
}

inline std::vector<double> reference(const SinusoidalSpec& spec) {
  std::vector<double> t(element_count(spec));
  fill_sinusoidal_reference(spec, t.data());
  return t;
}

template <typename A, typename B>
double max_abs_difference(const A& a, const B& b) {
  double worst = 0.0;
  for (std::size_t i = 0; i < a.size(); ++i) worst = std::max(worst, std::fabs(double(a[i]) - double(b[i])));
  return worst;
}

inline double max_error_against_float64(const SinusoidalSpec& spec) {
  return max_abs_difference(table(spec), reference(spec));
}

template <typename Row>
double dot(const Row& a, const Row& b, std::size_t n) {
  double s = 0;
  for (std::size_t i = 0; i < n; ++i) s += double(a[i]) * double(b[i]);
  return s;
}

}  // namespace pelab::testing
