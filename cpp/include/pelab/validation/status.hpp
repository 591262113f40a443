// The result of checking an argument: fine, or the rule it broke with the values that rule compared.
// The core decides and says nothing in words: the JS layer (cpp/bindings/wasm/messages.js) turns a
// rule and its values into the sentence a learner reads, so wording lives in one place.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>

namespace pelab {

// Which rule an argument broke. The numbers cross into JS: append, never renumber.
enum class Rule : int {
  none = 0,
  integer_range = 1,      // `got` is not an integer from `lo` to `hi`
  real_range = 2,         // `got` is not a finite number from `lo` to `hi`
  choice = 3,             // the name is not one of the parameter's choices (limits.hpp, training/limits.hpp)
  length = 4,             // an array holds `got` elements where exactly `hi` are needed
  even_width = 5,         // dModel `got` is odd, and the 'paper' layout interleaves sin/cos pairs
  table_elements = 6,     // `param` × dModel = `a` × `b` = `got` elements, more than `hi`
  last_position = 7,      // start + positions − 1 = `got` is past the last position `hi`
  no_learned_row = 8,     // position `got` has no row in a learned table of maxLen `hi` + 1 rows
  learned_too_short = 9,  // a learned table of maxLen `got` rows lacks position `lo` = start + tokens.length − 1
  offset_too_large = 10,  // offset k = `got` needs rows past the largest valid table; `hi` is the largest k
  work = 11,   // the call would do `got` weighted multiply-adds, more than `hi` (what is counted: `cost`); `a`, when
               // more than 0, is the largest value of `param` within the cap
  token = 12,  // tokens[`index`] = `got` is not an integer from `lo` to `hi`
  input_elements = 13,   // an array holds `got` elements, more than any call takes (`hi`)
  count = 14,            // a list holds `got` elements where `lo` to `hi` are allowed
  not_divisible = 15,    // `param` = `got` is not a multiple of `lo` (dModel must split evenly into heads)
  memory = 16,           // the object would hold `got` floats, more than `hi`
  live_memory = 17,      // the live trainers would hold `got` floats in all, more than `hi`
  no_trainer = 18,       // trainer id `got` is not a live trainer (it was deleted)
  result_elements = 19,  // `param` = `a` × `b` × `b` = `got` numbers in one result, more than `hi` (heads × n × n)
  rotary_dims = 20,  // rotaryDims `got` is odd, below `lo` or past `hi`, the largest even number ≤ the head width `a`
  odd_head_width = 21,             // dModel `got` / heads `lo` is odd: rope turns pairs of each head's dimensions
  last_token_position = 22,        // start + tokens.length − 1 = `got` is past the last position `hi`
  last_row_position = 23,          // start + n − 1 = `got` is past the last position `hi`
  learned_short_of_training = 24,  // a learned table of maxLen `got` rows lacks position `lo`, which training reaches
  exchange = 25,        // the raw exports were handed `param` = `got`, which the call table does not declare there (a
                        // fault of code calling them directly: lab.js never does)
  scaling_needs = 26,   // a RoPE scaling of type `a` (limits::ropeScalings) needs `param`, which was left out
  below = 27,           // `param` = `got` must be below `hi`, the value of the option it pairs with (betaFast)
  rope_only = 28,       // `param` (a RoPE scaling) was given to a trainer whose encoding is not rope
  state_elements = 29,  // a trainer's state would hold `got` floats, more than a call hands over (`hi`)
  other_trainer = 30,   // a state saved by a trainer of fingerprint `got`, loaded into one of fingerprint `hi`
};

// What a `work` rule counted.
enum class Cost : int {
  none = 0,
  attention = 1,
  self_attention = 2,
  properties = 3,
  pair_matrix = 4,
  permutation = 5,
  embedding = 6,
  training_step = 7,  // one step of training: forward and backward over a batch
  evaluation = 8,     // forward passes over fresh samples
  probe = 9,          // a trainer's attention weights and probability for one sequence: one forward pass
};

struct Status {
  bool ok = true;
  Rule rule = Rule::none;
  std::string param;       // the offending parameter, as the JS API spells it
  double got = 0;          // the rejected value (or count, or product): exactly what was given
  double lo = 0, hi = 0;   // the bounds it was held to
  double a = 0, b = 0;     // the factors of a product, where the rule names one
  double index = -1;       // the element at fault, for array rules
  Cost cost = Cost::none;  // for `work`

  static Status fine() { return {}; }
  static Status broken(Rule rule, std::string param, double got, double lo, double hi) {
    Status s;
    s.ok = false;
    s.rule = rule;
    s.param = std::move(param);
    s.got = got, s.lo = lo, s.hi = hi;
    return s;
  }
  static Status too_much_work(std::string param, Cost cost, double work, double cap) {
    Status s = broken(Rule::work, std::move(param), work, 0, cap);
    s.cost = cost;
    return s;
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

Status check(const IntParam& p, double value);
Status check(const RealParam& p, double value);

// A typed array (or list) argument must have exactly the length the other arguments imply.
Status check_length(const char* name, double got, double expected);

// The length of an optional `out` array, or kNoOut where the caller gave none.
inline constexpr double kNoOut = -1;
Status check_out(double outLength, double expected);  // fine for kNoOut

// Every argument is evaluated before the call, so every check has run; this keeps the first failure.
// (Checks that only make sense once others pass are chained with `if (s.ok)` instead.)
template <typename... Checks>
Status first_error(const Checks&... statuses) {
  Status result;
  ((result.ok && !statuses.ok ? (result = statuses, 0) : 0), ...);
  return result;
}

}  // namespace pelab
