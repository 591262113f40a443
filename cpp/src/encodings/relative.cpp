#include "pelab/encodings/relative.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include "pelab/validation/limits.hpp"

namespace pelab {

Status check_offset(const SinusoidalSpec& spec, double k) {
  if (Status s = check(limits::offset, k); !s.ok) return s;
  SinusoidalSpec extended = spec;
  extended.positions += static_cast<int>(k);
  if (Status s = validate(extended); !s.ok)
    return Status::error("k", "k is too large for this table: the rows up to position start + positions - 1 + k must "
                              "form a valid table (" + s.message + ")");
  return Status::fine();
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
  SinusoidalSpec extended = spec;
  extended.positions += k;
  std::vector<float> table(element_count(extended));
  fill_sinusoidal(extended, table.data());
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
