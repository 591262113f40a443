#include "pelab/attention.hpp"

#include <cmath>
#include <limits>
#include <vector>

#include "pelab/limits.hpp"
#include "pelab/random.hpp"
#include "pelab/vector_ops.hpp"

namespace pelab {
namespace {

// One row of weights from query i: scaled scores, masked as asked, stable softmax.
void softmax_row(float* row, int n, int i, Mask mask) {
  const int visible = mask == Mask::before_softmax ? i + 1 : n;
  float peak = -std::numeric_limits<float>::infinity();
  for (int j = 0; j < visible; ++j) peak = std::max(peak, row[j]);
  const float total = exp_shifted(row, static_cast<std::size_t>(visible), peak);
  for (int j = 0; j < visible; ++j) row[j] /= total;
  for (int j = visible; j < n; ++j) row[j] = 0.f;  // masked before softmax: exp(-inf) = 0
  if (mask == Mask::after_softmax)
    for (int j = i + 1; j < n; ++j) row[j] = 0.f;
}

}  // namespace

Status parse_mask(const std::string& name, Mask& out) {
  if (name == "none") out = Mask::none;
  else if (name == "before-softmax") out = Mask::before_softmax;
  else if (name == "after-softmax") out = Mask::after_softmax;
  else
    return Status::error("mask", "mask must be one of 'none', 'before-softmax', 'after-softmax' (got '" + name + "')");
  return Status::fine();
}

Status make_attention_shape(double n, double dK, double dV, AttentionShape& out) {
  Status s = first_error(check(limits::sequence, n), check(limits::dK, dK), check(limits::dV, dV));
  if (!s.ok) return s;
  out = {static_cast<int>(n), static_cast<int>(dK), static_cast<int>(dV)};
  return Status::fine();
}

void attention(const AttentionShape& shape, const float* q, const float* k, const float* v, Mask mask, float* weights,
               float* out) {
  const auto n = static_cast<std::size_t>(shape.n), dK = static_cast<std::size_t>(shape.dK),
             dV = static_cast<std::size_t>(shape.dV);
  dot_all_pairs(q, n, k, n, dK, weights);  // raw scores Q Kᵀ
  const float scale = 1.0f / std::sqrt(static_cast<float>(shape.dK));
  for (std::size_t i = 0; i < n; ++i) {
    float* row = weights + i * n;
    for (std::size_t j = 0; j < n; ++j) row[j] *= scale;
    softmax_row(row, shape.n, static_cast<int>(i), mask);
    float* oi = out + i * dV;
    std::fill(oi, oi + dV, 0.f);
    for (std::size_t j = 0; j < n; ++j)
      if (row[j] != 0.f) axpy(row[j], v + j * dV, oi, dV);
  }
}

void project(const float* x, int n, int dModel, int dK, std::uint32_t seed, random::Stream stream, float* out) {
  // Row r of the weight matrix is drawn at counters r*dK … r*dK+dK-1, so out[i] = sum_r x[i][r] * W[r].
  std::vector<float> w(static_cast<std::size_t>(dModel) * dK);
  random::fill_normal(seed, stream, 0, w.size(), 1.0f / std::sqrt(static_cast<float>(dModel)),
                      w.data());
  for (int i = 0; i < n; ++i) {
    float* oi = out + static_cast<std::size_t>(i) * dK;
    std::fill(oi, oi + dK, 0.f);
    for (int r = 0; r < dModel; ++r)
      axpy(x[static_cast<std::size_t>(i) * dModel + r], w.data() + static_cast<std::size_t>(r) * dK, oi, dK);
  }
}

void self_attention(const float* x, int n, int dModel, int dK, std::uint32_t seed, Mask mask, float* weights, float* out) {
  const std::size_t size = static_cast<std::size_t>(n) * dK;
  std::vector<float> q(size), k(size), v(size);
  project(x, n, dModel, dK, seed, random::Stream::query_projection, q.data());
  project(x, n, dModel, dK, seed, random::Stream::key_projection, k.data());
  project(x, n, dModel, dK, seed, random::Stream::value_projection, v.data());
  attention({n, dK, dK}, q.data(), k.data(), v.data(), mask, weights, out);
}

}  // namespace pelab
