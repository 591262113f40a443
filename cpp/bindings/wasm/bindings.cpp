// The glue, the only file that knows Emscripten. Embind exports, once at load, the call table (calls.hpp)
// and the core's ranges, name lists and caps, all built from constants. Every call then goes through plain
// wasm exports (pelab_*, below): the addresses where the JS layer writes a call's option cells and lists,
// `pelab_run`, and the getters of the results and the status. Only numbers cross: no JS object is converted,
// no caller's string is read, and no JS runs between the lab and the core.
#include <emscripten/bind.h>
#include <emscripten/emscripten.h>
#include <emscripten/val.h>

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
using emscripten::val;

namespace {

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
val fallback_of(const bindings::Option& o) {
  using bindings::Kind;
  if (o.presence != bindings::Presence::fallback) return val::null();
  if (o.kind == Kind::name) return val(std::string(o.text));
  if (o.kind == Kind::boolean) return val(o.fallback != 0);
  if (o.kind == Kind::pair) return val::array(std::vector<double>{o.fallback, o.fallback2});
  return val(o.fallback);
}

const char* presence_name(bindings::Presence p) {
  using bindings::Presence;
  return p == Presence::required ? "required" : p == Presence::optional ? "optional" : "fallback";
}

// [{name, limits, options: [{name, kind, presence, fallback, names, excludes}], results: [{path, shape, names}]}],
// in the table's order: a call's index is its number for `run`.
val calls_of() {
  val table = val::array();
  for (const bindings::Call& c : bindings::calls()) {
    val options = val::array(), results = val::array();
    for (const bindings::Option& o : c.options) {
      val v = val::object();
      const std::string name = o.name;
      v.set("name", name);
      v.set("kind", std::string(kind_name(o.kind)));
      v.set("presence", std::string(presence_name(o.presence)));
      v.set("fallback", fallback_of(o));
      v.set("names", bindings::names_of(o.names));
      v.set("excludes", std::string(o.excludes));
      options.call<void>("push", v);
    }
    for (const bindings::Result& r : c.results) {
      val v = val::object();
      v.set("path", std::string(r.path));
      v.set("shape", std::string(shape_name(r.shape)));
      v.set("names", bindings::names_of(r.names));
      results.call<void>("push", v);
    }
    val call = val::object();
    call.set("name", std::string(c.name));
    call.set("limits", std::string(c.limits));
    call.set("options", options);
    call.set("results", results);
    table.call<void>("push", call);
  }
  return table;
}

}  // namespace

// What the JS layer calls on every call, as plain wasm exports, not Embind functions: Embind's invokers
// build argument arrays with Array.prototype.push and call through Function.prototype.apply, which a page
// may replace; a wasm export is called with numbers and runs no JS at all. Each checks its indices, so no
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

// Every range, name list and cap of limits.hpp, for the JS layer's checks and messages. Built from
// constants only, once per module.
emscripten::val limits_of() {
  val r = val::object();
  r.set("ranges", bindings::ranges_of({limits::positions, limits::dModel, limits::start, limits::seed, limits::maxLen,
                                       limits::position, limits::vocabSize, limits::sequence, limits::dK, limits::dV,
                                       limits::rows, limits::offset, limits::heads, limits::dHead, limits::rotaryDims},
                                      {limits::base, limits::scale}));
  r.set("maxElements", static_cast<double>(limits::maxElements));
  r.set("maxWork", limits::maxWork);
  // The work weights the messages quote (limits.hpp), so no sentence types them.
  val weights = val::object();
  weights.set("score", limits::scoreWork);
  weights.set("projection", limits::projectionWork);
  weights.set("normal", limits::normalWork);
  r.set("weights", weights);
  return r;
}

// The trainer's ranges, for the JS layer's checks and messages: every option's row (training/spec.hpp),
// and the ranges of its methods' own options (its name lists come with the call table). Built from
// constants only, once.
val trainer_limits() {
  namespace lim = limits::training;
  val ranges = val::object();
  for (const training::TrainerOptionRow& row : training::trainer_option_rows()) {
    if (row.ints != nullptr) bindings::add_range(ranges, row.name, *row.ints);
    if (row.reals != nullptr) bindings::add_range(ranges, row.name, *row.reals);
  }
  for (const IntParam& p : {lim::steps, lim::samples}) bindings::add_range(ranges, p.name, p);
  val r = val::object();
  r.set("ranges", ranges);
  return r;
}

}  // namespace

EMSCRIPTEN_BINDINGS(pelab) {
  using emscripten::function;
  function("calls", &calls_of);
  function("limits", &limits_of);
  function("trainerLimits", &trainer_limits);
}
