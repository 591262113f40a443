// Embind glue. Each function takes the JS layer's numbers, a named option as its index in the name
// list `limits()` exports (-1 for a name not on it: see describe.hpp's name_at), asks the core's
// builder for a checked request, runs the kernel into the exchange and answers with the broken rule's
// number (0 when fine). Arrays come and go through the exchange (exchange.hpp); the JS layer words
// failures (messages.js) from the status getters below, and copies results out. Only numbers (and
// the lab's own option names, never a caller's string) cross: Embind converts no JS object.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "describe.hpp"
#include "exchange.hpp"
#include "pelab/analysis/analysis.hpp"
#include "pelab/attention/alibi.hpp"
#include "pelab/attention/attention.hpp"
#include "pelab/attention/permutation.hpp"
#include "pelab/encodings/learned.hpp"
#include "pelab/encodings/relative.hpp"
#include "pelab/encodings/rope.hpp"
#include "pelab/encodings/sequence.hpp"
#include "pelab/encodings/sinusoidal.hpp"
#include "pelab/validation/limits.hpp"

using namespace pelab;
using bindings::exchange;
using bindings::name_at;

namespace {

// Records the status for the status getters (below) and returns its rule's number (0: fine).
int answer(const Status& s) {
  exchange().status = s;
  return static_cast<int>(s.rule);
}

// (Never inlined: one copy of vector's resize serves every call site, and the module has a size budget.)
__attribute__((noinline)) std::vector<float>& result32(int slot, std::size_t n) {
  std::vector<float>& r = exchange().results32[static_cast<std::size_t>(slot)];
  r.resize(n);
  return r;
}

std::vector<double>& result64(int slot, std::size_t n) {
  std::vector<double>& r = exchange().results64[static_cast<std::size_t>(slot)];
  r.resize(n);
  return r;
}

const std::vector<float>& floats(int slot) { return exchange().floats[static_cast<std::size_t>(slot)]; }
double floats_length(int slot) { return static_cast<double>(floats(slot).size()); }

// --- arrays in and out --------------------------------------------------------------------------

// Sizes input slot `slot` (0–2 floats, 3 tokens) for `length` numbers after the core's cap check.
int reserve_input(int slot, const std::string& param, double length) {
  if (slot < 0 || slot > 3) return answer(Status::broken(Rule::length, "slot", slot, 0, 3));  // lab.js uses 0–3
  if (Status s = limits::check_input_elements(param.c_str(), length); !s.ok) return answer(s);
  const auto n = static_cast<std::size_t>(length);
  if (slot == 3) exchange().tokens.resize(n);
  else exchange().floats[static_cast<std::size_t>(slot)].resize(n);
  return answer(Status::fine());
}

std::uintptr_t input_address(int slot) {
  if (slot == 3) return reinterpret_cast<std::uintptr_t>(exchange().tokens.data());
  return reinterpret_cast<std::uintptr_t>(floats(slot).data());
}

std::uintptr_t result_address(int kind, int slot) {
  if (kind == 32) return reinterpret_cast<std::uintptr_t>(exchange().results32[static_cast<std::size_t>(slot)].data());
  return reinterpret_cast<std::uintptr_t>(exchange().results64[static_cast<std::size_t>(slot)].data());
}

double result_length(int kind, int slot) {
  if (kind == 32) return static_cast<double>(exchange().results32[static_cast<std::size_t>(slot)].size());
  return static_cast<double>(exchange().results64[static_cast<std::size_t>(slot)].size());
}

double number(int slot) { return exchange().numbers[static_cast<std::size_t>(slot)]; }

// --- the calls ----------------------------------------------------------------------------------

int sinusoidal(double positions, double dModel, double base, int variant, double start, double outLength) {
  SinusoidalSpec spec;
  const Status s =
      make_table_request(positions, dModel, base, name_at(limits::variants, variant), start, outLength, spec);
  if (s.ok) fill_sinusoidal(spec, result32(0, element_count(spec)).data());
  return answer(s);
}

int sinusoidal_reference(double positions, double dModel, double base, int variant, double start) {
  SinusoidalSpec spec;
  const Status s = make_sinusoidal_spec(positions, dModel, base, name_at(limits::variants, variant), start, spec);
  if (s.ok) fill_sinusoidal_reference(spec, result64(0, element_count(spec)).data());
  return answer(s);
}

int sinusoidal_float32_angles(double positions, double dModel, double base, int variant, double start) {
  SinusoidalSpec spec;
  const Status s = make_sinusoidal_spec(positions, dModel, base, name_at(limits::variants, variant), start, spec);
  if (s.ok) fill_sinusoidal_float32_angles(spec, result32(0, element_count(spec)).data());
  return answer(s);
}

int frequencies_of(double dModel, double base, int variant) {
  SinusoidalSpec spec;
  const Status s = make_frequency_spec(dModel, base, name_at(limits::variants, variant), spec);
  if (s.ok) {
    exchange().results64[0] = frequencies(spec);
    exchange().results64[1] = wavelengths(spec);
  }
  return answer(s);
}

int learned_table(double maxLen, double dModel, double seed, double outLength) {
  LearnedSpec spec;
  const Status s = make_learned_table_request(maxLen, dModel, seed, outLength, spec);
  if (s.ok) fill_learned_table(spec, result32(0, static_cast<std::size_t>(spec.maxLen) * spec.dModel).data());
  return answer(s);
}

int learned_lookup(double maxLen, double dModel, double seed, double position) {
  LearnedLookup lookup;
  const Status s = make_learned_lookup(maxLen, dModel, seed, position, lookup);
  if (s.ok)
    learned_row(lookup.table, lookup.position, result32(0, static_cast<std::size_t>(lookup.table.dModel)).data());
  return answer(s);
}

RawSequence raw_sequence(double vocabSize, double dModel, double seed, int encoding, double base, int variant,
                         double start, double maxLen) {
  return {vocabSize, dModel, seed,  name_at(limits::encodings, encoding), name_at(limits::variants, variant),
          base,      start,  maxLen};
}

int embed(double vocabSize, double dModel, double seed, int encoding, double base, int variant, double start,
          double maxLen) {
  SequenceSpec spec;
  std::vector<int> ids;
  const std::vector<double>& tokens = exchange().tokens;
  const Status s = make_sequence_spec(raw_sequence(vocabSize, dModel, seed, encoding, base, variant, start, maxLen),
                                      tokens.data(), tokens.size(), spec, ids);
  if (s.ok) embed_sequence(spec, ids, result32(0, ids.size() * static_cast<std::size_t>(spec.embedding.dModel)).data());
  return answer(s);
}

// How many heads, and rope's options (rope on or off) and ALiBi's, as the JS layer passes them.
RawHeadOptions raw_heads(double heads, bool rope, double base, int layout, double rotaryDims, double scale,
                         double start, bool alibi) {
  return {heads, rope, base, name_at(limits::ropeLayouts, layout), rotaryDims, scale, start, alibi};
}

// Results: weights (slot 0), outputs (1), the scores softmax received (2); selfAttention also the
// queries and keys the scores come from (3, 4).
int attention_of(double n, double dK, double dV, int mask, double heads, bool rope, double base, int layout,
                 double rotaryDims, double scale, double start, bool alibi) {
  AttentionRequest r;
  const Status s = make_attention_request(n, dK, dV, name_at(limits::masks, mask),
                                          raw_heads(heads, rope, base, layout, rotaryDims, scale, start, alibi),
                                          floats_length(0), floats_length(1), floats_length(2), r);
  if (s.ok) {
    const auto rows = static_cast<std::size_t>(r.shape.n),
               matrices = static_cast<std::size_t>(r.heads.heads) * rows * rows;
    const AttentionTaps taps{result32(2, matrices).data()};
    attention(r.shape, floats(0).data(), floats(1).data(), floats(2).data(), r.mask, result32(0, matrices).data(),
              result32(1, rows * static_cast<std::size_t>(r.shape.dV)).data(), r.heads, taps);
  }
  return answer(s);
}

int self_attention_of(double n, double dModel, double dK, double seed, int mask, double heads, bool rope, double base,
                      int layout, double rotaryDims, double scale, double start, bool alibi) {
  SelfAttentionRequest r;
  const Status s =
      make_self_attention(n, dModel, dK, seed, name_at(limits::masks, mask),
                          raw_heads(heads, rope, base, layout, rotaryDims, scale, start, alibi), floats_length(0), r);
  if (s.ok) {
    const auto rows = static_cast<std::size_t>(r.shape.n),
               matrices = static_cast<std::size_t>(r.heads.heads) * rows * rows,
               width = rows * static_cast<std::size_t>(r.shape.dK);
    const AttentionTaps taps{result32(2, matrices).data(), result32(3, width).data(), result32(4, width).data()};
    self_attention(floats(0).data(), r.shape.n, r.dModel, r.shape.dK, r.seed, r.mask, result32(0, matrices).data(),
                   result32(1, width).data(), r.heads, taps);
  }
  return answer(s);
}

int rope_of(double n, double dHead, double base, int layout, double rotaryDims, double scale, double start) {
  RopeRequest r;
  const Status s = make_rope_request(n, dHead, base, name_at(limits::ropeLayouts, layout), rotaryDims, scale, start,
                                     floats_length(0), r);
  if (s.ok) {
    std::vector<float>& out = result32(0, floats(0).size());
    std::copy(floats(0).begin(), floats(0).end(), out.begin());
    apply_rope(r.spec, out.data(), r.n);
  }
  return answer(s);
}

int alibi_slopes_of(double heads) {
  int count = 0;
  const Status s = make_alibi_slopes_request(heads, count);
  if (s.ok) exchange().results64[0] = alibi_slopes(count);
  return answer(s);
}

int alibi_bias_of(double heads, double n, int mask) {
  AlibiBiasRequest r;
  const Status s = make_alibi_bias_request(heads, n, name_at(limits::biasMasks, mask), r);
  if (s.ok) {
    const auto rows = static_cast<std::size_t>(r.n);
    fill_alibi_bias(r, result32(0, static_cast<std::size_t>(r.heads) * rows * rows).data());
  }
  return answer(s);
}

int relative_offset(double positions, double dModel, double base, int variant, double start, double k) {
  OffsetRequest r;
  const Status s = make_offset_request(positions, dModel, base, name_at(limits::variants, variant), start, k, r);
  if (s.ok) {
    offset_blocks(r.spec, r.k, result32(0, static_cast<std::size_t>(pair_count(r.spec)) * 4).data());
    exchange().numbers[0] = offset_residual(r.spec, r.k);
  }
  return answer(s);
}

template <void (*Fill)(const float*, int, int, float*)>
int pair_matrix(double rows, double dModel, double outLength) {
  PairMatrixRequest r;
  const Status s = make_pair_matrix_request(floats_length(0), rows, dModel, outLength, r);
  if (s.ok) Fill(floats(0).data(), r.rows, r.dModel, result32(0, static_cast<std::size_t>(r.rows) * r.rows).data());
  return answer(s);
}

int properties_of(double positions, double dModel, double base, int variant, double start, double k) {
  OffsetRequest r;
  const Status s = make_properties_request(positions, dModel, base, name_at(limits::variants, variant), start, k, r);
  if (s.ok) {
    const Properties p = properties(r.spec, r.k);
    exchange().numbers = {
        p.minDistance, double(p.minDistanceP), double(p.minDistanceQ), p.maxAbsValue,       p.minNormSq,
        p.maxNormSq,   p.minOffsetDot,         p.maxOffsetDot,         p.offsetDotDeviation};
  }
  return answer(s);
}

void keep_run(const AttentionRun& run, int slot) {
  exchange().results32[static_cast<std::size_t>(slot)] = run.weights;
  exchange().results32[static_cast<std::size_t>(slot) + 1] = run.output;
}

int permutation(double vocabSize, double dModel, double seed, int encoding, double base, int variant, double start,
                double maxLen, double dK, double i, double j) {
  PermutationRequest r;
  const std::vector<double>& tokens = exchange().tokens;
  const Status s =
      make_permutation_request(raw_sequence(vocabSize, dModel, seed, encoding, base, variant, start, maxLen),
                               tokens.data(), tokens.size(), dK, i, j, r);
  if (s.ok) {
    const PermutationResult p = permutation_experiment(r.spec, r.tokens, r.dK, r.i, r.j);
    keep_run(p.withoutEncoding.original, 0), keep_run(p.withoutEncoding.swapped, 2);
    keep_run(p.withEncoding.original, 4), keep_run(p.withEncoding.swapped, 6);
    exchange().numbers[0] = p.withoutEncoding.relabelResidual;
    exchange().numbers[1] = p.withEncoding.relabelResidual;
  }
  return answer(s);
}

// The last call's status, one getter per field: plain numbers and the parameter's name (one of the
// core's own), so no JS object is built by Embind (a value object's fields are walked with for…in,
// which an enumerable key on Object.prototype breaks).
const Status& last_status() { return exchange().status; }
int status_rule() { return static_cast<int>(last_status().rule); }
std::string status_param() { return last_status().param; }
double status_got() { return last_status().got; }
double status_lo() { return last_status().lo; }
double status_hi() { return last_status().hi; }
double status_a() { return last_status().a; }
double status_b() { return last_status().b; }
double status_index() { return last_status().index; }
int status_cost() { return static_cast<int>(last_status().cost); }

// Every range, name list and cap of limits.hpp, for the JS layer's checks and messages. Built from
// constants only, once per module.
emscripten::val limits_of() {
  using bindings::names_of;
  using emscripten::val;
  val choices = val::object();
  choices.set("variant", names_of(limits::variants));
  choices.set("encoding", names_of(limits::encodings));
  choices.set("mask", names_of(limits::masks));
  choices.set("layout", names_of(limits::ropeLayouts));
  choices.set("alibiBias.mask", names_of(limits::biasMasks));  // alibiBias's own `mask` names
  val r = val::object();
  r.set("ranges", bindings::ranges_of({limits::positions, limits::dModel, limits::start, limits::seed, limits::maxLen,
                                       limits::position, limits::vocabSize, limits::sequence, limits::dK, limits::dV,
                                       limits::rows, limits::offset, limits::heads, limits::dHead, limits::rotaryDims},
                                      {limits::base, limits::scale}));
  r.set("choices", choices);
  r.set("maxElements", static_cast<double>(limits::maxElements));
  r.set("maxWork", limits::maxWork);
  return r;
}

}  // namespace

EMSCRIPTEN_BINDINGS(pelab) {
  using emscripten::function;
  function("limits", &limits_of);
  function("statusRule", &status_rule);
  function("statusParam", &status_param);
  function("statusGot", &status_got);
  function("statusLo", &status_lo);
  function("statusHi", &status_hi);
  function("statusA", &status_a);
  function("statusB", &status_b);
  function("statusIndex", &status_index);
  function("statusCost", &status_cost);
  function("reserveInput", &reserve_input);
  function("inputAddress", &input_address);
  function("resultAddress", &result_address);
  function("resultLength", &result_length);
  function("number", &number);
  function("sinusoidal", &sinusoidal);
  function("sinusoidalReference", &sinusoidal_reference);
  function("sinusoidalFloat32Angles", &sinusoidal_float32_angles);
  function("frequencies", &frequencies_of);
  function("learnedTable", &learned_table);
  function("learnedLookup", &learned_lookup);
  function("embed", &embed);
  function("attention", &attention_of);
  function("selfAttention", &self_attention_of);
  function("relativeOffset", &relative_offset);
  function("rope", &rope_of);
  function("alibiSlopes", &alibi_slopes_of);
  function("alibiBias", &alibi_bias_of);
  function("dotMatrix", &pair_matrix<dot_matrix>);
  function("distanceMatrix", &pair_matrix<distance_matrix>);
  function("properties", &properties_of);
  function("permutation", &permutation);
}
