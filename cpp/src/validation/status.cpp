#include "pelab/validation/status.hpp"

#include <cmath>

namespace pelab {

Status check(const IntParam& p, double value) {
  const bool fits = std::isfinite(value) && std::floor(value) == value && value >= static_cast<double>(p.lo) &&
                    value <= static_cast<double>(p.hi);
  if (fits) return Status::fine();
  return Status::broken(Rule::integer_range, p.name, value, static_cast<double>(p.lo), static_cast<double>(p.hi));
}

Status check(const RealParam& p, double value) {
  if (std::isfinite(value) && value >= p.lo && value <= p.hi) return Status::fine();
  return Status::broken(Rule::real_range, p.name, value, p.lo, p.hi);
}

Status check_length(const char* name, double got, double expected) {
  if (got == expected) return Status::fine();
  return Status::broken(Rule::length, name, got, expected, expected);
}

Status check_out(double outLength, double expected) {
  return outLength == kNoOut ? Status::fine() : check_length("out", outLength, expected);
}

}  // namespace pelab
