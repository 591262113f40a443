// The call table (cpp/bindings/wasm/calls.hpp) run natively: what lab.js reads from it holds together,
// and every call runs from its declared names alone.
#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <set>
#include <string>

#include "calls.hpp"

using namespace pelab;
using namespace pelab::bindings;

namespace {

int call_index(const std::string& name) {
  for (std::size_t i = 0; i < calls().size(); ++i)
    if (calls()[i].name == name) return static_cast<int>(i);
  FAIL("no call " << name);
  return -1;
}

// Fills the cells of `call` as lab.js does for options left out (defaults given, optional ones not),
// with `values` for the ones named there ({value} or {value, second}). A name left out is given as
// index 0 of its list (lab.js passes its default's index): name those whose default is not first.
void fill(const Call& call, const std::map<std::string, std::pair<double, double>>& values) {
  for (std::size_t i = 0; i < call.options.size(); ++i) {
    const Option& o = call.options[i];
    double* cell = &exchange().cells[i * kCellsPerOption];
    const auto v = values.find(o.name);
    cell[0] = v != values.end() || o.presence == Presence::fallback ? 1 : 0;
    cell[1] = v != values.end() ? v->second.first : o.fallback;
    cell[2] = v != values.end() ? v->second.second : o.fallback2;
  }
}

// Sizes and fills the list of option `option` with `length` copies of `value`, and marks it given (as lab.js
// writes a list's cells: given, its length).
void list(int index, const std::string& option, std::size_t length, double value) {
  const Call& call = calls()[static_cast<std::size_t>(index)];
  for (std::size_t i = 0; i < call.options.size(); ++i)
    if (call.options[i].name == option) {
      REQUIRE(reserve_input(index, static_cast<int>(i), static_cast<double>(length)).ok);
      exchange().cells[i * kCellsPerOption] = 1;
      exchange().cells[i * kCellsPerOption + 1] = static_cast<double>(length);
      if (call.options[i].kind == Kind::tokens) exchange().tokens[i].assign(length, value);
      else exchange().floats[i].assign(length, static_cast<float>(value));
    }
}

// Result `path` of call `index`'s last run.
std::size_t slot(int index, const std::string& path) {
  const Call& call = calls()[static_cast<std::size_t>(index)];
  for (std::size_t r = 0; r < call.results.size(); ++r)
    if (call.results[r].path == path) return r;
  FAIL("no result " << path);
  return 0;
}
double number_of(int index, const std::string& path) { return exchange().numbers[slot(index, path)]; }
std::size_t size_of(int index, const std::string& path) { return exchange().float32[slot(index, path)].size(); }

}  // namespace

TEST_CASE("the call table declares what lab.js can read back", "[bindings]") {
  std::set<std::string> names;
  for (const Call& c : calls()) {
    INFO(c.name);
    CHECK(names.insert(c.name).second);
    CHECK((std::string(c.limits) == "lab" || std::string(c.limits) == "trainer"));
    CHECK(c.options.size() <= kMaxOptions);
    CHECK(c.results.size() <= kMaxResults);
    CHECK(c.run != nullptr);
    std::set<std::string> options, results;
    std::string group;
    for (const Option& o : c.options) {
      const std::string name = o.name;
      CHECK(options.insert(name).second);
      const auto dot = name.find('.');
      // a group's members follow it, and nothing else is dotted
      if (dot != std::string::npos) CHECK(name.substr(0, dot) == group);
      else group = o.kind == Kind::group ? name : "";
      if (*o.excludes) CHECK(options.count(o.excludes) == 1);
    }
    for (const Result& r : c.results) CHECK(results.insert(r.path).second);
    // one whole answer, or only named parts
    if (results.count("") == 1) CHECK(c.results.size() == 1);
  }
}

TEST_CASE("every call runs from the options its table names", "[bindings]") {
  SECTION("a table call with only its required options") {
    const int i = call_index("sinusoidal");
    fill(calls()[i], {{"positions", {4, 0}}, {"dModel", {6, 0}}});
    REQUIRE(run_call(i).ok);
    CHECK(size_of(i, "") == 24);
  }
  SECTION("attention with rope's own options inside it, rotaryDims left to the head's width") {
    const int i = call_index("attention");
    fill(calls()[i], {{"n", {3, 0}}, {"dK", {4, 0}}, {"heads", {2, 0}}, {"rope", {0, 0}}});
    for (const char* m : {"q", "k", "v"}) list(i, m, 12, 0.5);
    REQUIRE(run_call(i).ok);
    CHECK(size_of(i, "weights") == 18);  // weights: heads × n × n
    CHECK(size_of(i, "output") == 12);   // output: n × dV (dV left out: dK)
  }
  SECTION("the permutation experiment names both arms' runs") {
    const int i = call_index("permutation");
    fill(calls()[i], {{"vocabSize", {5, 0}}, {"dModel", {4, 0}}, {"dK", {4, 0}}, {"swap", {0, 2}}});
    list(i, "tokens", 3, 1);
    REQUIRE(run_call(i).ok);
    for (std::size_t r = 0; r < calls()[i].results.size(); ++r) {
      INFO(calls()[i].results[r].path);
      if (calls()[i].results[r].shape == Shape::float32) CHECK(size_of(i, calls()[i].results[r].path) > 0);
    }
  }
  SECTION("a trainer is made, stepped, evaluated, probed, and once deleted refused") {
    const int made = call_index("trainer");
    fill(calls()[made],
         {{"dModel", {8, 0}}, {"trainLength", {4, 6}}, {"encoding", {2, 0}}, {"readout", {1, 0}}});  // learned, mean
    REQUIRE(run_call(made).ok);
    const double id = number_of(made, "id");
    CHECK(number_of(made, "trainLength.0") == 4);
    CHECK(number_of(made, "trainLength.1") == 6);
    CHECK(number_of(made, "encoding") == 2);  // as its index
    const std::map<std::string, std::pair<double, double>> on{{"trainer", {id, 0}}};
    for (const char* fn : {"trainer.step", "trainer.evaluate", "trainer.learnedRowsTrained"}) {
      INFO(fn);
      fill(calls()[call_index(fn)], on);
      CHECK(run_call(call_index(fn)).ok);
    }
    // Its state saved, then another loaded (all zeros: a state a trainer could hold), then saved again.
    const int save = call_index("trainer.saveState"), load = call_index("trainer.loadState");
    fill(calls()[save], on);
    REQUIRE(run_call(save).ok);
    CHECK(number_of(save, "step") == 1);  // trainer.step's default: one step
    const std::size_t floats = size_of(save, "state");
    CHECK(floats > 0);
    const double fingerprint = number_of(save, "fingerprint");
    fill(calls()[load], {{"trainer", {id, 0}}, {"step", {7, 0}}, {"fingerprint", {fingerprint, 0}}});
    list(load, "state", floats, 0);
    REQUIRE(run_call(load).ok);
    REQUIRE(run_call(save).ok);
    CHECK(number_of(save, "step") == 7);
    const std::vector<float>& zeros = exchange().float32[slot(save, "state")];
    CHECK(std::count(zeros.begin(), zeros.end(), 0.f) == static_cast<long>(floats));
    list(load, "state", floats - 1, 0);
    CHECK(run_call(load).rule == Rule::length);
    const int probe = call_index("trainer.attentionWeights");
    fill(calls()[probe], on);
    list(probe, "tokens", 4, 1);
    REQUIRE(run_call(probe).ok);
    CHECK(number_of(probe, "n") == 4);
    CHECK(size_of(probe, "weights") == 16);
    delete_trainer(static_cast<int>(id));
    fill(calls()[probe], on);
    const Status s = run_call(probe);
    CHECK(s.rule == Rule::no_trainer);
    CHECK(s.got == id);
  }
}

TEST_CASE("every lab call runs from its declared names and fills every result it declares", "[bindings]") {
  // Minimal valid options per call (the rest left to the table's defaults), and the lists each takes.
  struct Case {
    const char* call;
    std::map<std::string, std::pair<double, double>> values;
    std::vector<std::pair<const char*, std::size_t>> lists;
  };
  const std::vector<Case> cases{
      {"sinusoidal", {{"positions", {4, 0}}, {"dModel", {6, 0}}}, {}},
      {"sinusoidalReference", {{"positions", {4, 0}}, {"dModel", {6, 0}}}, {}},
      {"sinusoidalFloat32Angles", {{"positions", {4, 0}}, {"dModel", {6, 0}}}, {}},
      {"frequencies", {{"dModel", {6, 0}}}, {}},
      {"learnedTable", {{"maxLen", {4, 0}}, {"dModel", {6, 0}}}, {}},
      {"learnedLookup", {{"maxLen", {4, 0}}, {"dModel", {6, 0}}, {"position", {2, 0}}}, {}},
      {"embed", {{"vocabSize", {5, 0}}, {"dModel", {4, 0}}}, {{"tokens", 3}}},
      {"attention", {{"n", {3, 0}}, {"dK", {4, 0}}}, {{"q", 12}, {"k", 12}, {"v", 12}}},
      {"selfAttention", {{"n", {2, 0}}, {"dModel", {4, 0}}, {"dK", {4, 0}}}, {{"x", 8}}},
      {"rope", {{"n", {2, 0}}, {"dHead", {4, 0}}}, {{"x", 8}}},
      {"ropeFrequencies",  // with a YaRN scaling: its group given (1), type by its index (4)
       {{"dHead", {8, 0}},
        {"scaling", {1, 0}},
        {"scaling.type", {4, 0}},
        {"scaling.factor", {4, 0}},
        {"scaling.originalMaxPositions", {64, 0}}},
       {}},
      {"alibiSlopes", {{"heads", {4, 0}}}, {}},
      {"alibiBias", {{"heads", {2, 0}}, {"n", {3, 0}}}, {}},
      {"relativeOffset", {{"positions", {4, 0}}, {"dModel", {8, 0}}, {"k", {2, 0}}}, {}},
      {"dotMatrix", {{"rows", {3, 0}}, {"dModel", {2, 0}}}, {{"table", 6}}},
      {"distanceMatrix", {{"rows", {3, 0}}, {"dModel", {2, 0}}}, {{"table", 6}}},
      {"properties", {{"positions", {8, 0}}, {"dModel", {8, 0}}}, {}},
      {"permutation", {{"vocabSize", {5, 0}}, {"dModel", {4, 0}}, {"dK", {4, 0}}, {"swap", {0, 2}}}, {{"tokens", 3}}},
  };
  std::set<std::string> covered;
  for (const Case& c : cases) {
    INFO(c.call);
    const int i = call_index(c.call);
    fill(calls()[i], c.values);
    for (const auto& [name, length] : c.lists) list(i, name, length, 1);
    REQUIRE(run_call(i).ok);
    for (const Result& r : calls()[i].results) {
      INFO(r.path);
      if (r.shape == Shape::float32) CHECK(size_of(i, r.path) > 0);
      if (r.shape == Shape::float64) CHECK(!exchange().float64[slot(i, r.path)].empty());
    }
    covered.insert(c.call);
  }
  for (const Call& c : lab_calls()) CHECK(covered.count(c.name) == 1);  // every lab call, none left out
}

TEST_CASE("a name not on its list reaches the core as no name, refused by its choice rule", "[bindings]") {
  const int i = call_index("sinusoidal");
  fill(calls()[i], {{"positions", {4, 0}}, {"dModel", {6, 0}}, {"variant", {-1, 0}}});
  const Status s = run_call(i);
  CHECK(s.rule == Rule::choice);
  CHECK(s.param == "variant");
}

TEST_CASE("a list is sized only for a list option, and only within the core's cap", "[bindings]") {
  const int i = call_index("dotMatrix");
  CHECK(reserve_input(i, 0, 16).ok);                                                     // table
  CHECK(reserve_input(i, 1, 16).rule == Rule::exchange);                                 // rows: a number
  CHECK(reserve_input(i, 0, 1e12).rule == Rule::input_elements);                         // past maxElements
  CHECK(reserve_input(i, 99, 16).rule == Rule::exchange);                                // no such option
  CHECK(reserve_input(static_cast<int>(calls().size()), 0, 16).rule == Rule::exchange);  // no such call
}

TEST_CASE("a list left out reads as empty, not as the list an earlier call left behind", "[bindings]") {
  const int i = call_index("dotMatrix");
  fill(calls()[i], {{"rows", {3, 0}}, {"dModel", {2, 0}}});
  list(i, "table", 6, 1);
  REQUIRE(run_call(i).ok);
  fill(calls()[i], {{"rows", {3, 0}}, {"dModel", {2, 0}}});  // the table not given this time
  const Status s = run_call(i);
  CHECK(s.param == "table");
  CHECK(s.got == 0);
}
