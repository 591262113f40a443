// Embind glue and nothing else: read the JS layer's already-typed options, let the core validate
// them, run the core, and hand back either fresh typed arrays or {param, message}. No C++ exception
// ever crosses this boundary (it would reach JS as a bare number); statuses do instead.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <string>
#include <vector>

#include "pelab/analysis/analysis.hpp"
#include "pelab/attention/attention.hpp"
#include "pelab/encodings/learned.hpp"
#include "pelab/validation/limits.hpp"
#include "pelab/attention/permutation.hpp"
#include "pelab/encodings/relative.hpp"
#include "pelab/encodings/sequence.hpp"
#include "pelab/encodings/sinusoidal.hpp"

using emscripten::val;
using namespace pelab;

namespace {

double num(const val& o, const char* key) { return o[key].as<double>(); }
std::string str(const val& o, const char* key) { return o[key].as<std::string>(); }

val failure(const Status& s) {
  val r = val::object();
  r.set("param", s.param);
  r.set("message", s.message);
  return r;
}

// A JS-owned copy (never a view of wasm memory, which memory growth would detach). Allocating by
// length and then set() is about twice as fast in V8 as constructing from the view.
template <typename T>
val copy_out(const char* array_type, const T* data, std::size_t n) {
  val copy = val::global(array_type).new_(n);
  copy.call<void>("set", emscripten::typed_memory_view(n, data));
  return copy;
}

// Fills the caller's `out` when given (its length checked), else a new Float32Array.
val deliver(const std::vector<float>& data, const val& out) {
  if (out.isUndefined()) return copy_out("Float32Array", data.data(), data.size());
  out.call<void>("set", emscripten::typed_memory_view(data.size(), data.data()));
  return out;
}

Status check_out(const val& o, std::size_t expected) {
  const val out = o["out"];
  if (out.isUndefined()) return Status::fine();
  return check_length("out", out["length"].as<std::size_t>(), expected);
}

Status read_sinusoidal(const val& o, SinusoidalSpec& spec) {
  return make_sinusoidal_spec(num(o, "positions"), num(o, "dModel"), num(o, "base"), str(o, "variant"),
                              num(o, "start"), spec);
}

// A scratch buffer reused across calls, so repeated calls settle at one size instead of growing.
std::vector<float>& scratch(std::size_t n) {
  static std::vector<float> buffer;
  buffer.resize(n);
  return buffer;
}

val sinusoidal(const val& o) {
  SinusoidalSpec spec;
  Status s = read_sinusoidal(o, spec);
  if (s.ok) s = check_out(o, element_count(spec));
  if (!s.ok) return failure(s);
  std::vector<float>& t = scratch(element_count(spec));
  fill_sinusoidal(spec, t.data());
  return deliver(t, o["out"]);
}

val sinusoidal_reference(const val& o) {
  SinusoidalSpec spec;
  if (Status s = read_sinusoidal(o, spec); !s.ok) return failure(s);
  std::vector<double> t(element_count(spec));
  fill_sinusoidal_reference(spec, t.data());
  return copy_out("Float64Array", t.data(), t.size());
}

val sinusoidal_float32_angles(const val& o) {
  SinusoidalSpec spec;
  if (Status s = read_sinusoidal(o, spec); !s.ok) return failure(s);
  std::vector<float> t(element_count(spec));
  fill_sinusoidal_float32_angles(spec, t.data());
  return copy_out("Float32Array", t.data(), t.size());
}

val frequencies_of(const val& o) {
  SinusoidalSpec spec;
  if (Status s = read_sinusoidal(o, spec); !s.ok) return failure(s);
  const std::vector<double> omega = frequencies(spec), wave = wavelengths(spec);
  val r = val::object();
  r.set("omega", copy_out("Float64Array", omega.data(), omega.size()));
  r.set("wavelength", copy_out("Float64Array", wave.data(), wave.size()));
  return r;
}

val learned_table(const val& o) {
  LearnedSpec spec;
  Status s = make_learned_spec(num(o, "maxLen"), num(o, "dModel"), num(o, "seed"), spec);
  if (s.ok) s = check_out(o, static_cast<std::size_t>(spec.maxLen) * spec.dModel);
  if (!s.ok) return failure(s);
  std::vector<float>& t = scratch(static_cast<std::size_t>(spec.maxLen) * spec.dModel);
  fill_learned_table(spec, t.data());
  return deliver(t, o["out"]);
}

val learned_lookup(const val& o) {
  LearnedSpec spec;
  Status s = make_learned_spec(num(o, "maxLen"), num(o, "dModel"), num(o, "seed"), spec);
  if (s.ok) s = check_learned_position(spec, num(o, "position"));
  if (!s.ok) return failure(s);
  std::vector<float> row(static_cast<std::size_t>(spec.dModel));
  learned_row(spec, static_cast<int>(num(o, "position")), row.data());
  return copy_out("Float32Array", row.data(), row.size());
}

Status read_sequence(const val& o, SequenceSpec& spec, std::vector<int>& tokens) {
  Status s = make_embedding_spec(num(o, "vocabSize"), num(o, "dModel"), num(o, "seed"), spec.embedding);
  if (s.ok) s = make_tokens(spec.embedding, emscripten::convertJSArrayToNumberVector<double>(o["tokens"]), tokens);
  if (s.ok) s = parse_encoding(str(o, "encoding"), spec.encoding);
  if (s.ok) s = parse_variant(str(o, "variant"), spec.variant);
  if (s.ok) s = first_error(check(limits::base, num(o, "base")), check(limits::start, num(o, "start")),
                            check(limits::maxLen, num(o, "maxLen")));
  if (!s.ok) return s;
  spec.base = num(o, "base");
  spec.start = static_cast<int>(num(o, "start"));
  spec.learned.maxLen = static_cast<int>(num(o, "maxLen"));
  return check_sequence(spec, static_cast<int>(tokens.size()));
}

val embed(const val& o) {
  SequenceSpec spec;
  std::vector<int> tokens;
  if (Status s = read_sequence(o, spec, tokens); !s.ok) return failure(s);
  std::vector<float> x(tokens.size() * static_cast<std::size_t>(spec.embedding.dModel));
  embed_sequence(spec, tokens, x.data());
  return copy_out("Float32Array", x.data(), x.size());
}

val attention_result(const std::vector<float>& weights, const std::vector<float>& output) {
  val r = val::object();
  r.set("weights", copy_out("Float32Array", weights.data(), weights.size()));
  r.set("output", copy_out("Float32Array", output.data(), output.size()));
  return r;
}

val attention_of(const val& o) {
  AttentionShape shape;
  Mask mask;
  Status s = make_attention_shape(num(o, "n"), num(o, "dK"), num(o, "dV"), shape);
  if (s.ok) s = parse_mask(str(o, "mask"), mask);
  if (!s.ok) return failure(s);
  const auto q = emscripten::convertJSArrayToNumberVector<float>(o["q"]);
  const auto k = emscripten::convertJSArrayToNumberVector<float>(o["k"]);
  const auto v = emscripten::convertJSArrayToNumberVector<float>(o["v"]);
  const std::size_t n = static_cast<std::size_t>(shape.n);
  s = first_error(check_length("q", q.size(), n * shape.dK), check_length("k", k.size(), n * shape.dK),
                  check_length("v", v.size(), n * shape.dV));
  if (!s.ok) return failure(s);
  std::vector<float> weights(n * n), output(n * shape.dV);
  attention(shape, q.data(), k.data(), v.data(), mask, weights.data(), output.data());
  return attention_result(weights, output);
}

val self_attention_of(const val& o) {
  AttentionShape shape;
  Mask mask;
  Status s = make_attention_shape(num(o, "n"), num(o, "dK"), num(o, "dK"), shape);
  if (s.ok) s = first_error(check(limits::dModel, num(o, "dModel")), check(limits::seed, num(o, "seed")));
  if (s.ok) s = check_self_attention(shape, num(o, "dModel"));
  if (s.ok) s = parse_mask(str(o, "mask"), mask);
  if (!s.ok) return failure(s);
  const int d = static_cast<int>(num(o, "dModel"));
  const auto x = emscripten::convertJSArrayToNumberVector<float>(o["x"]);
  const std::size_t n = static_cast<std::size_t>(shape.n);
  if (s = check_length("x", x.size(), n * d); !s.ok) return failure(s);
  std::vector<float> weights(n * n), output(n * shape.dK);
  self_attention(x.data(), shape.n, d, shape.dK, static_cast<std::uint32_t>(num(o, "seed")), mask, weights.data(),
                 output.data());
  return attention_result(weights, output);
}

val relative_offset(const val& o) {
  SinusoidalSpec spec;
  Status s = read_sinusoidal(o, spec);
  if (s.ok) s = check_offset(spec, num(o, "k"));
  if (!s.ok) return failure(s);
  const int k = static_cast<int>(num(o, "k"));
  std::vector<float> blocks(static_cast<std::size_t>(pair_count(spec)) * 4);
  offset_blocks(spec, k, blocks.data());
  val r = val::object();
  r.set("blocks", copy_out("Float32Array", blocks.data(), blocks.size()));
  r.set("maxResidual", offset_residual(spec, k));
  return r;
}

template <void (*Fill)(const float*, int, int, float*)>
val pair_matrix(const val& o) {
  const auto table = emscripten::convertJSArrayToNumberVector<float>(o["table"]);
  int rows = 0, d = 0;
  Status s = check_table(table.size(), num(o, "rows"), num(o, "dModel"), rows, d);
  if (s.ok) s = check_out(o, static_cast<std::size_t>(rows) * rows);
  if (!s.ok) return failure(s);
  std::vector<float>& m = scratch(static_cast<std::size_t>(rows) * rows);
  Fill(table.data(), rows, d, m.data());
  return deliver(m, o["out"]);
}

val properties_of(const val& o) {
  SinusoidalSpec spec;
  Status s = read_sinusoidal(o, spec);
  if (s.ok) s = check_properties(spec, num(o, "k"));
  if (!s.ok) return failure(s);
  const Properties p = properties(spec, static_cast<int>(num(o, "k")));
  val r = val::object();
  r.set("minDistance", p.minDistance);
  r.set("minDistancePositions", val::array(std::vector<int>{p.minDistanceP, p.minDistanceQ}));
  r.set("maxAbsValue", p.maxAbsValue);
  r.set("minNormSq", p.minNormSq);
  r.set("maxNormSq", p.maxNormSq);
  r.set("minOffsetDot", p.minOffsetDot);
  r.set("maxOffsetDot", p.maxOffsetDot);
  r.set("offsetDotDeviation", p.offsetDotDeviation);
  return r;
}

val arm_result(const PermutationArm& a) {
  val r = val::object();
  r.set("original", attention_result(a.original.weights, a.original.output));
  r.set("swapped", attention_result(a.swapped.weights, a.swapped.output));
  r.set("relabelResidual", a.relabelResidual);
  return r;
}

val permutation(const val& o) {
  SequenceSpec spec;
  std::vector<int> tokens;
  Status s = read_sequence(o, spec, tokens);
  if (s.ok) s = check_permutation(spec, static_cast<int>(tokens.size()));
  AttentionShape shape;
  if (s.ok) s = make_attention_shape(static_cast<double>(tokens.size()), num(o, "dK"), num(o, "dK"), shape);
  if (s.ok) s = check_self_attention(shape, spec.embedding.dModel);
  if (s.ok) s = check_swap(static_cast<int>(tokens.size()), num(o, "i"), num(o, "j"));
  if (!s.ok) return failure(s);
  const PermutationResult r = permutation_experiment(spec, tokens, static_cast<int>(num(o, "dK")),
                                                     static_cast<int>(num(o, "i")), static_cast<int>(num(o, "j")));
  val out = val::object();
  out.set("withoutEncoding", arm_result(r.withoutEncoding));
  out.set("withEncoding", arm_result(r.withEncoding));
  return out;
}

// The allowed range of every parameter, so the JS layer's TypeErrors quote the same text.
val param_ranges() {
  val r = val::object();
  for (const IntParam& p : {limits::positions, limits::dModel, limits::start, limits::seed, limits::maxLen,
                            limits::position, limits::vocabSize, limits::sequence, limits::dK, limits::dV,
                            limits::rows, limits::offset})
    r.set(p.name, describe(p));
  r.set(limits::base.name, describe(limits::base));
  r.set("maxElements", static_cast<double>(limits::maxElements));
  return r;
}

}  // namespace

EMSCRIPTEN_BINDINGS(pelab) {
  emscripten::function("paramRanges", &param_ranges);
  emscripten::function("sinusoidal", &sinusoidal);
  emscripten::function("sinusoidalReference", &sinusoidal_reference);
  emscripten::function("sinusoidalFloat32Angles", &sinusoidal_float32_angles);
  emscripten::function("frequencies", &frequencies_of);
  emscripten::function("learnedTable", &learned_table);
  emscripten::function("learnedLookup", &learned_lookup);
  emscripten::function("embed", &embed);
  emscripten::function("attention", &attention_of);
  emscripten::function("selfAttention", &self_attention_of);
  emscripten::function("relativeOffset", &relative_offset);
  emscripten::function("dotMatrix", &pair_matrix<dot_matrix>);
  emscripten::function("distanceMatrix", &pair_matrix<distance_matrix>);
  emscripten::function("properties", &properties_of);
  emscripten::function("permutation", &permutation);
}
