// The core's ranges and name lists as JS values, for the JS layer's checks and messages (built from
// constants only, once per module: no caller's value ever reaches these).
#pragma once
#include <emscripten/val.h>

#include <array>
#include <cstddef>
#include <initializer_list>
#include <string>
#include <vector>

#include "pelab/validation/limits.hpp"
#include "pelab/validation/status.hpp"

namespace pelab::bindings {

// ranges[name] = [lo, hi, 1 for an integer range or 0].
inline void add_range(emscripten::val& ranges, const char* name, const IntParam& p) {
  ranges.set(name, emscripten::val::array(std::vector<double>{double(p.lo), double(p.hi), 1}));
}
inline void add_range(emscripten::val& ranges, const char* name, const RealParam& p) {
  ranges.set(name, emscripten::val::array(std::vector<double>{p.lo, p.hi, 0}));
}

// {name: [lo, hi, 1 or 0]} for every parameter given.
inline emscripten::val ranges_of(std::initializer_list<IntParam> ints, std::initializer_list<RealParam> reals) {
  emscripten::val ranges = emscripten::val::object();
  for (const IntParam& p : ints) add_range(ranges, p.name, p);
  for (const RealParam& p : reals) add_range(ranges, p.name, p);
  return ranges;
}

// A name list as a JS array of strings (empty for an option that is no name).
inline emscripten::val names_of(limits::Names list) {
  emscripten::val a = emscripten::val::array();
  for (std::size_t i = 0; i < list.count; ++i) a.call<void>("push", std::string(list.list[i]));
  return a;
}

}  // namespace pelab::bindings
