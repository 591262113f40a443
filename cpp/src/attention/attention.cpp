#include "pelab/attention/attention.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "pelab/attention/alibi.hpp"
#include "pelab/numerics/random.hpp"
#include "pelab/numerics/vector_ops.hpp"
#include "pelab/validation/limits.hpp"

namespace pelab {
namespace {

// Keys query i may see before softmax: all, or only j <= i under the causal mask.
int visible_keys(int n, int i, Mask mask) { return mask == Mask::before_softmax ? i + 1 : n; }

// Zeros what the mask hides: keys past `visible` (exp(-inf) = 0), and the future after softmax.
void apply_mask(float* row, int n, int i, int visible, Mask mask) {
  for (int j = visible; j < n; ++j) row[j] = 0.f;
  if (mask == Mask::after_softmax)
    for (int j = i + 1; j < n; ++j) row[j] = 0.f;
}

// ALiBi's slope for one head, or none.
struct Bias {
  bool on = false;
  double slope = 0;
  float at(int i, int j) const { return on ? alibi_bias(slope, i, j) : 0.f; }
};

// Keeps row i's scores as softmax receives them (when asked): the visible keys' scores, then −∞ for
// the keys the mask hides before softmax (exp(−∞) = 0: the same as leaving them out).
void keep_scores(const float* row, int n, int visible, float* scores) {
  if (scores == nullptr) return;
  std::copy_n(row, visible, scores);
  std::fill(scores + visible, scores + n, -std::numeric_limits<float>::infinity());
}

// One row of weights from query i: scaled (and biased) scores, masked as asked, stable softmax (the row maximum
// is subtracted, so exp never overflows).
void softmax_row(float* row, int n, int i, Mask mask, float* scores) {
  const int visible = visible_keys(n, i, mask);
  keep_scores(row, n, visible, scores);
  float peak = -std::numeric_limits<float>::infinity();
  for (int j = 0; j < visible; ++j) peak = std::max(peak, row[j]);
  const float total = exp_shifted(row, static_cast<std::size_t>(visible), peak);
  for (int j = 0; j < visible; ++j) row[j] /= total;
  apply_mask(row, n, i, visible, mask);
}

// The same row when float scores overflowed (finite inputs whose products pass 3.4e38): scores
// and softmax in double, where a dot product of floats cannot overflow.
void softmax_row_in_double(const float* q, const float* k, std::size_t dK, float scale, Bias bias, float* row, int n,
                           int i, Mask mask, float* scores) {
  const int visible = visible_keys(n, i, mask);
  std::vector<double> score(static_cast<std::size_t>(visible));
  double peak = -std::numeric_limits<double>::infinity();
  for (int j = 0; j < visible; ++j) {
    double s = 0;
    for (std::size_t c = 0; c < dK; ++c) s += double(q[c]) * double(k[static_cast<std::size_t>(j) * dK + c]);
    score[static_cast<std::size_t>(j)] = s * scale + bias.at(i, j);
    peak = std::max(peak, score[static_cast<std::size_t>(j)]);
    row[j] = static_cast<float>(score[static_cast<std::size_t>(j)]);  // what is kept as this row's scores
  }
  keep_scores(row, n, visible, scores);
  double total = 0;
  for (double& s : score) total += s = std::exp(s - peak);
  for (int j = 0; j < visible; ++j) row[j] = static_cast<float>(score[static_cast<std::size_t>(j)] / total);
  apply_mask(row, n, i, visible, mask);
}

bool all_finite(const float* x, std::size_t n) {
  for (std::size_t j = 0; j < n; ++j)
    if (!std::isfinite(x[j])) return false;
  return true;
}

// One head: softmax(Q Kᵀ / sqrt(dK) + bias) V into weights (n × n) and out (n × dV), and what each row's
// softmax received into scores (n × n) unless it is null.
void one_head(const AttentionShape& shape, const float* q, const float* k, const float* v, Mask mask, Bias bias,
              float* weights, float* out, float* scores) {
  const auto n = static_cast<std::size_t>(shape.n), dK = static_cast<std::size_t>(shape.dK),
             dV = static_cast<std::size_t>(shape.dV);
  dot_all_pairs(q, n, k, n, dK, weights);  // raw scores Q Kᵀ
  const float scale = 1.0f / std::sqrt(static_cast<float>(shape.dK));
  for (std::size_t i = 0; i < n; ++i) {
    float* row = weights + i * n;
    for (std::size_t j = 0; j < n; ++j) row[j] = row[j] * scale + bias.at(static_cast<int>(i), static_cast<int>(j));
    float* kept = scores == nullptr ? nullptr : scores + i * n;
    if (all_finite(row, n) || !all_finite(q + i * dK, dK) || !all_finite(k, n * dK))
      softmax_row(row, shape.n, static_cast<int>(i), mask, kept);  // (non-finite inputs give NaN, as they should)
    else softmax_row_in_double(q + i * dK, k, dK, scale, bias, row, shape.n, static_cast<int>(i), mask, kept);
    weighted_rows(row, n, v, dV, out + i * dV);
  }
}

// Columns [first, first + width) of n rows of width `stride`, into or out of a packed n × width block.
void gather(const float* from, int n, int stride, int first, int width, float* to) {
  for (int r = 0; r < n; ++r)
    std::copy_n(from + static_cast<std::size_t>(r) * stride + first, width, to + static_cast<std::size_t>(r) * width);
}
void scatter(const float* from, int n, int stride, int first, int width, float* to) {
  for (int r = 0; r < n; ++r)
    std::copy_n(from + static_cast<std::size_t>(r) * width, width, to + static_cast<std::size_t>(r) * stride + first);
}

}  // namespace

void attention(const AttentionShape& shape, const float* q, const float* k, const float* v, Mask mask, float* weights,
               float* out, const HeadOptions& heads, const AttentionTaps& taps) {
  // One plain head reads q, k and v in place; the loop below copies them per head (and out to taps).
  if (heads.heads == 1 && !heads.rope && !heads.alibi && taps.q == nullptr && taps.k == nullptr)
    return one_head(shape, q, k, v, mask, {}, weights, out, taps.scores);
  const int n = shape.n, dh = shape.dK / heads.heads, dvh = shape.dV / heads.heads;
  std::vector<float> qh(static_cast<std::size_t>(n) * dh), kh(qh.size()), vh(static_cast<std::size_t>(n) * dvh),
      oh(vh.size());
  const std::vector<double> slopes = heads.alibi ? alibi_slopes(heads.heads) : std::vector<double>{};
  for (int h = 0; h < heads.heads; ++h) {
    gather(q, n, shape.dK, h * dh, dh, qh.data());
    gather(k, n, shape.dK, h * dh, dh, kh.data());
    gather(v, n, shape.dV, h * dvh, dvh, vh.data());
    if (heads.rope) {
      apply_rope(heads.ropeSpec, qh.data(), n);
      apply_rope(heads.ropeSpec, kh.data(), n);
    }
    if (taps.q != nullptr) scatter(qh.data(), n, shape.dK, h * dh, dh, taps.q);
    if (taps.k != nullptr) scatter(kh.data(), n, shape.dK, h * dh, dh, taps.k);
    const Bias bias{heads.alibi, heads.alibi ? slopes[static_cast<std::size_t>(h)] : 0.0};
    const std::size_t matrix = static_cast<std::size_t>(h) * n * n;
    one_head({n, dh, dvh}, qh.data(), kh.data(), vh.data(), mask, bias, weights + matrix, oh.data(),
             taps.scores == nullptr ? nullptr : taps.scores + matrix);
    scatter(oh.data(), n, shape.dV, h * dvh, dvh, out);
  }
}

void project(const float* x, int n, int dModel, int dK, std::uint32_t seed, random::Stream stream, float* out) {
  // Row r of the weight matrix is drawn at counters r*dK … r*dK+dK-1, so out[i] = sum_r x[i][r] * W[r].
  std::vector<float> w(static_cast<std::size_t>(dModel) * dK);
  random::fill_normal(seed, stream, 0, w.size(), 1.0f / std::sqrt(static_cast<float>(dModel)), w.data());
  for (int i = 0; i < n; ++i) {
    float* oi = out + static_cast<std::size_t>(i) * dK;
    std::fill(oi, oi + dK, 0.f);
    for (int r = 0; r < dModel; ++r)
      axpy(x[static_cast<std::size_t>(i) * dModel + r], w.data() + static_cast<std::size_t>(r) * dK, oi, dK);
  }
}

void self_attention(const float* x, int n, int dModel, int dK, std::uint32_t seed, Mask mask, float* weights,
                    float* out, const HeadOptions& heads, const AttentionTaps& taps) {
  const std::size_t size = static_cast<std::size_t>(n) * dK;
  std::vector<float> q(size), k(size), v(size);
  project(x, n, dModel, dK, seed, random::Stream::query_projection, q.data());
  project(x, n, dModel, dK, seed, random::Stream::key_projection, k.data());
  project(x, n, dModel, dK, seed, random::Stream::value_projection, v.data());
  attention({n, dK, dK}, q.data(), k.data(), v.data(), mask, weights, out, heads, taps);
}

}  // namespace pelab
