#include <cmath>

#include "pelab/encodings/sinusoidal.hpp"

namespace pelab {
namespace {

// Writes one row through pair_columns, so every layout comes from the same mapping; an odd
// dModel's last column stays zero.
template <typename T, typename SinCos>
void fill_rows(const SinusoidalSpec& spec, T* out, SinCos sincos) {
  const std::vector<double> omega = frequencies(spec);
  const int d = spec.dModel;
  for (int r = 0; r < spec.positions; ++r) {
    T* row = out + static_cast<std::size_t>(r) * d;
    row[d - 1] = T(0);
    for (int k = 0; k < pair_count(spec); ++k) {
      const PairColumns c = pair_columns(spec.variant, d, k);
      sincos(spec.start + r, omega[static_cast<std::size_t>(k)], row[c.sin], row[c.cos]);
    }
  }
}

}  // namespace

void fill_sinusoidal_reference(const SinusoidalSpec& spec, double* out) {
  fill_rows(spec, out, [](int p, double w, double& s, double& c) {
    s = std::sin(p * w);
    c = std::cos(p * w);
  });
}

void fill_sinusoidal_float32_angles(const SinusoidalSpec& spec, float* out) {
  fill_rows(spec, out, [](int p, double w, float& s, float& c) {
    const float angle = static_cast<float>(p) * static_cast<float>(w);
    s = std::sin(angle);
    c = std::cos(angle);
  });
}

}  // namespace pelab
