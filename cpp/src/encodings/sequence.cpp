#include "pelab/encodings/sequence.hpp"

#include "pelab/numerics/vector_ops.hpp"
#include "pelab/validation/limits.hpp"

namespace pelab {
namespace {

SinusoidalSpec sinusoidal_part(const SequenceSpec& spec, int n) {
  return {n, spec.embedding.dModel, spec.base, spec.variant, spec.start};
}

// The learned table's width and seed are always the embedding's; only maxLen is its own.
LearnedSpec learned_part(const SequenceSpec& spec) {
  return {spec.learned.maxLen, spec.embedding.dModel, spec.embedding.seed};
}

}  // namespace

// Encoding's enumerators follow limits::encodings, name for name.
static_assert(static_cast<int>(Encoding::learned) == 2 && limits::encodings.size() == 3);

Status parse_encoding(const std::string& name, Encoding& out) {
  return limits::parse_choice(limits::encodings, "encoding", name, out);
}

Status check_sequence(const SequenceSpec& spec, int n) {
  switch (spec.encoding) {
    case Encoding::none: return Status::fine();
    case Encoding::sinusoidal: {
      Status s = check_table(sinusoidal_part(spec, n));
      if (s.rule == Rule::last_position) s.rule = Rule::last_token_position;  // its positions are the tokens
      return s;
    }
    case Encoding::learned: {
      const double last = spec.start + n - 1.0;
      if (last > limits::position.hi)
        return Status::broken(Rule::last_token_position, "start", last, 0, static_cast<double>(limits::position.hi));
      if (last >= spec.learned.maxLen)
        return Status::broken(Rule::learned_too_short, "maxLen", spec.learned.maxLen, last, last);
      return Status::fine();
    }
  }
  return Status::fine();
}

double embedding_work(double n, double dModel, Encoding encoding) {
  return limits::normalWork * n * dModel * (encoding == Encoding::learned ? 2 : 1);
}

Status make_sequence_spec(const RawSequence& raw, const double* tokens, std::size_t count, SequenceSpec& spec,
                          std::vector<int>& ids) {
  Status s = make_embedding_spec(raw.vocabSize, raw.dModel, raw.seed, spec.embedding);
  if (s.ok) s = make_tokens(spec.embedding, tokens, count, ids);
  if (s.ok) s = parse_encoding(raw.encoding, spec.encoding);
  if (s.ok) s = parse_variant(raw.variant, spec.variant);
  if (s.ok)
    s = first_error(check(limits::base, raw.base), check(limits::start, raw.start), check(limits::maxLen, raw.maxLen));
  if (!s.ok) return s;
  spec.base = raw.base;
  spec.start = static_cast<int>(raw.start);
  spec.learned.maxLen = static_cast<int>(raw.maxLen);
  const auto n = static_cast<double>(ids.size());
  if (s = check_sequence(spec, static_cast<int>(n)); !s.ok) return s;
  const double work = embedding_work(n, spec.embedding.dModel, spec.encoding);
  if (work > limits::maxWork) return Status::too_much_work("tokens", Cost::embedding, work, limits::maxWork);
  return s;
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
