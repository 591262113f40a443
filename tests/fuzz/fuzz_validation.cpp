// Every validator of the core against an independent oracle: for arbitrary numbers and names, it
// must accept exactly what the limits allow, name the first offending parameter, and (on success)
// hand back exactly the values it was given. No kernel runs here; see the other fuzz_* targets.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "fuzz_common.hpp"
#include "pelab/analysis/analysis.hpp"
#include "pelab/attention/attention.hpp"
#include "pelab/attention/permutation.hpp"
#include "pelab/encodings/embeddings.hpp"
#include "pelab/encodings/learned.hpp"
#include "pelab/encodings/relative.hpp"
#include "pelab/encodings/rope.hpp"
#include "pelab/encodings/sequence.hpp"
#include "pelab/encodings/sinusoidal.hpp"
#include "pelab/validation/limits.hpp"

using namespace pelab;
using fuzz::expect_status;
using fuzz::expect_well_formed;
using fuzz::int_in;

namespace {

constexpr double kMaxElements = static_cast<double>(limits::maxElements);

// A failed range check carries the value it got bit for bit (the JS layer quotes it as JS writes
// it), and the bounds it was held to.
template <typename Param>
void expect_quoted(const Status& s, const Param& p, double value) {
  if (s.ok) return;
  FUZZ_ASSERT(std::isnan(value) ? std::isnan(s.got) : s.got == value);
  FUZZ_ASSERT(s.lo == static_cast<double>(p.lo) && s.hi == static_cast<double>(p.hi));
}

bool is_variant(const std::string& s) { return s == "paper" || s == "halves" || s == "tensor2tensor"; }

bool in_range(const IntParam& p, double v) { return int_in(v, static_cast<double>(p.lo), static_cast<double>(p.hi)); }
bool in_range(const RealParam& p, double v) { return std::isfinite(v) && v >= p.lo && v <= p.hi; }

// nullptr when make_sinusoidal_spec must accept, else the parameter it must name.
const char* sinusoidal_oracle(double P, double D, double B, const std::string& variant, double S) {
  if (!in_range(limits::positions, P)) return "positions";
  if (!in_range(limits::dModel, D)) return "dModel";
  if (!in_range(limits::base, B)) return "base";
  if (!in_range(limits::start, S)) return "start";
  if (!is_variant(variant)) return "variant";
  if (variant == "paper" && std::fmod(D, 2.0) != 0) return "dModel";
  if (P * D > kMaxElements) return "positions";
  if (S + P - 1 > 1e6) return "start";
  return nullptr;
}

// Builds a valid sinusoidal spec from the input, or returns false.
bool sinusoidal(fuzz::Input& in, SinusoidalSpec& spec) {
  const double P = in.number(), D = in.number(), B = in.byte() % 2 ? 10000.0 : in.number(), S = in.number();
  const std::string variant = in.text();
  const char* expected = sinusoidal_oracle(P, D, B, variant, S);
  SinusoidalSpec out{-7, -7, -7.0, Variant::halves, -7};
  const Status s = make_sinusoidal_spec(P, D, B, variant, S, out);
  expect_status(s, expected == nullptr, expected);
  if (!s.ok) return false;
  FUZZ_ASSERT(out.positions == P && out.dModel == D && out.base == B && out.start == S);
  FUZZ_ASSERT(variant_name(out.variant) == variant);
  expect_status(check_table(out), true, nullptr);
  // frequencies: one per pair, in (0, 1], non-increasing.
  const std::vector<double> omega = frequencies(out);
  FUZZ_ASSERT(omega.size() == static_cast<std::size_t>(out.dModel / 2));
  for (std::size_t i = 0; i < omega.size(); ++i) {
    FUZZ_ASSERT(std::isfinite(omega[i]) && omega[i] > 0 && omega[i] <= 1.0);
    if (i > 0) FUZZ_ASSERT(omega[i] <= omega[i - 1]);
  }
  spec = out;
  return true;
}

void offset_and_properties(fuzz::Input& in) {
  SinusoidalSpec spec;
  if (!sinusoidal(in, spec)) return;
  const double k = in.number();
  const char* offset_expected = nullptr;
  if (!in_range(limits::offset, k)) offset_expected = "k";
  else if (sinusoidal_oracle(spec.positions + k, spec.dModel, spec.base, variant_name(spec.variant), spec.start))
    offset_expected = "k";
  expect_status(check_offset(spec, k), offset_expected == nullptr, offset_expected);

  const char* properties_expected = offset_expected;
  if (!properties_expected && double(spec.positions) * spec.positions * spec.dModel > double(1 << 28))
    properties_expected = "positions";
  expect_status(check_properties(spec, k), properties_expected == nullptr, properties_expected);
}

void learned(fuzz::Input& in) {
  const double M = in.number(), D = in.number(), seed = in.number();
  const char* expected = nullptr;
  if (!in_range(limits::maxLen, M)) expected = "maxLen";
  else if (!in_range(limits::dModel, D)) expected = "dModel";
  else if (!in_range(limits::seed, seed)) expected = "seed";
  else if (M * D > kMaxElements) expected = "maxLen";
  LearnedSpec spec{-7, -7, 7};
  const Status s = make_learned_spec(M, D, seed, spec);
  expect_status(s, expected == nullptr, expected);
  if (!s.ok) return;
  FUZZ_ASSERT(spec.maxLen == M && spec.dModel == D && spec.seed == seed);
  for (int i = 0; i < 4 && !in.empty(); ++i) {
    const double position = in.number();
    const bool ok = in_range(limits::position, position) && position < spec.maxLen;
    expect_status(check_learned_position(spec, position), ok, "position");
  }
}

bool embedding(fuzz::Input& in, EmbeddingSpec& spec) {
  const double V = in.number(), D = in.number(), seed = in.number();
  const char* expected = nullptr;
  if (!in_range(limits::vocabSize, V)) expected = "vocabSize";
  else if (!in_range(limits::dModel, D)) expected = "dModel";
  else if (!in_range(limits::seed, seed)) expected = "seed";
  const Status s = make_embedding_spec(V, D, seed, spec);
  expect_status(s, expected == nullptr, expected);
  if (!s.ok) return false;
  FUZZ_ASSERT(spec.vocabSize == V && spec.dModel == D && spec.seed == seed);
  return true;
}

void tokens(fuzz::Input& in) {
  EmbeddingSpec spec;
  if (!embedding(in, spec)) return;
  // Mostly short lists; sometimes the empty list or one longer than allowed.
  std::size_t count = in.byte() % 20;
  if (in.byte() % 16 == 0) count = in.byte() % 2 ? 0 : 2049;
  std::vector<double> raw(count);
  for (double& t : raw) t = in.byte() % 4 ? static_cast<double>(in.byte() % 24) : in.number();
  std::vector<int> out;
  const Status s = make_tokens(spec, raw.data(), raw.size(), out);
  if (count < 1 || count > 2048) {
    expect_status(s, false, "tokens");
    FUZZ_ASSERT(s.rule == Rule::count && s.got == static_cast<double>(count));
    return;
  }
  std::size_t bad = raw.size();
  for (std::size_t i = 0; i < raw.size() && bad == raw.size(); ++i)
    if (!int_in(raw[i], 0, spec.vocabSize - 1)) bad = i;
  expect_status(s, bad == raw.size(), "tokens");
  if (!s.ok) {
    FUZZ_ASSERT(s.rule == Rule::token && s.index == static_cast<double>(bad));
    return;
  }
  FUZZ_ASSERT(out.size() == raw.size());
  for (std::size_t i = 0; i < raw.size(); ++i) FUZZ_ASSERT(out[i] == raw[i]);
}

void attention_shape(fuzz::Input& in) {
  const double n = in.number(), dK = in.number(), dV = in.number();
  const char* expected = nullptr;
  if (!in_range(limits::sequence, n)) expected = "n";
  else if (!in_range(limits::dK, dK)) expected = "dK";
  else if (!in_range(limits::dV, dV)) expected = "dV";
  AttentionShape shape{-7, -7, -7};
  const Status s = make_attention_shape(n, dK, dV, shape);
  expect_status(s, expected == nullptr, expected);
  if (s.ok) FUZZ_ASSERT(shape.n == n && shape.dK == dK && shape.dV == dV);
}

// lab.rope's request: n, dHead, base, layout, rotaryDims (range, then even and within the head),
// scale, start, the last position, x's length, each by its own oracle.
void rope_request(fuzz::Input& in) {
  const double n = in.number(), dHead = in.number(), base = in.byte() % 2 ? 10000.0 : in.number();
  const std::string layout = in.byte() % 4 ? (in.byte() % 2 ? "halves" : "interleaved") : in.text();
  const double rotaryDims = in.number(), scale = in.byte() % 2 ? 1.0 : in.number(), start = in.number();
  const double length = in.byte() % 4 ? n * dHead : in.number();
  const bool integer =
      std::isfinite(rotaryDims) && std::floor(rotaryDims) == rotaryDims && rotaryDims >= 0 && rotaryDims <= 4096;
  const char* expected = nullptr;
  if (!in_range(limits::sequence, n)) expected = "n";
  else if (!in_range(limits::dHead, dHead)) expected = "dHead";
  else if (!in_range(limits::base, base)) expected = "base";
  else if (layout != "halves" && layout != "interleaved") expected = "layout";
  else if (!integer || std::fmod(rotaryDims, 2) != 0 || rotaryDims < 2 || rotaryDims > dHead) expected = "rotaryDims";
  else if (!in_range(limits::scale, scale)) expected = "scale";
  else if (!in_range(limits::start, start) || start + n - 1 > limits::start.hi) expected = "start";
  else if (length != n * dHead) expected = "x";
  RopeRequest r;
  const Status s = make_rope_request(n, dHead, base, layout, rotaryDims, scale, start, length, r);
  expect_status(s, expected == nullptr, expected);
  if (s.ok)
    FUZZ_ASSERT(r.n == n && r.spec.dHead == dHead && r.spec.base == base && r.spec.rotaryDims == rotaryDims &&
                r.spec.scale == scale && r.spec.start == start && rope_layout_name(r.spec.layout) == layout);
}

void names(fuzz::Input& in) {
  const std::string name = in.text();
  Mask mask;
  const Status m = parse_mask(name, mask);
  expect_status(m, name == "none" || name == "before-softmax" || name == "after-softmax", "mask");
  if (m.ok)
    FUZZ_ASSERT((name == "none") == (mask == Mask::none) && (name == "after-softmax") == (mask == Mask::after_softmax));
  Variant variant;
  const Status v = parse_variant(name, variant);
  expect_status(v, is_variant(name), "variant");
  if (v.ok) FUZZ_ASSERT(variant_name(variant) == name);
  Encoding encoding;
  const Status e = parse_encoding(name, encoding);
  expect_status(e, name == "none" || name == "sinusoidal" || name == "learned", "encoding");
  if (e.ok)
    FUZZ_ASSERT((name == "learned") == (encoding == Encoding::learned) &&
                (name == "none") == (encoding == Encoding::none));
}

void params(fuzz::Input& in) {
  // clang-format off
  static const IntParam ints[] = {limits::positions, limits::dModel, limits::start,   limits::seed,
                                  limits::maxLen,    limits::position, limits::vocabSize, limits::tokenCount,
                                  limits::sequence,  limits::dK,     limits::dV,       limits::rows,
                                  limits::offset,    {"wide", -9007199254740992LL, 9007199254740992LL},
                                  {"empty", 5, 4},   {"int64", INT64_MIN, INT64_MAX}};
  // clang-format on
  const IntParam& p = ints[in.byte() % (sizeof ints / sizeof ints[0])];
  const double v = in.number();
  const Status s = check(p, v);
  expect_status(s, in_range(p, v), p.name);
  expect_quoted(s, p, v);

  const RealParam r = in.byte() % 2 ? limits::base : RealParam{"ratio", -1.5, 0.25};
  const double x = in.number();
  const Status rs = check(r, x);
  expect_status(rs, in_range(r, x), r.name);
  expect_quoted(rs, r, x);

  const std::size_t got = in.byte(), expected = in.byte() % 2 ? got : in.byte();
  expect_status(check_length("out", got, expected), got == expected, "out");
}

void table(fuzz::Input& in) {
  const double rows = in.number(), d = in.number();
  std::size_t length = static_cast<std::size_t>(in.u32());
  const bool plausible = in_range(limits::rows, rows) && in_range(limits::dModel, d);
  if (plausible && in.byte() % 4 != 0) length = static_cast<std::size_t>(rows * d) + (in.byte() % 3) - 1;
  const char* expected = nullptr;
  if (!in_range(limits::rows, rows)) expected = "rows";
  else if (!in_range(limits::dModel, d)) expected = "dModel";
  else if (static_cast<double>(length) != rows * d) expected = "table";
  else if (rows * rows * d > limits::maxWork) expected = "rows";
  PairMatrixRequest r{-7, -7};
  const Status s = make_pair_matrix_request(static_cast<double>(length), rows, d, kNoOut, r);
  expect_status(s, expected == nullptr, expected);
  if (s.ok) FUZZ_ASSERT(r.rows == rows && r.dModel == d);
}

void swap(fuzz::Input& in) {
  const int n = 1 + in.u16() % 2048;
  const double i = in.number(), j = in.number();
  const char* expected = !int_in(i, 0, n - 1) ? "swap[0]" : !int_in(j, 0, n - 1) ? "swap[1]" : nullptr;
  expect_status(check_swap(n, i, j), expected == nullptr, expected);
}

void sequence(fuzz::Input& in) {
  SequenceSpec spec;
  if (!embedding(in, spec.embedding)) return;
  if (!parse_encoding(in.text(), spec.encoding).ok) return;
  if (!parse_variant(in.text(), spec.variant).ok) return;
  const double base = in.byte() % 2 ? 10000.0 : in.number(), start = in.number(), maxLen = in.number();
  if (!first_error(check(limits::base, base), check(limits::start, start), check(limits::maxLen, maxLen)).ok) return;
  spec.base = base;
  spec.start = static_cast<int>(start);
  spec.learned.maxLen = static_cast<int>(maxLen);
  const int n = 1 + in.u16() % 2048;
  const Status s = check_sequence(spec, n);
  expect_well_formed(s);
  // A failure names an option of embed / permutation (not 'position', which neither has).
  if (!s.ok)
    FUZZ_ASSERT(s.param == "start" || s.param == "maxLen" || s.param == "tokens" || s.param == "dModel" ||
                s.param == "variant" || s.param == "base");
  switch (spec.encoding) {
    case Encoding::none: FUZZ_ASSERT(s.ok); break;
    case Encoding::sinusoidal:
      FUZZ_ASSERT(s.ok ==
                  (sinusoidal_oracle(n, spec.embedding.dModel, base, variant_name(spec.variant), start) == nullptr));
      break;
    case Encoding::learned: {
      const double last = start + n - 1;
      FUZZ_ASSERT(s.ok == (int_in(last, 0, 1e6) && last < maxLen));
      break;
    }
  }
  // The permutation also needs its encoded arm: sinusoidal when the encoding is 'none'.
  const Status p = check_permutation(spec, n);
  expect_well_formed(p);
  if (spec.encoding == Encoding::none)
    FUZZ_ASSERT(p.ok ==
                (sinusoidal_oracle(n, spec.embedding.dModel, base, variant_name(spec.variant), start) == nullptr));
  else FUZZ_ASSERT(p.ok == s.ok);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::Input in(data, size);
  for (int step = 0; step < 16 && !in.empty(); ++step) {
    switch (in.byte() % 12) {
      case 0: {
        SinusoidalSpec spec;
        sinusoidal(in, spec);
        break;
      }
      case 1: offset_and_properties(in); break;
      case 2: learned(in); break;
      case 3: tokens(in); break;
      case 4: attention_shape(in); break;
      case 5: names(in); break;
      case 6: params(in); break;
      case 7: table(in); break;
      case 8: swap(in); break;
      case 9: sequence(in); break;
      case 10: rope_request(in); break;
      default: {
        EmbeddingSpec spec;
        embedding(in, spec);
        break;
      }
    }
  }
  return 0;
}
