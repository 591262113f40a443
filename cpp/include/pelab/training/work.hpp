// What a trainer's calls cost, in the units of limits::maxWork: the counts (multiply-adds, attention
// scores, parameters, cleared floats, sequences, layers) weighted as limits::training says. step(),
// evaluate() and attentionWeights() are refused past the cap; these functions are the whole model.
#pragma once
#include "pelab/training/spec.hpp"

namespace pelab::training {

// Multiply-adds of one forward pass over `sequences` sequences of `length` rows each (CLS included):
// the matmuls of every layer, attention's scores and weighted sums, and the readout.
double forward_multiply_adds(const TrainerSpec& spec, double sequences, double length);
// A training step at the longest training length: forward + backward (twice the forward's).
double step_multiply_adds(const TrainerSpec& spec);
// Attention scores of one forward pass: NH·T² per sequence and layer.
double attention_scores(const TrainerSpec& spec, double sequences, double length);

// One training step at the longest training length: forward and backward over the batch, Adam's update
// and the clearing of every gradient (over all parameters, the whole learned table included), and the
// step's fixed cost.
double step_work(const TrainerSpec& spec);
// One evaluated sample of `length` task tokens: a forward pass and the sample's own fixed cost.
double sample_work(const TrainerSpec& spec, double length);
// What every call costs once: allocating and zeroing its pass buffers (spec.hpp, pass_floats).
double call_work(const TrainerSpec& spec);
// A probe of `count` tokens (attentionWeights): one forward pass over one sequence, as one call.
double probe_work(const TrainerSpec& spec, double count);

}  // namespace pelab::training
