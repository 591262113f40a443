// Seeded, deterministic random numbers for the learned tables and projections.
//
// Counter-based: element n of stream S under seed s is a pure function of (s, S, n), built from the
// splitmix64 finaliser. Any row of a table can be produced alone, every platform gets identical bits,
// and a larger table shares its first rows with a smaller one of the same width.
// Normals use Box–Muller on two uniforms in (0, 1) drawn at counters 2n and 2n+1.
#pragma once
#include <cstddef>
#include <cstdint>

namespace pelab::random {

enum class Stream : std::uint64_t {
  learned_positions = 1,
  token_embeddings = 2,
  query_projection = 3,
  key_projection = 4,
  value_projection = 5,
  model_weights = 6,       // a trained model's matrices (training/model.hpp), one counter per parameter
  training_batches = 7,    // the task samples a trainer learns from
  evaluation_samples = 8,  // fresh task samples for evaluation: never drawn by training
};

std::uint64_t mix64(std::uint64_t x);

// Uniform in (0, 1]: (b + 0.5) · 2^-53 for 53 random bits b, so never 0. The largest b gives exactly
// 1.0 (2^53 - 1 + 0.5 is not a double and rounds up), once in 2^53 draws.
double uniform(std::uint64_t seed, Stream stream, std::uint64_t counter);

// Standard normal N(0, 1), computed in double and rounded to float.
float normal(std::uint64_t seed, Stream stream, std::uint64_t index);

// out[i] = scale * normal(seed, stream, first + i) for i < count.
void fill_normal(std::uint64_t seed, Stream stream, std::uint64_t first, std::size_t count, float scale, float* out);

}  // namespace pelab::random
