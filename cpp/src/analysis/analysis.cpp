#include "pelab/analysis/analysis.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "pelab/encodings/relative.hpp"
#include "pelab/numerics/vector_ops.hpp"
#include "pelab/validation/limits.hpp"

namespace pelab {
Status make_pair_matrix_request(double tableLength, double rows, double dModel, double outLength,
                                PairMatrixRequest& out) {
  Status s = first_error(check(limits::rows, rows), check(limits::dModel, dModel));
  if (s.ok) s = check_length("table", tableLength, rows * dModel);
  if (s.ok && rows * rows * dModel > limits::maxWork)
    s = Status::too_much_work("rows", Cost::pair_matrix, rows * rows * dModel, limits::maxWork);
  if (s.ok) s = check_out(outLength, rows * rows);
  if (s.ok) out = {static_cast<int>(rows), static_cast<int>(dModel)};
  return s;
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

namespace {

Status check_properties_work(const SinusoidalSpec& spec) {
  const double work = double(spec.positions) * spec.positions * spec.dModel;
  if (work > limits::propertiesWork)
    return Status::too_much_work("positions", Cost::properties, work, limits::propertiesWork);
  return Status::fine();
}

}  // namespace

Status check_properties(const SinusoidalSpec& spec, double k) {
  Status s = check_offset(spec, k);
  if (s.ok) s = check_properties_work(spec);
  return s;
}

Status make_properties_request(double positions, double dModel, double base, const std::string& variant, double start,
                               double k, OffsetRequest& out) {
  Status s = make_offset_request(positions, dModel, base, variant, start, k, out);
  if (s.ok) s = check_properties_work(out.spec);
  return s;
}

Properties properties(const SinusoidalSpec& spec, int k) {
  const std::vector<float> table = sinusoidal_table(with_extra_rows(spec, k));
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
