// The two classification tasks, generated on the fly from the counter-based generator (random.hpp):
// sample i under (seed, stream) is a pure function of those three numbers and the options, so the same
// seed and options give bit-identical batches on every platform, and any sample can be made alone.
//
//   order: filler tokens with exactly one marker A and one marker B; label 1 when A comes before B.
//          Needs positions: without them the model sees a bag of tokens, identical for both labels.
//   count: A and B occur any number of times (never equally often); label 1 when A occurs more often.
//          A control: it needs no order, so a model without positions can learn it.
//
// Labels alternate with the sample index (label = i mod 2): any run of consecutive samples is balanced,
// within one, so a model that ignores its input scores exactly chance.
#pragma once
#include <cstdint>

#include "pelab/numerics/random.hpp"
#include "pelab/training/spec.hpp"

namespace pelab::training {

// The vocabulary: a CLS token, the two markers, and a few kinds of filler.
enum Token : int { cls_token = 0, marker_a = 1, marker_b = 2, first_filler = 3 };
inline constexpr int kFillerKinds = 5;
inline constexpr int kVocabulary = first_filler + kFillerKinds;

// The task tokens of sample `index` (`length` of them, no CLS) into tokens, and its label.
void make_sample(Task task, std::uint32_t seed, random::Stream stream, std::uint64_t index, int length, int* tokens,
                 int& label);

// The length of sample `index`, uniform in [minLength, maxLength].
int sample_length(std::uint32_t seed, random::Stream stream, std::uint64_t index, int minLength, int maxLength);

}  // namespace pelab::training
