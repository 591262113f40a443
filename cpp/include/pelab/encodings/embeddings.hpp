// Token embeddings for a small vocabulary: row t of a seeded vocabSize × dModel table of N(0, 1)
// entries (random.hpp, stream token_embeddings), as nn.Embedding starts out.
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

#include "pelab/validation/status.hpp"

namespace pelab {

struct EmbeddingSpec {
  int vocabSize = 16;
  int dModel = 16;
  std::uint32_t seed = 0;
};

Status make_embedding_spec(double vocabSize, double dModel, double seed, EmbeddingSpec& out);

// Every token id must be an integer in [0, vocabSize); converts them when they are.
Status make_tokens(const EmbeddingSpec& spec, const double* raw, std::size_t count, std::vector<int>& out);

// out[i] = embedding row of tokens[i], n × dModel.
void embed_tokens(const EmbeddingSpec& spec, const int* tokens, int n, float* out);

}  // namespace pelab
