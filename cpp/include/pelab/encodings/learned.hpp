// A learned position table, as nn.Embedding(maxLen, dModel) starts out: N(0, 1) entries from the
// seeded counter-based generator (random.hpp). It has a row for positions 0 … maxLen-1 and none beyond.
#pragma once
#include <cstdint>

#include "pelab/validation/status.hpp"

namespace pelab {

struct LearnedSpec {
  int maxLen = 512;
  int dModel = 64;
  std::uint32_t seed = 0;
};

Status make_learned_spec(double maxLen, double dModel, double seed, LearnedSpec& out);

// The whole table, maxLen × dModel.
void fill_learned_table(const LearnedSpec& spec, float* out);

// Is there a row for this position? Beyond the table the message explains why not, for a learner.
Status check_learned_position(const LearnedSpec& spec, double position);

// Row `position` (already checked) into out[0 … dModel-1].
void learned_row(const LearnedSpec& spec, int position, float* out);

}  // namespace pelab
