#include "pelab/encodings/sequence.hpp"

#include "pelab/validation/limits.hpp"

#include "pelab/numerics/vector_ops.hpp"

namespace pelab {
namespace {

SinusoidalSpec sinusoidal_part(const SequenceSpec& spec, int n) {
  return {n, spec.embedding.dModel, spec.base, spec.variant, spec.start};
}

LearnedSpec learned_part(const SequenceSpec& spec) {
  return {spec.learned.maxLen, spec.embedding.dModel, spec.embedding.seed};
}

}  // namespace

Status parse_encoding(const std::string& name, Encoding& out) {
  if (name == "none") out = Encoding::none;
  else if (name == "sinusoidal") out = Encoding::sinusoidal;
  else if (name == "learned") out = Encoding::learned;
  else
    return Status::error("encoding", "encoding must be one of 'none', 'sinusoidal', 'learned' (got '" + name + "')");
  return Status::fine();
}

Status check_sequence(const SequenceSpec& spec, int n) {
  switch (spec.encoding) {
    case Encoding::none: return Status::fine();
    case Encoding::sinusoidal: return validate(sinusoidal_part(spec, n));
    case Encoding::learned: {
      const double last = spec.start + n - 1.0;
      if (last > limits::position.hi)
        return Status::error("start", "start + tokens.length - 1 must be at most " + std::to_string(limits::position.hi) +
                                          " (got " + std::to_string(static_cast<long long>(last)) + ")");
      if (Status s = check_learned_position(learned_part(spec), last); !s.ok)
        return Status::error("maxLen", "maxLen must be more than start + tokens.length - 1 = " +
                                           std::to_string(static_cast<long long>(last)) + " for a learned table: " + s.message);
      return Status::fine();
    }
  }
  return Status::fine();
}

void embed_sequence(const SequenceSpec& spec, const std::vector<int>& tokens, float* out) {
  const int n = static_cast<int>(tokens.size());
  const std::size_t d = static_cast<std::size_t>(spec.embedding.dModel);
  embed_tokens(spec.embedding, tokens.data(), n, out);
  if (spec.encoding == Encoding::none) return;
  std::vector<float> positions(static_cast<std::size_t>(n) * d);
  if (spec.encoding == Encoding::sinusoidal) {
    fill_sinusoidal(sinusoidal_part(spec, n), positions.data());
  } else {
    for (int i = 0; i < n; ++i) learned_row(learned_part(spec), spec.start + i, positions.data() + i * d);
  }
  add_in_place(out, positions.data(), positions.size());
}

}  // namespace pelab
