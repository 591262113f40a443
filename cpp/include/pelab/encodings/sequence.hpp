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
  double base = 10000.0;               // sinusoidal only
  Variant variant = Variant::paper;    // sinusoidal only
  int start = 0;                       // first position of the sequence
  LearnedSpec learned;                 // learned only; its dModel and seed follow `embedding`
};

// Checks that the encoding can cover positions start … start+n-1 (the learned table may not).
Status check_sequence(const SequenceSpec& spec, int n);

// out = embeddings of tokens (+ encoding), n × dModel. Assumes check_sequence passed.
void embed_sequence(const SequenceSpec& spec, const std::vector<int>& tokens, float* out);

}  // namespace pelab
