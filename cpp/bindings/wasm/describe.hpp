// The core's ranges and name lists as JS values, for the JS layer's checks and messages (built from
// constants only, once per module: no caller's value ever reaches these), and the way back: a name
// the JS layer passes as its index in one of those lists.
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

// The name at `index` in `list`, or "" (on no list, so the core's builder refuses it with its
// `choice` rule, in its own check order) for -1, which the JS layer passes for a name not on the list.
template <std::size_t N>
std::string name_at(const std::array<const char*, N>& list, int index) {
  return index >= 0 && static_cast<std::size_t>(index) < N ? list[static_cast<std::size_t>(index)] : "";
}

}  // namespace pelab::bindings
