// The JS–wasm boundary as one declared table: every call the JS layer can make, with its options (name,
// kind, default) and its named results. bindings.cpp exports the table through `calls()`; lab.js reads
// it to snapshot, type-check and copy options, and to name what comes back. Only numbers cross: each
// option as [given, value, second value] in the table's order (a name as its index in the list
// `limits()` or, for the trainer's calls, `trainerLimits()` exports), each list through its own input
// buffer, each result through its own slot.
// Nothing here includes Emscripten, so the table and every call run natively too
// (tests/cpp/bindings/test_calls.cpp).
#pragma once
#include <array>
#include <cstddef>
#include <string>
#include <vector>

#include "pelab/validation/limits.hpp"
#include "pelab/validation/status.hpp"

namespace pelab::bindings {

// What an option holds, as lab.js checks it: a number, one of a list's names, true/false, a list of
// numbers (floats cross as float32, tokens as float64, so a fraction can be reported), a Float32Array
// to write the result into, two numbers, an options object whose members follow as `<name>.<member>`,
// or the trainer a method runs on (the lab fills it in).
enum class Kind { number, name, boolean, floats, tokens, out, pair, group, trainer };
enum class Presence { required, fallback, optional };  // must be given; has a default; may be left out

// (Plain data, `const char*` and numbers only: the table is the module's constants, not code.)
struct Option {
  const char* name = "";
  Kind kind = Kind::number;
  Presence presence = Presence::fallback;
  double fallback = 0, fallback2 = 0;  // a number's, a boolean's (1: true) or a pair's default
  const char* text = "";               // a name's default
  limits::Names names{};               // a name's list (limits.hpp, training/limits.hpp)
  const char* excludes = "";           // an option that may not be given with this one
};

// What a result holds: float32 or float64 numbers, flags (float64 0/1, handed out as a Uint8Array), one
// number, or the index of a name in the list `names`.
enum class Shape { float32, float64, bytes, number, name };
struct Result {
  const char* path = "";  // where it goes in the answer: "weights", "withEncoding.original.weights",
                          // "minDistancePositions.0"; "" when the result is the whole answer
  Shape shape = Shape::float32;
  limits::Names names{};  // a name's list
};

// The table's words: an option that must be given, one with a default, one that may be left out.
constexpr Option required(const char* name, Kind kind = Kind::number) { return {name, kind, Presence::required}; }
constexpr Option number(const char* name, double fallback) {
  return {name, Kind::number, Presence::fallback, fallback};
}
constexpr Option flag(const char* name, bool fallback) {
  return {name, Kind::boolean, Presence::fallback, fallback ? 1.0 : 0.0};
}
constexpr Option name(const char* option, const char* fallback, limits::Names list) {
  return {option, Kind::name, Presence::fallback, 0, 0, fallback, list};
}
// `excludes`: the option it may not be given with (a call takes one or the other).
constexpr Option optional(const char* name, Kind kind = Kind::number, const char* excludes = "") {
  return {name, kind, Presence::optional, 0, 0, "", {}, excludes};
}
constexpr Option pair(const char* name, double first, double second) {
  return {name, Kind::pair, Presence::fallback, first, second};
}

// A call's options or results: a constant array of the table's, or a vector built once at load.
template <class T>
struct List {
  const T* items = nullptr;
  std::size_t count = 0;
  constexpr List() = default;
  template <std::size_t N>
  constexpr List(const T (&array)[N]) : items(array), count(N) {}               // NOLINT: a table's array is its list
  List(const std::vector<T>& kept) : items(kept.data()), count(kept.size()) {}  // NOLINT
  constexpr std::size_t size() const { return count; }
  constexpr const T& operator[](std::size_t i) const { return items[i]; }
  constexpr const T* begin() const { return items; }
  constexpr const T* end() const { return items + count; }
};

class CallIO;
struct Call {
  const char* name;    // the lab's method ("trainer.step" for a trainer's)
  const char* limits;  // whose ranges its messages quote: "lab" (limits()) or "trainer" (trainerLimits())
  List<Option> options;
  List<Result> results;
  Status (*run)(CallIO&) = nullptr;
};

// Every call, lab's and trainer's: its index in this table is how lab.js names it to `run`.
const std::vector<Call>& calls();
const std::vector<Call>& lab_calls();      // lab_calls.cpp
const std::vector<Call>& trainer_calls();  // trainer_calls.cpp

inline constexpr std::size_t kMaxOptions = 32, kMaxResults = 16, kCellsPerOption = 3;

// Takes `count` numbers of a result from element `first` on (pelab::TakePiece, sinusoidal.hpp, is the same type).
using PieceSink = void (*)(std::size_t first, std::size_t count, const float* values);

// What crosses for one call: the options' cells, the lists, the results; buffers keep their capacity from
// call to call (a slider that redraws the same table allocates nothing after its first frame; every size
// is capped by limits.hpp, so the high-water mark is too). Nothing here is an `emscripten::val`: no
// handle on a JS object, so nothing a caller wrote can run while a wasm frame is live.
struct Exchange {
  std::array<double, kMaxOptions * kCellsPerOption> cells{};  // [given, value, second] per option
  std::array<std::vector<float>, kMaxOptions> floats;         // a floats option's list, by option index
  std::array<std::vector<double>, kMaxOptions> tokens;        // a tokens option's list, by option index
  std::array<std::vector<float>, kMaxResults> float32;        // by result index
  std::array<std::vector<double>, kMaxResults> float64;       // float64, bytes
  std::array<double, kMaxResults> numbers{};                  // number, name
  Status status;                                              // the last call's
  // Where a piece of an answer goes when the caller gave `out` (bindings.cpp: a copy into it; natively none).
  PieceSink to_out = nullptr;
  std::vector<float> piece;  // the buffer a call writes each piece in, before to_out copies it
};
Exchange& exchange();

// A buffer for one piece of a result, and where each piece goes once written (to_out).
struct OutPieces {
  float* buffer = nullptr;
  PieceSink take = nullptr;
  explicit operator bool() const { return buffer != nullptr; }
};

// One call's view of the exchange, by the names its table entry declares. A name the entry does not
// declare is a bug in the calls' code, stopped at once (std::abort); tests/cpp/bindings/test_calls.cpp runs
// every call to show there is none.
class CallIO {
 public:
  explicit CallIO(const Call& call) : call_(call) {}
  bool given(const char* option) const;
  double number(const char* option) const;  // a number, a boolean (0/1), a pair's first, an out's length
  double second(const char* option) const;  // a pair's second
  // A named option's name: the one at the index JS wrote, or "" for a name off its list (-1), which the
  // core's builder refuses with its `choice` rule, in its own check order.
  const char* choice(const char* option) const;
  const std::vector<float>& floats(const char* option) const;
  const std::vector<double>& tokens(const char* option) const;
  std::vector<float>& float32(const char* result, std::size_t n);
  std::vector<double>& float64(const char* result, std::size_t n);
  // For a call given `out`, where the bindings copy pieces into it: a buffer of `n` floats to write each piece
  // of `result` in, the pieces then handed to `take` in order, and the result itself left empty (the JS layer
  // copies nothing more). Empty otherwise (natively, or no `out`): write the whole result with float32().
  OutPieces out_pieces(const char* result, std::size_t n);
  void set(const char* result, double value);

 private:
  int index(const char* option) const;  // a name's index in its list (-1: not on it)
  std::size_t option(const char* name) const;
  std::size_t result(const char* path) const;
  const Call& call_;
};

// Runs call `index` on the options already in the exchange: the status, also kept for the getters.
Status run_call(int index);
// Frees trainer `id` (nothing for an id that is not live).
void delete_trainer(int id);
// Sizes the list buffer of option `option` of call `index` for `length` numbers, after the core's cap.
Status reserve_input(int index, int option, double length);

}  // namespace pelab::bindings
