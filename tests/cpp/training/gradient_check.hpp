// Central finite differences for the training tests. Each layer (or the whole model) runs in double,
// where (f(x+h) - f(x-h)) / 2h is accurate to ~h²·f''' + ε·|f|/h ≈ 1e-10, so the analytic gradient can
// be held to it tightly; the float build of the same code is then held to the double one. Also the helpers
// the training tests share for that comparison: unit roundoffs, a sentinel, rounding to float, the worse error.
#pragma once
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "pelab/numerics/random.hpp"

namespace pelab::testing {

// The tolerance of a gradient check: |numeric - analytic| ≤ absolute + relative · max(|numeric|, |analytic|).
struct Tolerance {
  double absolute;
  double relative;
};
inline constexpr Tolerance kDoubleGradient{1e-8, 1e-6};
inline constexpr double kStep = 1e-5;  // h

struct Mismatch {
  std::size_t index = 0;
  double numeric = 0, analytic = 0;
  bool found = false;
};

// Up to `samples` indices of a tensor of n elements, spread across it (all of them when n is small),
// always including the first and the last.
inline std::vector<std::size_t> sample_indices(std::size_t n, std::size_t samples) {
  std::vector<std::size_t> out;
  if (n == 0) return out;
  if (n <= samples) {
    for (std::size_t i = 0; i < n; ++i) out.push_back(i);
    return out;
  }
  for (std::size_t k = 0; k < samples; ++k) out.push_back(k * (n - 1) / (samples - 1));
  return out;
}

// Checks analytic[i] against the central difference of objective() in x[i] for the sampled i.
// Returns the first element out of tolerance (found = false when all agree); counts the checks.
template <typename Objective>
Mismatch check_gradient(double* x, std::size_t n, const double* analytic, Objective objective, std::size_t samples,
                        Tolerance tol, int& checked, double h = kStep) {
  for (std::size_t i : sample_indices(n, samples)) {
    const double saved = x[i];
    x[i] = saved + h;
    const double up = objective();
    x[i] = saved - h;
    const double down = objective();
    x[i] = saved;
    const double numeric = (up - down) / (2 * h);
    ++checked;
    // Written as "not within", so that a NaN on either side fails the check rather than passing it.
    if (!(std::fabs(numeric - analytic[i]) <=
          tol.absolute + tol.relative * std::max(std::fabs(numeric), std::fabs(analytic[i]))))
      return {i, numeric, analytic[i], true};
  }
  return {};
}

// Float's and double's unit roundoff, and a value no kernel writes (to see that none writes past an end).
inline constexpr double kUnit = 0x1.0p-24;
inline constexpr double kUnit64 = 0x1.0p-53;
inline constexpr double kSentinel = -777.0;

// The larger of two errors, keeping a NaN: std::max(worst, NaN) is worst, so a NaN result would pass.
inline double worse(double worst, double e) { return std::isnan(worst) || e <= worst ? worst : e; }

// v with each value rounded to T: a float input and its float64 reference then hold the same numbers.
template <typename T>
std::vector<double> rounded(const std::vector<double>& v) {
  std::vector<double> out(v.size());
  for (std::size_t i = 0; i < v.size(); ++i) out[i] = double(static_cast<T>(v[i]));
  return out;
}

// N(0, scale²) values from a seeded stream, in double (float copies are made from these).
inline std::vector<double> normals(std::size_t n, std::uint64_t seed, double scale = 1.0) {
  std::vector<double> v(n);
  for (std::size_t i = 0; i < n; ++i) v[i] = scale * random::normal(seed, random::Stream::query_projection, i);
  return v;
}

template <typename T>
std::vector<T> as(const std::vector<double>& v) {
  return std::vector<T>(v.begin(), v.end());
}

// max |a - b| / (max |b| + floor): how far a float result is from the double one, relative to its size.
// A NaN anywhere makes it NaN (std::max would drop it), so no check can pass on one.
template <typename A>
double relative_difference(const std::vector<A>& a, const std::vector<double>& b, double floor = 1e-3) {
  double worst = 0, size = floor;
  for (double x : b) size = std::max(size, std::fabs(x));
  for (std::size_t i = 0; i < b.size(); ++i) {
    const double d = std::fabs(double(a[i]) - b[i]);
    if (std::isnan(d) || d > worst) worst = d;  // a NaN, once taken, stays: no d compares greater
  }
  return worst / size;
}

}  // namespace pelab::testing
