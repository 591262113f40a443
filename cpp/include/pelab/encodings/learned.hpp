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
// The same, with the caller's `out` length (kNoOut for a new array) checked last.
Status make_learned_table_request(double maxLen, double dModel, double seed, double outLength, LearnedSpec& out);

// The whole table, maxLen × dModel.
void fill_learned_table(const LearnedSpec& spec, float* out);

// Is there a row for this position? Beyond the table: no_learned_row (there is nothing to compute one from).
Status check_learned_position(const LearnedSpec& spec, double position);

// One row of a learned table: the table, then the position checked against it.
struct LearnedLookup {
  LearnedSpec table;
  int position = 0;
};
Status make_learned_lookup(double maxLen, double dModel, double seed, double position, LearnedLookup& out);

// Row `position` (already checked) into out[0 … dModel-1].
void learned_row(const LearnedSpec& spec, int position, float* out);

}  // namespace pelab
