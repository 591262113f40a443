#include "pelab/encodings/relative.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include "pelab/validation/limits.hpp"

namespace pelab {

double largest_offset(const SinusoidalSpec& spec) {
  const double rows = std::min({static_cast<double>(limits::positions.hi),
                                std::floor(static_cast<double>(limits::maxElements) / spec.dModel),
                                static_cast<double>(limits::start.hi) - spec.start + 1});
  return std::min(rows - spec.positions, static_cast<double>(limits::offset.hi));
}

Status check_offset(const SinusoidalSpec& spec, double k) {
  if (Status s = check(limits::offset, k); !s.ok) return s;
  const double largest = largest_offset(spec);
  if (k > largest) return Status::broken(Rule::offset_too_large, "k", k, 0, largest);
  return Status::fine();
}

Status make_offset_request(double positions, double dModel, double base, const std::string& variant, double start,
                           double k, OffsetRequest& out) {
  Status s = make_sinusoidal_spec(positions, dModel, base, variant, start, out.spec);
  if (s.ok) s = check_offset(out.spec, k);
  if (s.ok) out.k = static_cast<int>(k);
  return s;
}

void offset_blocks(const SinusoidalSpec& spec, int k, float* blocks) {
  const std::vector<double> omega = frequencies(spec);
  for (std::size_t i = 0; i < omega.size(); ++i) {
    const auto c = static_cast<float>(std::cos(k * omega[i]));
    const auto s = static_cast<float>(std::sin(k * omega[i]));
    float* b = blocks + 4 * i;
    b[0] = c, b[1] = s, b[2] = -s, b[3] = c;
  }
}

double offset_residual(const SinusoidalSpec& spec, int k) {
  const std::vector<float> table = sinusoidal_table(with_extra_rows(spec, k));
  const int pairs = pair_count(spec), d = spec.dModel;
  std::vector<float> blocks(static_cast<std::size_t>(pairs) * 4);
  offset_blocks(spec, k, blocks.data());

  double worst = 0.0;
  for (int p = 0; p < spec.positions; ++p) {
    const float* from = table.data() + static_cast<std::size_t>(p) * d;
    const float* to = table.data() + static_cast<std::size_t>(p + k) * d;
    for (int i = 0; i < pairs; ++i) {
      const PairColumns col = pair_columns(spec.variant, d, i);
      const float* b = blocks.data() + 4 * i;
      const double s = double(b[0]) * from[col.sin] + double(b[1]) * from[col.cos];
      const double c = double(b[2]) * from[col.sin] + double(b[3]) * from[col.cos];
      worst = std::max({worst, std::fabs(s - to[col.sin]), std::fabs(c - to[col.cos])});
    }
  }
  return worst;
}

}  // namespace pelab
