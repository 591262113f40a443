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

// Four self-attention runs (two arms, each before and after the swap): projections and attention.
double permutation_work(double n, double dModel, double dK);

// The experiment as a caller gives it, checked in the order: the sequence (make_sequence_spec), the
// encoded arm, dK and the work of all four runs, then the swap.
struct PermutationRequest {
  SequenceSpec spec;
  std::vector<int> tokens;
  int dK = 0, i = 0, j = 0;
};
Status make_permutation_request(const RawSequence& raw, const double* tokens, std::size_t count, double dK, double i,
                                double j, PermutationRequest& out);

// `spec.encoding` is the arm with an encoding (`none` is taken as `sinusoidal`). Assumes the
// request was made by make_permutation_request.
PermutationResult permutation_experiment(const SequenceSpec& spec, const std::vector<int>& tokens, int dK, int i,
                                         int j);

}  // namespace pelab
