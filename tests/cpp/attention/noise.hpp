// Inputs for the attention tests: n standard normal floats (times `scale`) from the core's seeded generator.
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
