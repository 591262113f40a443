#include "pelab/analysis/analysis.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "pelab/validation/limits.hpp"
#include "pelab/encodings/relative.hpp"
#include "pelab/numerics/vector_ops.hpp"

namespace pelab {
namespace {

constexpr double kPropertiesWork = 1 << 28;  // positions² × dModel

}  // namespace

Status check_table(std::size_t length, double rows, double dModel, int& rowsOut, int& dModelOut) {
  Status s = first_error(check(limits::rows, rows), check(limits::dModel, dModel));
  if (!s.ok) return s;
  if (s = check_length("table", length, static_cast<std::size_t>(rows * dModel)); !s.ok) return s;
  rowsOut = static_cast<int>(rows);
  dModelOut = static_cast<int>(dModel);
  return Status::fine();
}

void dot_matrix(const float* table, int rows, int dModel, float* out) {
  const auto n = static_cast<std::size_t>(rows), d = static_cast<std::size_t>(dModel);
  gram_matrix(table, n, d, out);
}

void distance_matrix(const float* table, int rows, int dModel, float* out) {
  const auto n = static_cast<std::size_t>(rows), d = static_cast<std::size_t>(dModel);
  squared_distance_matrix(table, n, d, out);
  for (std::size_t i = 0; i < n * n; ++i) out[i] = std::sqrt(out[i]);
}

std::vector<double> wavelengths(const SinusoidalSpec& spec) {
  std::vector<double> w = frequencies(spec);
  for (double& x : w) x = 2.0 * 3.14159265358979323846 / x;
  return w;
}

Status check_properties(const SinusoidalSpec& spec, double k) {
  if (Status s = check_offset(spec, k); !s.ok) return s;
  const double work = double(spec.positions) * spec.positions * spec.dModel;
  if (work > kPropertiesWork)
    return Status::error("positions", "positions² × dModel must be at most " +
                                          std::to_string(static_cast<long long>(kPropertiesWork)) +
                                          " for the properties summary (got " +
                                          std::to_string(static_cast<long long>(work)) + ")");
  return Status::fine();
}

Properties properties(const SinusoidalSpec& spec, int k) {
  SinusoidalSpec extended = spec;
  extended.positions += k;
  std::vector<float> table(element_count(extended));
  fill_sinusoidal(extended, table.data());
  const auto d = static_cast<std::size_t>(spec.dModel);
  const auto row = [&](int p) { return table.data() + static_cast<std::size_t>(p) * d; };

  Properties r;
  r.minDistance = std::numeric_limits<double>::infinity();
  r.minNormSq = r.minOffsetDot = std::numeric_limits<double>::infinity();
  r.maxNormSq = r.maxOffsetDot = -std::numeric_limits<double>::infinity();
  for (int p = 0; p < spec.positions; ++p) {
    for (int q = p + 1; q < spec.positions; ++q) {
      const double dist = std::sqrt(squared_distance(row(p), row(q), d));
      if (dist < r.minDistance) r.minDistance = dist, r.minDistanceP = spec.start + p, r.minDistanceQ = spec.start + q;
    }
    const double norm = dot(row(p), row(p), d), offset = dot(row(p), row(p + k), d);
    r.minNormSq = std::min(r.minNormSq, norm), r.maxNormSq = std::max(r.maxNormSq, norm);
    r.minOffsetDot = std::min(r.minOffsetDot, offset), r.maxOffsetDot = std::max(r.maxOffsetDot, offset);
  }
  if (spec.positions < 2) r.minDistance = 0;
  for (float v : table) r.maxAbsValue = std::max(r.maxAbsValue, static_cast<double>(std::fabs(v)));
  r.offsetDotDeviation = r.maxOffsetDot - r.minOffsetDot;
  return r;
}

}  // namespace pelab
