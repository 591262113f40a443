// ALiBi (Press et al., "Train Short, Test Long"): no position is added to the embeddings; each head
// adds −slope·|i − j| to the score of query i and key j, with a fixed slope per head.
#pragma once
#include <string>
#include <vector>

#include "pelab/validation/status.hpp"

namespace pelab {

// The paper's reference get_slopes: for a power of two n, the geometric sequence starting at
// 2^(−8/n) with that ratio; otherwise the slopes of the closest lower power of two, followed by every
// other slope of twice that power, until n slopes.
std::vector<double> alibi_slopes(int heads);

Status make_alibi_slopes_request(double heads, int& out);

enum class BiasMask { none, causal };

// alibiBias: heads, n, heads × n × n within the result cap, then the mask.
struct AlibiBiasRequest {
  int heads = 1;
  int n = 1;
  BiasMask mask = BiasMask::none;
};
Status make_alibi_bias_request(double heads, double n, const std::string& mask, AlibiBiasRequest& out);

// The bias of one head at (i, j): −slope·|i − j| in double, rounded once to float (+0 on the diagonal).
inline float alibi_bias(double slope, int i, int j) {
  return static_cast<float>(0.0 - slope * (i > j ? i - j : j - i));
}

// heads × n × n, head-major then row = query: alibi_bias, and −∞ above the diagonal for `causal`.
void fill_alibi_bias(const AlibiBiasRequest& request, float* out);

}  // namespace pelab
