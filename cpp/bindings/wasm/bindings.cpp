// The glue, the only file that knows Emscripten: plain wasm exports (pelab_*), no Embind. Once, at load, the
// JS layer reads the call table (calls.hpp) and the core's ranges and caps as JSON text built from constants
// (describe.hpp, pelab_describe). Every call then goes through the exports below: the addresses where the
// JS layer writes a call's option cells and lists, `pelab_run`, and the getters of the results and the
// status. Only numbers cross: no JS object is converted, no caller's string is read, and no JS runs between
// the lab and the core.
#include <emscripten/emscripten.h>

#include <cstdint>
#include <string>
#include <vector>

#include "calls.hpp"
#include "describe.hpp"
#include "pelab/training/limits.hpp"
#include "pelab/training/spec.hpp"
#include "pelab/training/tasks.hpp"
#include "pelab/validation/limits.hpp"

using namespace pelab;
using bindings::exchange;

// A piece of an answer into the caller's `out` (calls.hpp, out_pieces): exchange.js's copy, the one JS that runs
// inside a call; it copies `count` floats at `values` in wasm memory to `out` from element `first` on.
EM_JS(void, pelab_to_out, (std::size_t first, std::size_t count, const float* values),
      { Module['pelabToOut'](first, count, values); });

namespace {

[[maybe_unused]] const bool kToOut = (exchange().to_out = &pelab_to_out, true);

const char* kind_name(bindings::Kind k) {
  using bindings::Kind;
  switch (k) {
    case Kind::number: return "number";
    case Kind::name: return "name";
    case Kind::boolean: return "boolean";
    case Kind::floats: return "floats";
    case Kind::tokens: return "tokens";
    case Kind::out: return "out";
    case Kind::pair: return "pair";
    case Kind::group: return "group";
    case Kind::trainer: return "trainer";
  }
  return "";
}

const char* shape_name(bindings::Shape s) {
  using bindings::Shape;
  switch (s) {
    case Shape::float32: return "float32";
    case Shape::float64: return "float64";
    case Shape::bytes: return "bytes";
    case Shape::number: return "number";
    case Shape::name: return "name";
  }
  return "";
}

// An option's default as JS holds it: a number, true/false, a name, [first, second]; null when it has none.
void fallback_of(bindings::Json& j, const bindings::Option& o) {
  using bindings::Kind;
  if (o.presence != bindings::Presence::fallback) return j.null();
  if (o.kind == Kind::name) return j.string(o.text);
  if (o.kind == Kind::boolean) return j.boolean(o.fallback != 0);
  if (o.kind != Kind::pair) return j.number(o.fallback);
  j.out += '[';
  j.number(o.fallback);
  j.out += ',';
  j.number(o.fallback2);
  j.out += ']';
}

const char* presence_name(bindings::Presence p) {
  using bindings::Presence;
  return p == Presence::required ? "required" : p == Presence::optional ? "optional" : "fallback";
}

// [{name, limits, options: [{name, kind, presence, fallback, names, excludes}], results: [{path, shape, names}]}],
// in the table's order: a call's index is its number for `run`.
std::string calls_of() {
  bindings::Json j;
  j.out += '[';
  bool firstCall = true;
  for (const bindings::Call& c : bindings::calls()) {
    j.sep(firstCall);
    j.out += '{';
    j.key("name"), j.string(c.name), j.out += ',';
    j.key("limits"), j.string(c.limits), j.out += ',';
    j.key("options"), j.out += '[';
    bool first = true;
    for (const bindings::Option& o : c.options) {
      j.sep(first);
      j.out += '{';
      j.key("name"), j.string(o.name), j.out += ',';
      j.key("kind"), j.string(kind_name(o.kind)), j.out += ',';
      j.key("presence"), j.string(presence_name(o.presence)), j.out += ',';
      j.key("fallback"), fallback_of(j, o), j.out += ',';
      j.key("names"), j.names(o.names), j.out += ',';
      j.key("excludes"), j.string(o.excludes), j.out += '}';
    }
    j.out += "],";
    j.key("results"), j.out += '[';
    first = true;
    for (const bindings::Result& r : c.results) {
      j.sep(first);
      j.out += '{';
      j.key("path"), j.string(r.path), j.out += ',';
      j.key("shape"), j.string(shape_name(r.shape)), j.out += ',';
      j.key("names"), j.names(r.names), j.out += '}';
    }
    j.out += "]}";
  }
  j.out += ']';
  return j.out;
}

}  // namespace

// What the JS layer calls on every call, as plain wasm exports (Embind's invokers, used here before, built
// argument arrays with Array.prototype.push and called through Function.prototype.apply, which a page may
// replace); a wasm export is called with numbers and runs no JS at all. Each checks its indices, so no
// value reaches memory it should not.
extern "C" {

EMSCRIPTEN_KEEPALIVE int pelab_run(int index) { return static_cast<int>(bindings::run_call(index).rule); }
EMSCRIPTEN_KEEPALIVE int pelab_reserve_input(int index, int option, double length) {
  return static_cast<int>(bindings::reserve_input(index, option, length).rule);
}
// Where the option cells are ([given, value, second] per option, float64): static, never moved.
EMSCRIPTEN_KEEPALIVE std::uintptr_t pelab_cells() { return reinterpret_cast<std::uintptr_t>(exchange().cells.data()); }
// Where the list of option `option` of call `index` goes (after pelab_reserve_input sized it); 0 for none.
EMSCRIPTEN_KEEPALIVE std::uintptr_t pelab_input(int index, int option) {
  const auto& all = bindings::calls();
  if (index < 0 || static_cast<std::size_t>(index) >= all.size() || option < 0 ||
      static_cast<std::size_t>(option) >= all[static_cast<std::size_t>(index)].options.size())
    return 0;
  const auto at = static_cast<std::size_t>(option);
  return all[static_cast<std::size_t>(index)].options[at].kind == bindings::Kind::tokens
             ? reinterpret_cast<std::uintptr_t>(exchange().tokens[at].data())
             : reinterpret_cast<std::uintptr_t>(exchange().floats[at].data());
}
// Result `i` of the last call: float32 results in one set of buffers, float64 and flag results (wide) in another.
EMSCRIPTEN_KEEPALIVE std::uintptr_t pelab_result(int i, int wide) {
  if (i < 0 || static_cast<std::size_t>(i) >= bindings::kMaxResults) return 0;
  const auto at = static_cast<std::size_t>(i);
  return wide ? reinterpret_cast<std::uintptr_t>(exchange().float64[at].data())
              : reinterpret_cast<std::uintptr_t>(exchange().float32[at].data());
}
EMSCRIPTEN_KEEPALIVE double pelab_result_length(int i, int wide) {
  if (i < 0 || static_cast<std::size_t>(i) >= bindings::kMaxResults) return 0;
  const auto at = static_cast<std::size_t>(i);
  return static_cast<double>(wide ? exchange().float64[at].size() : exchange().float32[at].size());
}
EMSCRIPTEN_KEEPALIVE double pelab_result_number(int i) {
  return i < 0 || static_cast<std::size_t>(i) >= bindings::kMaxResults
             ? 0
             : exchange().numbers[static_cast<std::size_t>(i)];
}
EMSCRIPTEN_KEEPALIVE void pelab_trainer_delete(int id) { bindings::delete_trainer(id); }

// The last call's status, one export per field; the parameter's name (one of the core's own, ASCII) as a
// NUL-terminated string the JS layer reads from memory.
EMSCRIPTEN_KEEPALIVE int pelab_status_rule() { return static_cast<int>(exchange().status.rule); }
EMSCRIPTEN_KEEPALIVE std::uintptr_t pelab_status_param() {
  return reinterpret_cast<std::uintptr_t>(exchange().status.param.c_str());
}
EMSCRIPTEN_KEEPALIVE double pelab_status_got() { return exchange().status.got; }
EMSCRIPTEN_KEEPALIVE double pelab_status_lo() { return exchange().status.lo; }
EMSCRIPTEN_KEEPALIVE double pelab_status_hi() { return exchange().status.hi; }
EMSCRIPTEN_KEEPALIVE double pelab_status_a() { return exchange().status.a; }
EMSCRIPTEN_KEEPALIVE double pelab_status_b() { return exchange().status.b; }
EMSCRIPTEN_KEEPALIVE double pelab_status_index() { return exchange().status.index; }
EMSCRIPTEN_KEEPALIVE int pelab_status_cost() { return static_cast<int>(exchange().status.cost); }

}  // extern "C"

namespace {

// Every range and cap of limits.hpp, for the JS layer's checks and messages. Built from constants only,
// once per module.
std::string limits_of() {
  bindings::Json j;
  j.out += "{\"ranges\":{";
  bool first = true;
  for (const IntParam& p :
       {limits::positions, limits::dModel, limits::start, limits::seed, limits::maxLen, limits::position,
        limits::vocabSize, limits::sequence, limits::dK, limits::dV, limits::rows, limits::offset, limits::heads,
        limits::dHead, limits::rotaryDims, limits::originalMaxPositions, limits::scalingLength})
    j.sep(first), j.range(p.name, p);
  for (const RealParam& p : {limits::base, limits::scale, limits::scalingFactor, limits::betaFast, limits::betaSlow})
    j.sep(first), j.range(p.name, p);
  j.out += "},";
  j.key("maxElements"), j.number(static_cast<double>(limits::maxElements)), j.out += ',';
  j.key("maxWork"), j.number(limits::maxWork), j.out += ',';
  // The work weights the messages quote (limits.hpp), so no sentence types them.
  j.key("weights"), j.out += '{';
  j.key("score"), j.number(limits::scoreWork), j.out += ',';
  j.key("projection"), j.number(limits::projectionWork), j.out += ',';
  j.key("normal"), j.number(limits::normalWork), j.out += "}}";
  return j.out;
}

// The trainer's ranges, for the JS layer's checks and messages: every option's row (training/spec.hpp),
// and the ranges of its methods' own options (its name lists come with the call table). Built from
// constants only, once.
std::string trainer_limits() {
#ifdef PELAB_NO_TRAINER
  return "{\"ranges\":{}}";  // (no trainer: its option rows would link the training code's spec)
#else
  namespace lim = limits::training;
  bindings::Json j;
  j.out += "{\"ranges\":{";
  bool first = true;
  for (const training::TrainerOptionRow& row : training::trainer_option_rows()) {
    if (row.ints != nullptr) j.sep(first), j.range(row.name, *row.ints);
    if (row.reals != nullptr) j.sep(first), j.range(row.name, *row.reals);
  }
  for (const IntParam& p : {lim::steps, lim::samples}) j.sep(first), j.range(p.name, p);
  j.out += "}}";
  return j.out;
#endif
}

}  // namespace

// The three descriptions, each made once: the call table, the lab's limits and the trainer's.
const std::string& description(int which) {
  static const std::string texts[] = {calls_of(), limits_of(), trainer_limits()};
  static const std::string none;
  return which >= 0 && which < 3 ? texts[which] : none;
}

// Which build these bytes are, as a custom section the loader reads before it instantiates them: the
// builds import the same functions, so another build's bytes would link, and then run against this
// build's loader, whose memory layout is not theirs.
#if defined(PELAB_NO_SIMD)
__asm__(".section .custom_section.pelab_build,\"\",@\n.ascii \"scalar\"\n");
#elif defined(PELAB_NO_TRAINER)
__asm__(".section .custom_section.pelab_build,\"\",@\n.ascii \"simd-no-trainer\"\n");
#else
__asm__(".section .custom_section.pelab_build,\"\",@\n.ascii \"simd\"\n");
#endif

extern "C" {
// Where description `which` (0 the call table, 1 the lab's limits, 2 the trainer's) lies in wasm memory,
// as JSON text of `pelab_describe_length(which)` bytes: the JS layer reads them once, at load.
EMSCRIPTEN_KEEPALIVE std::uintptr_t pelab_describe(int which) {
  return reinterpret_cast<std::uintptr_t>(description(which).data());
}
EMSCRIPTEN_KEEPALIVE int pelab_describe_length(int which) { return static_cast<int>(description(which).size()); }
}
