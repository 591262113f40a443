// The lab's calls: each declares its options and results, and runs by asking the core's builder for a
// checked request, then its kernel, into the results it names.
#include <algorithm>
#include <cmath>

#include "calls.hpp"
#include "pelab/analysis/analysis.hpp"
#include "pelab/attention/alibi.hpp"
#include "pelab/attention/attention.hpp"
#include "pelab/attention/permutation.hpp"
#include "pelab/encodings/learned.hpp"
#include "pelab/encodings/relative.hpp"
#include "pelab/encodings/rope.hpp"
#include "pelab/encodings/rope_scaling.hpp"
#include "pelab/encodings/sequence.hpp"
#include "pelab/encodings/sinusoidal.hpp"
#include "pelab/validation/limits.hpp"
#include "scaling_options.hpp"

namespace pelab::bindings {
namespace {

// --- option groups several calls share (macros: parts of the constant arrays below) ------------

#define TABLE_OPTIONS                                                                                           \
  required("positions"), required("dModel"), number("base", 10000), name("variant", "paper", limits::variants), \
      number("start", 0)
#define SEQUENCE_OPTIONS                                                                          \
  required("tokens", Kind::tokens), required("vocabSize"), required("dModel"), number("seed", 0), \
      name("encoding", "sinusoidal", limits::encodings), number("base", 10000),                   \
      name("variant", "paper", limits::variants), number("start", 0), number("maxLen", 512)
// Heads, and how positions enter inside attention: rope's own options follow it (with rope off the core reads
// none of them; `scale` left out unless given, so that giving it with `scaling` is seen), then ALiBi.
#define HEAD_OPTIONS                                                                                           \
  number("heads", 1), optional("rope", Kind::group), number("rope.base", 10000),                               \
      name("rope.layout", "halves", limits::ropeLayouts), optional("rope.rotaryDims"), optional("rope.scale"), \
      number("rope.start", 0), SCALING_OPTIONS("rope.scaling", "rope.scale"), flag("alibi", false)
#define PAIR_OPTIONS required("table", Kind::floats), required("rows"), required("dModel"), optional("out", Kind::out)

double out_length(const CallIO& io) { return io.given("out") ? io.number("out") : kNoOut; }
double length_of(const std::vector<float>& v) { return static_cast<double>(v.size()); }

RawSequence raw_sequence(const CallIO& io) {
  return {io.number("vocabSize"), io.number("dModel"), io.number("seed"),  io.choice("encoding"),
          io.choice("variant"),   io.number("base"),   io.number("start"), io.number("maxLen")};
}

// Left out, rotaryDims is the head's width: `width` / heads (the core checks heads and the width first,
// so a bad one never reaches it).
RawHeadOptions raw_heads(const CallIO& io, double width) {
  const bool rope = io.given("rope");
  const double heads = io.number("heads");
  return {heads,
          rope,
          io.number("rope.base"),
          io.choice("rope.layout"),
          io.given("rope.rotaryDims") ? io.number("rope.rotaryDims") : width / heads,
          io.given("rope.scale") ? io.number("rope.scale") : 1,
          io.number("rope.start"),
          raw_scaling(io, "rope.scaling"),
          io.number("alibi") != 0};
}

// --- the calls ---------------------------------------------------------------------------------

Status sinusoidal(CallIO& io) {
  SinusoidalSpec spec;
  const Status s = make_table_request(io.number("positions"), io.number("dModel"), io.number("base"),
                                      io.choice("variant"), io.number("start"), out_length(io), spec);
  if (!s.ok) return s;
  // Given `out`, the table goes there piece by piece (out_pieces) rather than whole through wasm memory.
  if (OutPieces out = io.out_pieces("", static_cast<std::size_t>(piece_rows(spec.dModel)) * spec.dModel))
    fill_sinusoidal_in_pieces(spec, out.buffer, out.take);
  else fill_sinusoidal(spec, io.float32("", element_count(spec)).data());
  return s;
}

Status table_spec(const CallIO& io, SinusoidalSpec& spec) {
  return make_sinusoidal_spec(io.number("positions"), io.number("dModel"), io.number("base"), io.choice("variant"),
                              io.number("start"), spec);
}

Status sinusoidal_reference(CallIO& io) {
  SinusoidalSpec spec;
  const Status s = table_spec(io, spec);
  if (s.ok) fill_sinusoidal_reference(spec, io.float64("", element_count(spec)).data());
  return s;
}

Status sinusoidal_float32_angles(CallIO& io) {
  SinusoidalSpec spec;
  const Status s = table_spec(io, spec);
  if (s.ok) fill_sinusoidal_float32_angles(spec, io.float32("", element_count(spec)).data());
  return s;
}

Status frequencies_of(CallIO& io) {
  SinusoidalSpec spec;
  const Status s = make_frequency_spec(io.number("dModel"), io.number("base"), io.choice("variant"), spec);
  if (s.ok) {
    const std::vector<double> omega = frequencies(spec), wavelength = wavelengths(spec);
    std::copy(omega.begin(), omega.end(), io.float64("omega", omega.size()).begin());
    std::copy(wavelength.begin(), wavelength.end(), io.float64("wavelength", wavelength.size()).begin());
  }
  return s;
}

Status learned_table(CallIO& io) {
  LearnedSpec spec;
  const Status s =
      make_learned_table_request(io.number("maxLen"), io.number("dModel"), io.number("seed"), out_length(io), spec);
  if (s.ok) fill_learned_table(spec, io.float32("", static_cast<std::size_t>(spec.maxLen) * spec.dModel).data());
  return s;
}

Status learned_lookup(CallIO& io) {
  LearnedLookup lookup;
  const Status s =
      make_learned_lookup(io.number("maxLen"), io.number("dModel"), io.number("seed"), io.number("position"), lookup);
  if (s.ok)
    learned_row(lookup.table, lookup.position, io.float32("", static_cast<std::size_t>(lookup.table.dModel)).data());
  return s;
}

Status embed(CallIO& io) {
  SequenceSpec spec;
  std::vector<int> ids;
  const std::vector<double>& tokens = io.tokens("tokens");
  const Status s = make_sequence_spec(raw_sequence(io), tokens.data(), tokens.size(), spec, ids);
  if (s.ok)
    embed_sequence(spec, ids, io.float32("", ids.size() * static_cast<std::size_t>(spec.embedding.dModel)).data());
  return s;
}

Status attention_of(CallIO& io) {
  AttentionRequest r;
  const double dK = io.number("dK"), dV = io.given("dV") ? io.number("dV") : dK;
  const Status s =
      make_attention_request(io.number("n"), dK, dV, io.choice("mask"), raw_heads(io, dK), length_of(io.floats("q")),
                             length_of(io.floats("k")), length_of(io.floats("v")), r);
  if (s.ok) {
    const auto rows = static_cast<std::size_t>(r.shape.n),
               matrices = static_cast<std::size_t>(r.heads.heads) * rows * rows;
    const AttentionTaps taps{io.float32("scores", matrices).data()};
    attention(r.shape, io.floats("q").data(), io.floats("k").data(), io.floats("v").data(), r.mask,
              io.float32("weights", matrices).data(),
              io.float32("output", rows * static_cast<std::size_t>(r.shape.dV)).data(), r.heads, taps);
  }
  return s;
}

Status self_attention_of(CallIO& io) {
  SelfAttentionRequest r;
  const double dK = io.number("dK");
  const Status s = make_self_attention(io.number("n"), io.number("dModel"), dK, io.number("seed"), io.choice("mask"),
                                       raw_heads(io, dK), length_of(io.floats("x")), r);
  if (s.ok) {
    const auto rows = static_cast<std::size_t>(r.shape.n),
               matrices = static_cast<std::size_t>(r.heads.heads) * rows * rows,
               width = rows * static_cast<std::size_t>(r.shape.dK);
    const AttentionTaps taps{io.float32("scores", matrices).data(), io.float32("q", width).data(),
                             io.float32("k", width).data()};
    self_attention(io.floats("x").data(), r.shape.n, r.dModel, r.shape.dK, r.seed, r.mask,
                   io.float32("weights", matrices).data(), io.float32("output", width).data(), r.heads, taps);
  }
  return s;
}

Status rope_of(CallIO& io) {
  RopeRequest r;
  const double dHead = io.number("dHead");
  const std::vector<float>& x = io.floats("x");
  const Status s = make_rope_request(io.number("n"), dHead, io.number("base"), io.choice("layout"),
                                     io.given("rotaryDims") ? io.number("rotaryDims") : dHead,
                                     io.given("scale") ? io.number("scale") : 1, io.number("start"), length_of(x), r,
                                     raw_scaling(io, "scaling"));
  if (s.ok) {
    std::vector<float>& out = io.float32("", x.size());
    std::copy(x.begin(), x.end(), out.begin());
    apply_rope(r.spec, out.data(), r.n);
  }
  return s;
}

Status rope_frequencies_of(CallIO& io) {
  RopeFrequenciesRequest r;
  const double dHead = io.number("dHead");
  const Status s =
      make_rope_frequencies_request(dHead, io.number("base"), io.given("rotaryDims") ? io.number("rotaryDims") : dHead,
                                    raw_scaling(io, "scaling"), r);
  if (s.ok) {
    const ScaledFrequencies f = scaled_frequencies(r.rotaryDims, r.base, r.scaling);
    std::copy(f.invFreq.begin(), f.invFreq.end(), io.float64("invFreq", f.invFreq.size()).begin());
    io.set("attentionFactor", f.attentionFactor);
  }
  return s;
}

Status alibi_slopes_of(CallIO& io) {
  int count = 0;
  const Status s = make_alibi_slopes_request(io.number("heads"), count);
  if (s.ok) {
    const std::vector<double> slopes = alibi_slopes(count);
    std::copy(slopes.begin(), slopes.end(), io.float64("", slopes.size()).begin());
  }
  return s;
}

Status alibi_bias_of(CallIO& io) {
  AlibiBiasRequest r;
  const Status s = make_alibi_bias_request(io.number("heads"), io.number("n"), io.choice("mask"), r);
  if (s.ok) {
    const auto rows = static_cast<std::size_t>(r.n);
    fill_alibi_bias(r, io.float32("", static_cast<std::size_t>(r.heads) * rows * rows).data());
  }
  return s;
}

Status relative_offset(CallIO& io) {
  OffsetRequest r;
  const Status s = make_offset_request(io.number("positions"), io.number("dModel"), io.number("base"),
                                       io.choice("variant"), io.number("start"), io.number("k"), r);
  if (s.ok) {
    offset_blocks(r.spec, r.k, io.float32("blocks", static_cast<std::size_t>(pair_count(r.spec)) * 4).data());
    io.set("maxResidual", offset_residual(r.spec, r.k));
  }
  return s;
}

template <void (*Fill)(const float*, int, int, float*)>
Status pair_matrix(CallIO& io) {
  PairMatrixRequest r;
  const std::vector<float>& table = io.floats("table");
  const Status s =
      make_pair_matrix_request(length_of(table), io.number("rows"), io.number("dModel"), out_length(io), r);
  if (s.ok) Fill(table.data(), r.rows, r.dModel, io.float32("", static_cast<std::size_t>(r.rows) * r.rows).data());
  return s;
}

Status properties_of(CallIO& io) {
  OffsetRequest r;
  const Status s = make_properties_request(io.number("positions"), io.number("dModel"), io.number("base"),
                                           io.choice("variant"), io.number("start"), io.number("k"), r);
  if (s.ok) {
    const Properties p = properties(r.spec, r.k);
    io.set("minDistance", p.minDistance);
    io.set("minDistancePositions.0", p.minDistanceP);
    io.set("minDistancePositions.1", p.minDistanceQ);
    io.set("maxAbsValue", p.maxAbsValue);
    io.set("minNormSq", p.minNormSq);
    io.set("maxNormSq", p.maxNormSq);
    io.set("minOffsetDot", p.minOffsetDot);
    io.set("maxOffsetDot", p.maxOffsetDot);
    io.set("offsetDotDeviation", p.offsetDotDeviation);
  }
  return s;
}

// Where one arm of the experiment goes in the answer.
struct ArmPaths {
  const char *originalWeights, *originalOutput, *swappedWeights, *swappedOutput, *residual;
};
constexpr ArmPaths kWithout{"withoutEncoding.original.weights", "withoutEncoding.original.output",
                            "withoutEncoding.swapped.weights", "withoutEncoding.swapped.output",
                            "withoutEncoding.relabelResidual"};
constexpr ArmPaths kWith{"withEncoding.original.weights", "withEncoding.original.output",
                         "withEncoding.swapped.weights", "withEncoding.swapped.output", "withEncoding.relabelResidual"};

void keep(CallIO& io, const char* path, const std::vector<float>& values) {
  std::vector<float>& out = io.float32(path, values.size());
  std::copy(values.begin(), values.end(), out.begin());
}

void keep_arm(CallIO& io, const ArmPaths& at, const PermutationArm& p) {
  keep(io, at.originalWeights, p.original.weights);
  keep(io, at.originalOutput, p.original.output);
  keep(io, at.swappedWeights, p.swapped.weights);
  keep(io, at.swappedOutput, p.swapped.output);
  io.set(at.residual, p.relabelResidual);
}

Status permutation(CallIO& io) {
  PermutationRequest r;
  const std::vector<double>& tokens = io.tokens("tokens");
  const Status s = make_permutation_request(raw_sequence(io), tokens.data(), tokens.size(), io.number("dK"),
                                            io.number("swap"), io.second("swap"), r);
  if (s.ok) {
    const PermutationResult p = permutation_experiment(r.spec, r.tokens, r.dK, r.i, r.j);
    keep_arm(io, kWithout, p.withoutEncoding);
    keep_arm(io, kWith, p.withEncoding);
  }
  return s;
}

// --- the table ---------------------------------------------------------------------------------

constexpr Option kSinusoidal[] = {TABLE_OPTIONS, optional("out", Kind::out)};
constexpr Option kTable[] = {TABLE_OPTIONS};
constexpr Option kFrequencies[] = {required("dModel"), number("base", 10000),
                                   name("variant", "paper", limits::variants)};
constexpr Option kLearnedTable[] = {required("maxLen"), required("dModel"), number("seed", 0),
                                    optional("out", Kind::out)};
constexpr Option kLearnedLookup[] = {required("maxLen"), required("dModel"), number("seed", 0), required("position")};
constexpr Option kSequence[] = {SEQUENCE_OPTIONS};
constexpr Option kAttention[] = {required("q", Kind::floats),
                                 required("k", Kind::floats),
                                 required("v", Kind::floats),
                                 required("n"),
                                 required("dK"),
                                 optional("dV"),
                                 name("mask", "none", limits::masks),
                                 HEAD_OPTIONS};
constexpr Option kSelfAttention[] = {
    required("x", Kind::floats),         required("n"), required("dModel"), required("dK"), number("seed", 0),
    name("mask", "none", limits::masks), HEAD_OPTIONS};
// (Rope's own options, `scale` left out unless given, so that giving it with `scaling` is seen.)
constexpr Option kRope[] = {required("x", Kind::floats),
                            required("n"),
                            required("dHead"),
                            number("base", 10000),
                            name("layout", "halves", limits::ropeLayouts),
                            optional("rotaryDims"),
                            optional("scale"),
                            number("start", 0),
                            SCALING_OPTIONS("scaling", "scale")};
constexpr Option kRopeFrequencies[] = {required("dHead"), number("base", 10000), optional("rotaryDims"),
                                       SCALING_OPTIONS("scaling", "")};
constexpr Option kAlibiSlopes[] = {required("heads")};
constexpr Option kAlibiBias[] = {required("heads"), required("n"), name("mask", "none", limits::biasMasks)};
constexpr Option kRelativeOffset[] = {TABLE_OPTIONS, required("k")};
constexpr Option kPairs[] = {PAIR_OPTIONS};
constexpr Option kProperties[] = {TABLE_OPTIONS, number("k", 1)};
constexpr Option kPermutation[] = {SEQUENCE_OPTIONS, required("dK"), required("swap", Kind::pair)};

constexpr Result kFloat32[] = {{"", Shape::float32}};
constexpr Result kFloat64[] = {{"", Shape::float64}};
constexpr Result kOmega[] = {{"omega", Shape::float64}, {"wavelength", Shape::float64}};
constexpr Result kScaledFrequencies[] = {{"invFreq", Shape::float64}, {"attentionFactor", Shape::number}};
constexpr Result kScored[] = {{"weights", Shape::float32}, {"output", Shape::float32}, {"scores", Shape::float32}};
constexpr Result kProjected[] = {{"weights", Shape::float32},
                                 {"output", Shape::float32},
                                 {"scores", Shape::float32},
                                 {"q", Shape::float32},
                                 {"k", Shape::float32}};
constexpr Result kBlocks[] = {{"blocks", Shape::float32}, {"maxResidual", Shape::number}};
constexpr Result kPropertyResults[] = {{"minDistance", Shape::number},
                                       {"minDistancePositions.0", Shape::number},
                                       {"minDistancePositions.1", Shape::number},
                                       {"maxAbsValue", Shape::number},
                                       {"minNormSq", Shape::number},
                                       {"maxNormSq", Shape::number},
                                       {"minOffsetDot", Shape::number},
                                       {"maxOffsetDot", Shape::number},
                                       {"offsetDotDeviation", Shape::number}};
constexpr Result kArms[] = {{kWithout.originalWeights, Shape::float32}, {kWithout.originalOutput, Shape::float32},
                            {kWithout.swappedWeights, Shape::float32},  {kWithout.swappedOutput, Shape::float32},
                            {kWithout.residual, Shape::number},         {kWith.originalWeights, Shape::float32},
                            {kWith.originalOutput, Shape::float32},     {kWith.swappedWeights, Shape::float32},
                            {kWith.swappedOutput, Shape::float32},      {kWith.residual, Shape::number}};

}  // namespace

const std::vector<Call>& lab_calls() {
  static const std::vector<Call> table{
      {"sinusoidal", "lab", kSinusoidal, kFloat32, sinusoidal},
      {"sinusoidalReference", "lab", kTable, kFloat64, sinusoidal_reference},
      {"sinusoidalFloat32Angles", "lab", kTable, kFloat32, sinusoidal_float32_angles},
      {"frequencies", "lab", kFrequencies, kOmega, frequencies_of},
      {"learnedTable", "lab", kLearnedTable, kFloat32, learned_table},
      {"learnedLookup", "lab", kLearnedLookup, kFloat32, learned_lookup},
      {"embed", "lab", kSequence, kFloat32, embed},
      {"attention", "lab", kAttention, kScored, attention_of},
      {"selfAttention", "lab", kSelfAttention, kProjected, self_attention_of},
      {"rope", "lab", kRope, kFloat32, rope_of},
      {"ropeFrequencies", "lab", kRopeFrequencies, kScaledFrequencies, rope_frequencies_of},
      {"alibiSlopes", "lab", kAlibiSlopes, kFloat64, alibi_slopes_of},
      {"alibiBias", "lab", kAlibiBias, kFloat32, alibi_bias_of},
      {"relativeOffset", "lab", kRelativeOffset, kBlocks, relative_offset},
      {"dotMatrix", "lab", kPairs, kFloat32, pair_matrix<dot_matrix>},
      {"distanceMatrix", "lab", kPairs, kFloat32, pair_matrix<distance_matrix>},
      {"properties", "lab", kProperties, kPropertyResults, properties_of},
      {"permutation", "lab", kPermutation, kArms, permutation},
  };
  return table;
}

}  // namespace pelab::bindings
