// The table kernels on whatever specs the validators accept (sizes capped so one input stays fast):
// fill_sinusoidal against the float64 reference, the relative-offset residual, the properties
// summary, and the learned table. Kernels run only after their validator said ok.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "fuzz_common.hpp"
#include "pelab/analysis/analysis.hpp"
#include "pelab/encodings/learned.hpp"
#include "pelab/encodings/relative.hpp"
#include "pelab/encodings/sinusoidal.hpp"

using namespace pelab;
using fuzz::expect_well_formed;

namespace {

bool read_spec(fuzz::Input& in, SinusoidalSpec& spec) {
  const double P = in.number(), D = in.number(), B = in.byte() % 4 ? 10000.0 : in.number(), S = in.number();
  const Status s = make_sinusoidal_spec(P, D, B, in.text(), S, spec);
  expect_well_formed(s);
  return s.ok;
}

void sinusoidal_tables(const SinusoidalSpec& spec) {
  const std::size_t count = element_count(spec);
  if (count > fuzz::kMaxElements) return;
  std::vector<float> fast(count), angles(count);
  std::vector<double> reference(count);
  fill_sinusoidal(spec, fast.data());
  fill_sinusoidal_reference(spec, reference.data());
  fill_sinusoidal_float32_angles(spec, angles.data());
  const int d = spec.dModel, pairs = pair_count(spec);
  for (int r = 0; r < spec.positions; ++r) {
    double norm_fast = 0;
    for (int c = 0; c < d; ++c) {
      const std::size_t at = static_cast<std::size_t>(r) * d + c;
      FUZZ_ASSERT(std::isfinite(fast[at]) && std::fabs(fast[at]) <= 1.0 + 1e-6);
      FUZZ_ASSERT(std::isfinite(angles[at]) && std::fabs(angles[at]) <= 1.0 + 1e-6);
      FUZZ_ASSERT(std::isfinite(reference[at]) && std::fabs(reference[at]) <= 1.0 + 1e-12);
      // sinusoidal.hpp: the fast table is within 2e-6 of the float64 formula.
      FUZZ_ASSERT(std::fabs(double(fast[at]) - reference[at]) <= 2e-6);
      norm_fast += double(fast[at]) * fast[at];
    }
    // each pair contributes sin² + cos² = 1; an odd dModel's last column is exactly zero
    FUZZ_ASSERT(std::fabs(norm_fast - pairs) <= 1e-5 * pairs);
    if (d % 2 != 0) {
      const std::size_t last = static_cast<std::size_t>(r) * d + d - 1;
      FUZZ_ASSERT(fast[last] == 0.f && reference[last] == 0.0 && angles[last] == 0.f);
    }
  }
  const std::vector<double> waves = wavelengths(spec);
  for (double w : waves) FUZZ_ASSERT(std::isfinite(w) && w >= 6.28);
}

void relative(const SinusoidalSpec& spec, double k_raw) {
  const Status s = check_offset(spec, k_raw);
  expect_well_formed(s);
  if (!s.ok) return;
  const int k = static_cast<int>(k_raw);
  if (static_cast<std::size_t>(spec.positions + k) * spec.dModel > fuzz::kMaxElements) return;
  std::vector<float> blocks(static_cast<std::size_t>(pair_count(spec)) * 4);
  offset_blocks(spec, k, blocks.data());
  for (std::size_t i = 0; i < blocks.size(); i += 4) {
    // a rotation: [[c, s], [-s, c]] with c² + s² = 1
    FUZZ_ASSERT(blocks[i] == blocks[i + 3] && blocks[i + 1] == -blocks[i + 2]);
    FUZZ_ASSERT(std::fabs(double(blocks[i]) * blocks[i] + double(blocks[i + 1]) * blocks[i + 1] - 1.0) <= 1e-6);
  }
  const double residual = offset_residual(spec, k);
  FUZZ_ASSERT(std::isfinite(residual) && residual >= 0 && residual <= 1e-5);
}

void summary(const SinusoidalSpec& spec, double k_raw) {
  const Status s = check_properties(spec, k_raw);
  expect_well_formed(s);
  if (!s.ok) return;
  const int k = static_cast<int>(k_raw);
  if (static_cast<std::size_t>(spec.positions + k) * spec.dModel > fuzz::kMaxElements) return;
  if (static_cast<std::size_t>(spec.positions) * spec.positions * spec.dModel > 64 * fuzz::kMaxElements) return;
  const Properties p = properties(spec, k);
  const double pairs = pair_count(spec);
  FUZZ_ASSERT(std::isfinite(p.maxAbsValue) && p.maxAbsValue <= 1.0 + 1e-6);
  FUZZ_ASSERT(std::fabs(p.minNormSq - pairs) <= 1e-5 * pairs && std::fabs(p.maxNormSq - pairs) <= 1e-5 * pairs);
  FUZZ_ASSERT(p.minNormSq <= p.maxNormSq);
  FUZZ_ASSERT(std::isfinite(p.minOffsetDot) && std::isfinite(p.maxOffsetDot) && p.minOffsetDot <= p.maxOffsetDot);
  FUZZ_ASSERT(p.offsetDotDeviation >= 0 && p.offsetDotDeviation <= 1e-4 * pairs);
  FUZZ_ASSERT(std::isfinite(p.minDistance) && p.minDistance >= 0);
  if (spec.positions >= 2) {
    FUZZ_ASSERT(spec.start <= p.minDistanceP && p.minDistanceP < p.minDistanceQ &&
                p.minDistanceQ <= spec.start + spec.positions - 1);
  } else {
    FUZZ_ASSERT(p.minDistance == 0);
  }
}

void learned(fuzz::Input& in) {
  LearnedSpec spec;
  const Status s = make_learned_spec(in.number(), in.number(), in.number(), spec);
  expect_well_formed(s);
  if (!s.ok) return;
  const std::size_t d = static_cast<std::size_t>(spec.dModel);
  if (static_cast<std::size_t>(spec.maxLen) * d > fuzz::kMaxElements) return;
  std::vector<float> t(static_cast<std::size_t>(spec.maxLen) * d);
  fill_learned_table(spec, t.data());
  // Box–Muller on 53-bit uniforms never goes beyond sqrt(-2 ln 2^-54) ≈ 8.65
  FUZZ_ASSERT(fuzz::all_finite(t.data(), t.size()) && fuzz::max_abs(t.data(), t.size()) <= 8.7);
  std::vector<float> row(d);
  for (int i = 0; i < 4 && !in.empty(); ++i) {
    const double position = in.number();
    const Status ps = check_learned_position(spec, position);
    expect_well_formed(ps);
    if (!ps.ok) continue;
    learned_row(spec, static_cast<int>(position), row.data());
    FUZZ_ASSERT(std::equal(row.begin(), row.end(), t.begin() + static_cast<std::ptrdiff_t>(position * d)));
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::Input in(data, size);
  for (int step = 0; step < 4 && !in.empty(); ++step) {
    if (in.byte() % 3 == 2) {
      learned(in);
      continue;
    }
    SinusoidalSpec spec;
    if (!read_spec(in, spec)) continue;
    sinusoidal_tables(spec);
    const double k = in.byte() % 2 ? static_cast<double>(in.byte() % 40) : in.number();
    relative(spec, k);
    summary(spec, k);
  }
  return 0;
}
