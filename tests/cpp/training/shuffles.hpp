// Whether a trained model's answer depends on token order: the largest change of P(label 1) when the task tokens
// of `sequences` fresh samples of `length` (seeded from `sample_seed`) are each shuffled `perms` times by a
// seeded Fisher–Yates shuffle. Near 0 for a model that cannot see order; large for one that reads it.
#pragma once
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "pelab/numerics/random.hpp"
#include "pelab/training/trainer.hpp"

namespace pelab::testing {

inline double largest_change_under_shuffles(training::Trainer& t, int length, int sequences, int perms,
                                            std::uint32_t sample_seed) {
  double worst = 0;
  std::vector<int> tokens(static_cast<std::size_t>(length));
  for (int s = 0; s < sequences; ++s) {
    int label = 0;
    t.example(length, sample_seed, static_cast<std::uint64_t>(s), tokens.data(), label);
    const double p = t.probability(tokens.data(), length);
    for (int k = 0; k < perms; ++k) {
      for (int i = length - 1; i > 0; --i)
        std::swap(tokens[std::size_t(i)],
                  tokens[std::size_t(random::mix64(std::uint64_t(s * 1000 + k * 50 + i)) % std::uint64_t(i + 1))]);
      worst = std::max(worst, std::fabs(t.probability(tokens.data(), length) - p));
    }
  }
  return worst;
}

}  // namespace pelab::testing
