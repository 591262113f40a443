// The core's ranges and name lists as JS values, for the JS layer's checks and messages (built from
// constants only, once per module: no caller's value ever reaches these).
#pragma once
#include <emscripten/val.h>

#include <array>
#include <cstddef>
#include <initializer_list>
#include <string>
#include <vector>

#include "pelab/validation/status.hpp"

namespace pelab::bindings {

// {name: [lo, hi, 1 for an integer range or 0]} for every parameter given.
inline emscripten::val ranges_of(std::initializer_list<IntParam> ints, std::initializer_list<RealParam> reals) {
  emscripten::val ranges = emscripten::val::object();
  for (const IntParam& p : ints)
    ranges.set(p.name, emscripten::val::array(std::vector<double>{double(p.lo), double(p.hi), 1}));
  for (const RealParam& p : reals) ranges.set(p.name, emscripten::val::array(std::vector<double>{p.lo, p.hi, 0}));
  return ranges;
}

// A name list as a JS array of strings.
template <std::size_t N>
emscripten::val names_of(const std::array<const char*, N>& list) {
  emscripten::val a = emscripten::val::array();
  for (const char* name : list) a.call<void>("push", std::string(name));
  return a;
}

}  // namespace pelab::bindings
