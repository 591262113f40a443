// The permutation experiment: self-attention over a token sequence and over the same sequence with
// two tokens swapped, once without a position encoding and once with one. Without it the outputs are
// the same rows relabelled (residual ~1e-7); with it they change.
#pragma once
#include <vector>

#include "pelab/encodings/sequence.hpp"

namespace pelab {

struct AttentionRun {
  std::vector<float> weights;  // n × n
  std::vector<float> output;   // n × dK
};

struct PermutationArm {
  AttentionRun original, swapped;
  // max over positions p and columns of |swapped.output[swap(p)] - original.output[p]|
  float relabelResidual = 0.f;
};

struct PermutationResult {
  PermutationArm withoutEncoding, withEncoding;
};

Status check_swap(int n, double i, double j);

// Both arms must be computable: the encoded arm (sinusoidal when spec.encoding is `none`) included.
Status check_permutation(const SequenceSpec& spec, int n);

// `spec.encoding` is the arm with an encoding (`none` is taken as `sinusoidal`). Assumes the tokens
// and check_sequence(spec, n) passed.
PermutationResult permutation_experiment(const SequenceSpec& spec, const std::vector<int>& tokens, int dK, int i, int j);

}  // namespace pelab
