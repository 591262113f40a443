#include "pelab/validation/status.hpp"

#include <cmath>
#include <cstdio>

namespace pelab {
namespace {

// The value as a JS reader would write it: NaN, Infinity, integers in full, others to 15 digits
// (no iostreams: they would add ~90 KB to the wasm).
std::string show(double v) {
  if (std::isnan(v)) return "NaN";
  if (std::isinf(v)) return v > 0 ? "Infinity" : "-Infinity";
  char text[40];
  if (std::floor(v) == v) {  // integers in full; past 2^53 with every significant digit
    std::snprintf(text, sizeof text, std::fabs(v) < 9007199254740992.0 ? "%.0f" : "%.17g", v);
    return text;
  }
  // A fraction must never read as an integer (1000000.0000000001 as "1000000", 4007719883243413.5 as
  // "4.00771988324341e+15"): where 15 digits cannot show the fraction, show all 17.
  std::snprintf(text, sizeof text, "%.15g", v);
  if (std::fabs(v) >= 1e14 || std::string(text).find('.') == std::string::npos)
    std::snprintf(text, sizeof text, "%.17g", v);
  return text;
}

}  // namespace

std::string describe(const IntParam& p) {
  return "an integer from " + std::to_string(p.lo) + " to " + std::to_string(p.hi);
}

std::string describe(const RealParam& p) {
  return "a number from " + show(p.lo) + " to " + show(p.hi);
}

Status check(const IntParam& p, double value) {
  const bool fits = std::isfinite(value) && std::floor(value) == value &&
                    value >= static_cast<double>(p.lo) && value <= static_cast<double>(p.hi);
  if (fits) return Status::fine();
  return Status::error(p.name, std::string(p.name) + " must be " + describe(p) + " (got " + show(value) + ")");
}

Status check(const RealParam& p, double value) {
  if (std::isfinite(value) && value >= p.lo && value <= p.hi) return Status::fine();
  return Status::error(p.name, std::string(p.name) + " must be " + describe(p) + " (got " + show(value) + ")");
}

Status check_length(const char* name, std::size_t got, std::size_t expected) {
  if (got == expected) return Status::fine();
  return Status::error(name, std::string(name) + " must have exactly " + std::to_string(expected) +
                                 " elements (got " + std::to_string(got) + ")");
}

}  // namespace pelab
