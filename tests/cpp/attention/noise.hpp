// Inputs for the attention tests: n standard normal floats (times `scale`) from the core's seeded generator. Each
// file takes its own seeds (test_attention 1…, test_heads 101…, test_scores 201…), so that no two test the same data.
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

#include "pelab/numerics/random.hpp"

namespace pelab::testing {

inline std::vector<float> noise(std::size_t n, std::uint32_t seed, float scale = 1.0f) {
  std::vector<float> v(n);
  random::fill_normal(seed, random::Stream::query_projection, 0, n, scale, v.data());
  return v;
}

}  // namespace pelab::testing
