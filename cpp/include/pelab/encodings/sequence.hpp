// A token sequence turned into the vectors attention receives: token embedding plus, optionally,
// a position encoding of the sequence's positions start … start+n-1.
#pragma once
#include <string>
#include <vector>

#include "pelab/encodings/embeddings.hpp"
#include "pelab/encodings/learned.hpp"
#include "pelab/encodings/sinusoidal.hpp"

namespace pelab {

enum class Encoding { none, sinusoidal, learned };

Status parse_encoding(const std::string& name, Encoding& out);

struct SequenceSpec {
  EmbeddingSpec embedding;
  Encoding encoding = Encoding::sinusoidal;
  double base = 10000.0;             // sinusoidal only
  Variant variant = Variant::paper;  // sinusoidal only
  int start = 0;                     // first position of the sequence
  LearnedSpec learned;               // learned only: its maxLen (dModel and seed are `embedding`'s)
};

// Checks that the encoding can cover positions start … start+n-1 (the learned table may not).
Status check_sequence(const SequenceSpec& spec, int n);

// Seeded normal draws (token rows, and learned rows) weighted as limits.hpp counts work.
double embedding_work(double n, double dModel, Encoding encoding);

// A sequence's options as a caller gives them, unchecked.
struct RawSequence {
  double vocabSize = 0, dModel = 0, seed = 0;
  std::string encoding, variant;
  double base = 0, start = 0, maxLen = 0;
};

// The one order in which a sequence's options are checked: vocabSize, dModel, seed, the tokens,
// encoding, variant, base, start, maxLen, whether the encoding covers every position, and the work.
Status make_sequence_spec(const RawSequence& raw, const double* tokens, std::size_t count, SequenceSpec& spec,
                          std::vector<int>& ids);

// out = embeddings of tokens (+ encoding), n × dModel. Assumes check_sequence passed.
void embed_sequence(const SequenceSpec& spec, const std::vector<int>& tokens, float* out);

}  // namespace pelab
