// The result of checking an argument: either fine, or a message that names the parameter and the
// allowed range. The core validates; the bindings pass the message on; the JS layer throws it.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>

namespace pelab {

struct Status {
  bool ok = true;
  std::string param;    // the offending parameter, as the JS API spells it
  std::string message;  // a full sentence naming the parameter and what it may be

  static Status fine() { return {}; }
  static Status error(std::string param, std::string message) {
    return {false, std::move(param), std::move(message)};
  }
};

// An integer parameter and its inclusive range. Values arrive as doubles because learners and
// callers can hand us anything; the check rejects NaN, infinities and fractions by name.
struct IntParam {
  const char* name;
  std::int64_t lo;
  std::int64_t hi;
};

// A real parameter and its inclusive range.
struct RealParam {
  const char* name;
  double lo;
  double hi;
};

std::string describe(const IntParam& p);   // "an integer from 1 to 65536"
std::string describe(const RealParam& p);  // "a number from 2 to 1e+09"

Status check(const IntParam& p, double value);
Status check(const RealParam& p, double value);

// A typed array (or list) argument must have exactly the length the other arguments imply.
Status check_length(const char* name, std::size_t got, std::size_t expected);

// Runs checks in order and keeps the first failure.
template <typename... Checks>
Status first_error(const Checks&... statuses) {
  Status result;
  ((result.ok && !statuses.ok ? (result = statuses, 0) : 0), ...);
  return result;
}

}  // namespace pelab
