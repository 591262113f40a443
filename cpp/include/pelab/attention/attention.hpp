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

// The cost of a call in multiply-adds, as the caps in limits.hpp count it (see there for the weights).
double attention_work(double n, double dK, double dV);
double self_attention_work(double n, double dModel, double dK);  // projections to Q, K, V, then attention

// Also caps the work (attention_work), so no call can stall the page.
Status make_attention_shape(double n, double dK, double dV, AttentionShape& out);

// Self-attention also projects n × dModel inputs to Q, K, V: its whole work is capped the same way.
Status check_self_attention(const AttentionShape& shape, double dModel);

// An attention call as a caller gives it: shape, mask, then the lengths of q, k (n × dK) and v (n × dV).
struct AttentionRequest {
  AttentionShape shape;
  Mask mask = Mask::none;
};
Status make_attention_request(double n, double dK, double dV, const std::string& mask, double qLength, double kLength,
                              double vLength, AttentionRequest& out);

// Self-attention of x (n × dModel) through seeded projections to width dK: checked in the order
// n, dK (and the attention work), dModel, seed, the projection work, mask, x's length.
struct SelfAttentionRequest {
  AttentionShape shape;  // dV = dK
  int dModel = 0;
  std::uint32_t seed = 0;
  Mask mask = Mask::none;
};
Status make_self_attention(double n, double dModel, double dK, double seed, const std::string& mask, double xLength,
                           SelfAttentionRequest& out);

// weights: n × n, out: n × dV. Softmax subtracts each row's maximum first, so exp cannot overflow; a
// row whose float scores overflow (huge but finite inputs) is redone in double.
void attention(const AttentionShape& shape, const float* q, const float* k, const float* v, Mask mask, float* weights,
               float* out);

// x (n × dModel) times a seeded dModel × dK matrix of N(0, 1/dModel) entries: the Q, K or V projection.
void project(const float* x, int n, int dModel, int dK, std::uint32_t seed, random::Stream stream, float* out);

// Self-attention of x (n × dModel): seeded Q, K, V projections to width dK, then attention.
void self_attention(const float* x, int n, int dModel, int dK, std::uint32_t seed, Mask mask, float* weights,
                    float* out);

}  // namespace pelab
