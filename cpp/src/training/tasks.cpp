#include "pelab/training/tasks.hpp"

#include <algorithm>

namespace pelab::training {
namespace {

// The draws of one sample: a key from (seed, stream, index), then successive counters under it.
class SampleDraws {
 public:
  SampleDraws(std::uint32_t seed, random::Stream stream, std::uint64_t index, std::uint64_t firstCounter)
      : key_(random::mix64(random::mix64(seed ^ (static_cast<std::uint64_t>(stream) << 32)) + index)),
        counter_(firstCounter) {}
  // Uniform in [0, n). Modulo of 64 random bits: the bias, below n/2⁶⁴, is far below anything measured.
  int below(int n) { return static_cast<int>(random::mix64(key_ + counter_++) % static_cast<std::uint64_t>(n)); }
  int filler() { return first_filler + below(kFillerKinds); }

 private:
  std::uint64_t key_;
  std::uint64_t counter_;
};

// Two distinct positions, A at the earlier one when the label is 1.
void order_sample(SampleDraws& draws, int length, int label, int* tokens) {
  for (int i = 0; i < length; ++i) tokens[i] = draws.filler();
  const int p = draws.below(length);
  int q = draws.below(length - 1);
  if (q >= p) ++q;
  const int first = std::min(p, q), second = std::max(p, q);
  tokens[first] = label ? marker_a : marker_b;
  tokens[second] = label ? marker_b : marker_a;
}

// Minority count m in [0, (length-1)/2], majority in [m+1, length-m]: never a tie, and both fit.
void count_sample(SampleDraws& draws, int length, int label, int* tokens) {
  const int minority = draws.below((length - 1) / 2 + 1);
  const int majority = minority + 1 + draws.below(length - 2 * minority);
  const int more = label ? marker_a : marker_b, fewer = label ? marker_b : marker_a;
  for (int i = 0; i < length; ++i) tokens[i] = i < majority ? more : i < majority + minority ? fewer : draws.filler();
  for (int i = length - 1; i > 0; --i) std::swap(tokens[i], tokens[draws.below(i + 1)]);  // Fisher–Yates
}

}  // namespace

void make_sample(Task task, std::uint32_t seed, random::Stream stream, std::uint64_t index, int length, int* tokens,
                 int& label) {
  SampleDraws draws(seed, stream, index, 1);  // counter 0 is the length's (sample_length)
  label = static_cast<int>(index % 2);
  if (task == Task::order) order_sample(draws, length, label, tokens);
  else count_sample(draws, length, label, tokens);
}

int sample_length(std::uint32_t seed, random::Stream stream, std::uint64_t index, int minLength, int maxLength) {
  SampleDraws draws(seed, stream, index, 0);
  return minLength + draws.below(maxLength - minLength + 1);
}

}  // namespace pelab::training
