#include <algorithm>
#include <cmath>

#include "pelab/encodings/sinusoidal.hpp"

namespace pelab {
namespace {

// Writes one row through pair_columns, so every layout comes from the same mapping; an odd
// dModel's last column stays zero.
template <typename T, typename W, typename SinCos>
void fill_rows(const SinusoidalSpec& spec, const std::vector<W>& omega, T* out, SinCos sincos) {
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

// omega_k as a float32 program computes it: the exponent's two factors rounded to float32, their
// product rounded, exp of that rounded (here correctly; PyTorch's vectorised expf is within one ulp).
// The lesson's module: torch.exp(torch.arange(0, d, 2) * (-math.log(10000.0) / d)).
std::vector<float> float32_frequencies(const SinusoidalSpec& spec) {
  const int pairs = pair_count(spec);
  const bool t2t = spec.variant == Variant::tensor2tensor;
  const double step = std::log(spec.base) / (t2t ? std::max(pairs - 1, 1) : spec.dModel);
  const float factor = static_cast<float>(-step);
  std::vector<float> omega(static_cast<std::size_t>(pairs));
  for (int k = 0; k < pairs; ++k) {
    const float exponent = static_cast<float>(t2t ? k : 2 * k) * factor;
    omega[static_cast<std::size_t>(k)] = static_cast<float>(std::exp(static_cast<double>(exponent)));
  }
  return omega;
}

}  // namespace

void fill_sinusoidal_reference(const SinusoidalSpec& spec, double* out) {
  fill_rows(spec, frequencies(spec), out, [](int p, double w, double& s, double& c) {
    s = std::sin(p * w);
    c = std::cos(p * w);
  });
}

void fill_sinusoidal_float32_angles(const SinusoidalSpec& spec, float* out) {
  fill_rows(spec, float32_frequencies(spec), out, [](int p, float w, float& s, float& c) {
    const float angle = static_cast<float>(p) * w;  // position * div_term, a float32 product
    // sin and cos of that float, correctly rounded: every error comes from the steps before.
    s = static_cast<float>(std::sin(static_cast<double>(angle)));
    c = static_cast<float>(std::cos(static_cast<double>(angle)));
  });
}

}  // namespace pelab
