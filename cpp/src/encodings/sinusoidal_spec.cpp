#include <algorithm>
#include <cmath>

#include "pelab/encodings/sinusoidal.hpp"
#include "pelab/validation/limits.hpp"

namespace pelab {

Status make_sinusoidal_spec(double positions, double dModel, double base, const std::string& variant, double start,
                            SinusoidalSpec& out) {
  Status s = first_error(check(limits::positions, positions), check(limits::dModel, dModel), check(limits::base, base),
                         check(limits::start, start));
  if (!s.ok) return s;
  Variant v;
  if (Status parsed = parse_variant(variant, v); !parsed.ok) return parsed;

  const SinusoidalSpec spec{static_cast<int>(positions), static_cast<int>(dModel), base, v, static_cast<int>(start)};
  if (s = check_table(spec); s.ok) out = spec;
  return s;
}

Status check_table(const SinusoidalSpec& spec) {
  if (spec.variant == Variant::paper && spec.dModel % 2 != 0)
    return Status::broken(Rule::even_width, "dModel", spec.dModel, 0, 0);
  if (Status s = limits::check_table_elements("positions", spec.positions, spec.dModel); !s.ok) return s;
  const double last = static_cast<double>(spec.start) + spec.positions - 1;
  if (last > limits::start.hi)
    return Status::broken(Rule::last_position, "start", last, 0, static_cast<double>(limits::start.hi));
  return Status::fine();
}

Status make_table_request(double positions, double dModel, double base, const std::string& variant, double start,
                          double outLength, SinusoidalSpec& out) {
  Status s = make_sinusoidal_spec(positions, dModel, base, variant, start, out);
  if (s.ok) s = check_out(outLength, static_cast<double>(element_count(out)));
  return s;
}

Status make_frequency_spec(double dModel, double base, const std::string& variant, SinusoidalSpec& out) {
  return make_sinusoidal_spec(1, dModel, base, variant, 0, out);  // one row: only the frequencies matter
}

SinusoidalSpec with_extra_rows(const SinusoidalSpec& spec, int extra) {
  SinusoidalSpec extended = spec;
  extended.positions += extra;
  return extended;
}

std::vector<float> sinusoidal_table(const SinusoidalSpec& spec) {
  std::vector<float> table(element_count(spec));
  fill_sinusoidal(spec, table.data());
  return table;
}

std::vector<double> frequencies(const SinusoidalSpec& spec) {
  const int pairs = pair_count(spec);
  std::vector<double> omega(static_cast<std::size_t>(pairs));
  const double log_base = std::log(spec.base);
  for (int k = 0; k < pairs; ++k) {
    // tensor2tensor divides by max(pairs-1, 1), so dModel 2 or 3 gives the single frequency 1.
    const double exponent = spec.variant == Variant::tensor2tensor ? static_cast<double>(k) / std::max(pairs - 1, 1)
                                                                   : 2.0 * k / spec.dModel;
    omega[static_cast<std::size_t>(k)] = std::exp(-log_base * exponent);
  }
  return omega;
}

}  // namespace pelab
