// Scaled dot-product attention, softmax(Q Kᵀ / sqrt(dK)) V, with an optional causal mask.
#pragma once
#include <cstdint>
#include <string>

#include "pelab/numerics/random.hpp"
#include "pelab/validation/status.hpp"

namespace pelab {

enum class Mask {
  none,
  before_softmax,  // future scores set to -inf before softmax: each row renormalises and sums to 1
  after_softmax,   // the warm-up's wrong way: future weights zeroed after softmax, rows sum to < 1
};

Status parse_mask(const std::string& name, Mask& out);

struct AttentionShape {
  int n = 4;   // sequence length: Q, K and V have n rows
  int dK = 4;  // width of Q and K
  int dV = 4;  // width of V
};

// Also caps the work (n² × (dK + dV) multiply-adds), so no call can stall the page.
Status make_attention_shape(double n, double dK, double dV, AttentionShape& out);

// Self-attention also projects n × dModel inputs to Q, K, V: that work is capped the same way.
Status check_self_attention(const AttentionShape& shape, double dModel);

// weights: n × n, out: n × dV. Softmax subtracts each row's maximum first, so exp cannot overflow; a
// row whose float scores overflow (huge but finite inputs) is redone in double.
void attention(const AttentionShape& shape, const float* q, const float* k, const float* v, Mask mask, float* weights,
               float* out);

// x (n × dModel) times a seeded dModel × dK matrix of N(0, 1/dModel) entries: the Q, K or V projection.
void project(const float* x, int n, int dModel, int dK, std::uint32_t seed, random::Stream stream, float* out);

// Self-attention of x (n × dModel): seeded Q, K, V projections to width dK, then attention.
void self_attention(const float* x, int n, int dModel, int dK, std::uint32_t seed, Mask mask, float* weights, float* out);

}  // namespace pelab
