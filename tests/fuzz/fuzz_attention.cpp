// attention (also in heads, with rope or ALiBi inside), self_attention, rope, the ALiBi bias,
// dot_matrix and distance_matrix on arbitrary matrices, after their validators accepted the shape. Entries are usually
// bounded (±256) and sometimes raw float bits; the numeric invariants are asserted whenever every input entry is
// finite.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "fuzz_common.hpp"
#include "pelab/analysis/analysis.hpp"
#include "pelab/attention/alibi.hpp"
#include "pelab/attention/attention.hpp"
#include "pelab/encodings/rope.hpp"
#include "pelab/validation/limits.hpp"

using namespace pelab;
using fuzz::expect_well_formed;

namespace {

std::vector<float> matrix(fuzz::Input& in, std::size_t count, bool bounded) {
  std::vector<float> m(count);
  for (float& x : m) x = in.value(bounded);
  return m;
}

// Masked entries are exactly zero; with finite scores every row is a distribution (none and
// before-softmax: sums to 1; after-softmax: to at most 1, and the last row masks nothing).
void expect_weights(const std::vector<float>& w, int n, Mask mask, bool finite) {
  for (int i = 0; i < n; ++i) {
    const float* row = w.data() + static_cast<std::size_t>(i) * n;
    if (mask != Mask::none)
      for (int j = i + 1; j < n; ++j) FUZZ_ASSERT(row[j] == 0.f);
    if (!finite) continue;
    double sum = 0;
    for (int j = 0; j < n; ++j) {
      FUZZ_ASSERT(std::isfinite(row[j]) && row[j] >= 0.f && row[j] <= 1.0f + 1e-6f);
      sum += row[j];
    }
    if (mask == Mask::after_softmax && i < n - 1) FUZZ_ASSERT(sum <= 1.0 + 1e-4);
    else FUZZ_ASSERT(std::fabs(sum - 1.0) <= 1e-4);
  }
}

// out = weights · v, checked against a float64 sum of the same weights.
void expect_output(const std::vector<float>& w, const std::vector<float>& v, const std::vector<float>& out, int n,
                   int dV) {
  for (int i = 0; i < n; ++i)
    for (int c = 0; c < dV; ++c) {
      double exact = 0, scale = 0;
      for (int j = 0; j < n; ++j) {
        const double term = double(w[static_cast<std::size_t>(i) * n + j]) * v[static_cast<std::size_t>(j) * dV + c];
        exact += term;
        scale += std::fabs(term);
      }
      const float got = out[static_cast<std::size_t>(i) * dV + c];
      FUZZ_ASSERT(std::isfinite(got) && std::fabs(got - exact) <= 1e-5 * scale + n * 1.2e-38);
    }
}

void plain_attention(fuzz::Input& in) {
  AttentionShape shape;
  Mask mask;
  Status s = make_attention_shape(in.number(), in.number(), in.number(), shape);
  expect_well_formed(s);
  if (s.ok) s = parse_mask(in.text(), mask);
  expect_well_formed(s);
  // up to 40 rows, so dot_all_pairs goes past its first block of 16
  if (!s.ok || shape.n > 40 || shape.dK > 64 || shape.dV > 64) return;
  if (shape.n > fuzz::kMaxRows && std::max(shape.dK, shape.dV) > 16) return;
  const std::size_t n = static_cast<std::size_t>(shape.n);
  const bool bounded = in.byte() % 4 != 0;
  const std::vector<float> q = matrix(in, n * shape.dK, bounded), k = matrix(in, n * shape.dK, bounded),
                           v = matrix(in, n * shape.dV, bounded);
  std::vector<float> weights(n * n), out(n * shape.dV);
  attention(shape, q.data(), k.data(), v.data(), mask, weights.data(), out.data());
  const bool finite = fuzz::all_finite(q.data(), q.size()) && fuzz::all_finite(k.data(), k.size()) &&
                      fuzz::all_finite(v.data(), v.size());
  // Every finite input gives proper weights, even when scores q·k overflow float (1e20 · 1e20).
  expect_weights(weights, shape.n, mask, finite);
  const double v_bound = fuzz::max_abs(v.data(), v.size()) * shape.n;
  if (finite && v_bound < 1e37) expect_output(weights, v, out, shape.n, shape.dV);
}

void projected_attention(fuzz::Input& in) {
  AttentionShape shape;
  Mask mask;
  const double dK = in.number(), dModel = in.number(), seed = in.number();
  Status s = make_attention_shape(in.number(), dK, dK, shape);
  if (s.ok) s = first_error(check(limits::dModel, dModel), check(limits::seed, seed));
  if (s.ok) s = parse_mask(in.text(), mask);
  expect_well_formed(s);
  if (!s.ok || shape.n > 40 || shape.dK > 64 || dModel > 64) return;
  if (shape.n > fuzz::kMaxRows && (shape.dK > 16 || dModel > 16)) return;
  const int d = static_cast<int>(dModel);
  const std::size_t n = static_cast<std::size_t>(shape.n);
  const std::vector<float> x = matrix(in, n * d, true);
  std::vector<float> weights(n * n), out(n * shape.dK);
  self_attention(x.data(), shape.n, d, shape.dK, static_cast<std::uint32_t>(seed), mask, weights.data(), out.data());
  expect_weights(weights, shape.n, mask, true);
  FUZZ_ASSERT(fuzz::all_finite(out.data(), out.size()));
}

// Heads, rope and ALiBi options as the JS layer would pass them, from the input.
RawHeadOptions head_options(fuzz::Input& in) {
  RawHeadOptions raw;
  raw.heads = in.byte() % 4 ? 1 + in.byte() % 4 : in.number();
  raw.rope = in.byte() % 2 != 0;
  raw.base = in.byte() % 4 ? 10000.0 : in.number();
  raw.layout = in.byte() % 4 ? (in.byte() % 2 ? "halves" : "interleaved") : in.text();
  raw.rotaryDims = in.number();
  raw.scale = in.byte() % 4 ? 1.0 : in.number();
  raw.start = in.number();
  raw.alibi = in.byte() % 2 != 0;
  return raw;
}

void attention_in_heads(fuzz::Input& in) {
  const double n = in.number(), dK = in.number(), dV = in.number();
  const std::string mask = in.byte() % 2 ? "none" : "before-softmax";
  const RawHeadOptions raw = head_options(in);
  AttentionRequest r;
  const Status s = make_attention_request(n, dK, dV, mask, raw, n * dK, n * dK, n * dV, r);
  expect_well_formed(s);
  if (!s.ok || r.shape.n > 40 || r.shape.dK > 64 || r.shape.dV > 64) return;
  const std::size_t rows = static_cast<std::size_t>(r.shape.n);
  const std::vector<float> q = matrix(in, rows * r.shape.dK, true), k = matrix(in, rows * r.shape.dK, true),
                           v = matrix(in, rows * r.shape.dV, true);
  std::vector<float> weights(static_cast<std::size_t>(r.heads.heads) * rows * rows), out(rows * r.shape.dV),
      scores(weights.size()), qk(2 * q.size());
  const AttentionTaps taps{scores.data(), qk.data(), qk.data() + q.size()};
  attention(r.shape, q.data(), k.data(), v.data(), r.mask, weights.data(), out.data(), r.heads, taps);
  for (int h = 0; h < r.heads.heads; ++h)
    expect_weights(std::vector<float>(weights.begin() + h * rows * rows, weights.begin() + (h + 1) * rows * rows),
                   r.shape.n, r.mask, true);
  FUZZ_ASSERT(fuzz::all_finite(out.data(), out.size()) && fuzz::all_finite(qk.data(), qk.size()));
  // Bounded entries: every score is finite but those the before-softmax mask hides, which are −∞.
  for (std::size_t e = 0; e < scores.size(); ++e) {
    const bool hidden = r.mask == Mask::before_softmax && e % rows > e / rows % rows;
    FUZZ_ASSERT(hidden ? scores[e] == -std::numeric_limits<float>::infinity() : std::isfinite(scores[e]));
  }
}

// Rope turns pairs: each output is within float rounding of the float64 rotation, and the rest pass.
void rope_rows(fuzz::Input& in) {
  const double n = in.number(), dHead = in.number(), base = in.byte() % 4 ? 10000.0 : in.number();
  const std::string layout = in.byte() % 2 ? "halves" : "interleaved";
  const double rotaryDims = in.number(), scale = in.byte() % 4 ? 1.0 : in.number(), start = in.number();
  RopeRequest r;
  const double length = fuzz::int_in(n, 1, 64) && fuzz::int_in(dHead, 2, 256) ? n * dHead : in.byte();
  const Status s = make_rope_request(n, dHead, base, layout, rotaryDims, scale, start, length, r);
  expect_well_formed(s);
  if (!s.ok || static_cast<std::size_t>(r.n) * r.spec.dHead > fuzz::kMaxElements) return;
  const int d = r.spec.dHead, half = r.spec.rotaryDims / 2;
  const std::vector<float> x = matrix(in, static_cast<std::size_t>(r.n) * d, true);
  std::vector<float> y = x;
  apply_rope(r.spec, y.data(), r.n);
  const std::vector<double> omega = rope_frequencies(r.spec);
  for (int row = 0; row < r.n; ++row) {
    const std::size_t at = static_cast<std::size_t>(row) * d;
    for (int c = r.spec.rotaryDims; c < d; ++c) FUZZ_ASSERT(y[at + c] == x[at + c]);
    for (int i = 0; i < half; ++i) {
      const bool halves = r.spec.layout == RopeLayout::halves;
      const std::size_t a = at + (halves ? i : 2 * i), b = at + (halves ? i + half : 2 * i + 1);
      const double angle = (r.spec.start + row) * omega[static_cast<std::size_t>(i)];
      const double ya = x[a] * std::cos(angle) - double(x[b]) * std::sin(angle);
      const double yb = x[b] * std::cos(angle) + double(x[a]) * std::sin(angle);
      const double tolerance = 2e-6 * (std::fabs(x[a]) + std::fabs(x[b])) + 1e-37;
      FUZZ_ASSERT(std::fabs(y[a] - ya) <= tolerance && std::fabs(y[b] - yb) <= tolerance);
    }
  }
}

void alibi(fuzz::Input& in) {
  const double heads = in.number(), n = in.number();
  AlibiBiasRequest r;
  const Status s = make_alibi_bias_request(heads, n, in.byte() % 2 ? "causal" : in.text(), r);
  expect_well_formed(s);
  if (!s.ok || static_cast<double>(r.heads) * r.n * r.n > fuzz::kMaxElements) return;
  const std::vector<double> slopes = alibi_slopes(r.heads);
  FUZZ_ASSERT(slopes.size() == static_cast<std::size_t>(r.heads));
  for (double slope : slopes) FUZZ_ASSERT(slope > 0 && slope <= 1);
  std::vector<float> bias(static_cast<std::size_t>(r.heads) * r.n * r.n);
  fill_alibi_bias(r, bias.data());
  for (float b : bias) FUZZ_ASSERT(b <= 0 && !std::isnan(b));
}

void pair_matrices(fuzz::Input& in) {
  const double rows_raw = in.number(), d_raw = in.number();
  const bool bounded = in.byte() % 4 != 0;
  // Usually a table of the size the shape implies; sometimes one of another length.
  std::size_t length = in.byte() % 64;
  if (fuzz::int_in(rows_raw, 1, 64) && fuzz::int_in(d_raw, 1, 256) && in.byte() % 8 != 0)
    length = static_cast<std::size_t>(rows_raw * d_raw);
  if (length > fuzz::kMaxElements) return;
  const std::vector<float> table = matrix(in, length, bounded);
  PairMatrixRequest request;
  const Status s = make_pair_matrix_request(static_cast<double>(table.size()), rows_raw, d_raw, kNoOut, request);
  expect_well_formed(s);
  const int rows = request.rows, d = request.dModel;
  if (!s.ok || rows > 64) return;
  const std::size_t r = static_cast<std::size_t>(rows);
  std::vector<float> dots(r * r), dists(r * r);
  dot_matrix(table.data(), rows, d, dots.data());
  distance_matrix(table.data(), rows, d, dists.data());
  if (!fuzz::all_finite(table.data(), table.size()) || fuzz::max_abs(table.data(), table.size()) > 1e15) return;
  const auto row = [&](std::size_t i) { return table.data() + i * static_cast<std::size_t>(d); };
  for (std::size_t i = 0; i < r; ++i) {
    FUZZ_ASSERT(dists[i * r + i] == 0.f);
    for (std::size_t j = 0; j < r; ++j) {
      FUZZ_ASSERT(dots[i * r + j] == dots[j * r + i] && dists[i * r + j] == dists[j * r + i]);
      double dot = 0, dot_scale = 0, sq = 0;
      for (int c = 0; c < d; ++c) {
        dot += double(row(i)[c]) * row(j)[c];
        dot_scale += std::fabs(double(row(i)[c]) * row(j)[c]);
        sq += (double(row(i)[c]) - row(j)[c]) * (double(row(i)[c]) - row(j)[c]);
      }
      // relative float rounding, plus what underflow can lose: products and squares below FLT_MIN
      // (1.2e-38) keep few bits, so each of the d terms may be off by that much.
      const double lost = d * 1.2e-38;
      const bool dot_close = std::fabs(dots[i * r + j] - dot) <= 1e-5 * dot_scale + lost;
      const bool dist_close = std::fabs(dists[i * r + j] - std::sqrt(sq)) <= 1e-5 * std::sqrt(sq) + std::sqrt(lost);
      if (!dot_close || !dist_close)
        std::fprintf(stderr, "rows %d, dModel %d, (%zu, %zu): dot %.9g vs %.9g, distance %.9g vs %.9g\n", rows, d, i, j,
                     dots[i * r + j], dot, dists[i * r + j], std::sqrt(sq));
      FUZZ_ASSERT(dot_close);
      FUZZ_ASSERT(dists[i * r + j] >= 0.f && dist_close);
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::Input in(data, size);
  for (int step = 0; step < 3 && !in.empty(); ++step) {
    switch (in.byte() % 6) {
      case 0: plain_attention(in); break;
      case 1: projected_attention(in); break;
      case 2: attention_in_heads(in); break;
      case 3: rope_rows(in); break;
      case 4: alibi(in); break;
      default: pair_matrices(in); break;
    }
  }
  return 0;
}
