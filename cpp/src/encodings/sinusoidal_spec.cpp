#include <cmath>

#include "pelab/validation/limits.hpp"
#include "pelab/encodings/sinusoidal.hpp"

namespace pelab {

Status make_sinusoidal_spec(double positions, double dModel, double base, const std::string& variant,
                            double start, SinusoidalSpec& out) {
  Status s = first_error(check(limits::positions, positions), check(limits::dModel, dModel),
                         check(limits::base, base), check(limits::start, start));
  if (!s.ok) return s;
  Variant v;
  if (Status parsed = parse_variant(variant, v); !parsed.ok) return parsed;

  const SinusoidalSpec spec{static_cast<int>(positions), static_cast<int>(dModel), base, v, static_cast<int>(start)};
  if (v == Variant::paper && spec.dModel % 2 != 0)
    return Status::error("dModel", "dModel must be even for the 'paper' variant, whose sin/cos pairs interleave (got " +
                                       std::to_string(spec.dModel) + ")");
  if (static_cast<double>(spec.positions) * spec.dModel > static_cast<double>(limits::maxElements))
    return Status::error("positions", "positions × dModel must be at most " + std::to_string(limits::maxElements) +
                                          " (got " + std::to_string(spec.positions) + " × " +
                                          std::to_string(spec.dModel) + ")");
  if (spec.start + spec.positions - 1 > limits::start.hi)
    return Status::error("start", "start + positions - 1 must be at most " + std::to_string(limits::start.hi) +
                                      " (got " + std::to_string(spec.start + spec.positions - 1) + ")");
  out = spec;
  return Status::fine();
}

Status validate(const SinusoidalSpec& spec) {
  SinusoidalSpec ignored;
  return make_sinusoidal_spec(spec.positions, spec.dModel, spec.base, variant_name(spec.variant), spec.start, ignored);
}

std::vector<double> frequencies(const SinusoidalSpec& spec) {
  const int pairs = pair_count(spec);
  std::vector<double> omega(static_cast<std::size_t>(pairs));
  const double log_base = std::log(spec.base);
  for (int k = 0; k < pairs; ++k) {
    // tensor2tensor divides by max(pairs-1, 1), so dModel 2 or 3 gives the single frequency 1.
    const double exponent = spec.variant == Variant::tensor2tensor
                                ? static_cast<double>(k) / std::max(pairs - 1, 1)
                                : 2.0 * k / spec.dModel;
    omega[static_cast<std::size_t>(k)] = std::exp(-log_base * exponent);
  }
  return omega;
}

}  // namespace pelab
