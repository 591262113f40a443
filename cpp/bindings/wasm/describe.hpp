// The call table and the core's ranges as JSON text, for the JS layer's checks and messages: built from
// constants only, once per module, and handed over as one string (JSON.parse makes plain data of it,
// in one pass). No caller's value ever reaches these.
#pragma once
#include <cmath>
#include <cstddef>
#include <initializer_list>
#include <string>

#include "pelab/validation/limits.hpp"
#include "pelab/validation/status.hpp"

namespace pelab::bindings {

// Appends JSON values to `out`; commas are the caller's (`sep` puts one before every item but the first).
class Json {
 public:
  std::string out;

  // A number as digits·10^−k with the fewest digits that read back as the same double: for k ≤ 22 both
  // digits (< 2^53) and 10^k are exact doubles, so digits / 10^k is correctly rounded, as JSON.parse
  // reads "digitse-k". (No printf: it would add ~9 KB to the module for the table's few numbers.)
  void number(double v) {
    if (v < 0) {
      out += '-';
      v = -v;
    }
    double scale = 1;
    for (int k = 0; k <= 22; ++k, scale *= 10) {
      const double digits = std::nearbyint(v * scale);
      if (digits < 9007199254740992.0 && digits / scale == v) {
        out += std::to_string(static_cast<long long>(digits));
        if (k > 0) out += "e-" + std::to_string(k);
        return;
      }
    }
    out += "null";  // not one of the table's numbers (none needs more than 22 decimals): JS reads no value
  }
  void string(const char* s) {
    out += '"';
    for (; *s != '\0'; ++s) {
      if (*s == '"' || *s == '\\') out += '\\';
      out += *s;  // the table's strings are its own ASCII names: no control characters to escape
    }
    out += '"';
  }
  void boolean(bool v) { out += v ? "true" : "false"; }
  void null() { out += "null"; }
  void key(const char* k) {
    string(k);
    out += ':';
  }
  // A comma before every item of a list but its first: `first` is the list's own flag.
  void sep(bool& first) {
    if (!first) out += ',';
    first = false;
  }
  void names(limits::Names list) {
    out += '[';
    for (std::size_t i = 0; i < list.count; ++i) {
      if (i > 0) out += ',';
      string(list.list[i]);
    }
    out += ']';
  }
  // "name":[lo,hi,1 for an integer range or 0]
  void range(const char* name, double lo, double hi, bool integer) {
    key(name);
    out += '[';
    number(lo);
    out += ',';
    number(hi);
    out += integer ? ",1]" : ",0]";
  }
  void range(const char* name, const IntParam& p) { range(name, double(p.lo), double(p.hi), true); }
  void range(const char* name, const RealParam& p) { range(name, p.lo, p.hi, false); }
};

}  // namespace pelab::bindings
