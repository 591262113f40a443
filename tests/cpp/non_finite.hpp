// The non-finite doubles the validation cases feed where a number is asked for.
#pragma once
#include <limits>

namespace pelab::testing {

inline constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
inline constexpr double kInf = std::numeric_limits<double>::infinity();

}  // namespace pelab::testing
