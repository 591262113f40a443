#include "pelab/encodings/embeddings.hpp"

#include "pelab/numerics/random.hpp"
#include "pelab/validation/limits.hpp"

namespace pelab {

Status make_embedding_spec(double vocabSize, double dModel, double seed, EmbeddingSpec& out) {
  Status s = first_error(check(limits::vocabSize, vocabSize), check(limits::dModel, dModel), check(limits::seed, seed));
  if (!s.ok) return s;
  out = {static_cast<int>(vocabSize), static_cast<int>(dModel), static_cast<std::uint32_t>(seed)};
  return Status::fine();
}

Status make_tokens(const EmbeddingSpec& spec, const double* raw, std::size_t count, std::vector<int>& out) {
  const auto n = static_cast<double>(count);
  if (Status s = check(limits::tokenCount, n); !s.ok)
    return Status::broken(Rule::count, "tokens", n, limits::tokenCount.lo, limits::tokenCount.hi);
  const IntParam token{"tokens", 0, spec.vocabSize - 1};
  out.resize(count);
  for (std::size_t i = 0; i < count; ++i) {
    if (Status s = check(token, raw[i]); !s.ok) {
      s.rule = Rule::token;
      s.index = static_cast<double>(i);
      return s;
    }
    out[i] = static_cast<int>(raw[i]);
  }
  return Status::fine();
}

void embed_tokens(const EmbeddingSpec& spec, const int* tokens, int n, float* out) {
  const auto d = static_cast<std::size_t>(spec.dModel);
  for (int i = 0; i < n; ++i)
    random::fill_normal(spec.seed, random::Stream::token_embeddings, static_cast<std::uint64_t>(tokens[i]) * d, d, 1.0f,
                        out + static_cast<std::size_t>(i) * d);
}

}  // namespace pelab
