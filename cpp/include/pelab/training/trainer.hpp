// Trains the small Transformer of model.hpp on a task of tasks.hpp, live: a step draws a fresh batch,
// runs forward and backward and updates with Adam. What a trainer keeps (parameters, Adam's moments) is
// allocated at construction; the buffers a pass uses are allocated at the start of each call and freed
// at its end, so an idle trainer is small (a page that drops trainers without delete() fills memory
// slowly); within a call, nothing is allocated.
//
// Variable lengths: the sequences of a batch are packed back to back (layers.hpp, Packing), each at its
// own length, so there is neither padding nor grouping by length.
//
// Each public call that takes untrusted numbers has a check_ function that says whether (and why not)
// the call may run; the call itself trusts its arguments.
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

#include "pelab/numerics/random.hpp"
#include "pelab/training/adam.hpp"
#include "pelab/training/model.hpp"
#include "pelab/training/spec.hpp"
#include "pelab/validation/status.hpp"

namespace pelab::training {

struct StepStats {
  double loss = 0;      // mean cross-entropy over the steps' batches, before each update
  double accuracy = 0;  // fraction of those samples classified right, before each update
  int steps = 0;
};

struct EvalStats {
  double loss = 0;
  double accuracy = 0;
  int samples = 0;
};

class Trainer {
 public:
  explicit Trainer(const TrainerSpec& spec);  // spec from make_trainer_spec
  const TrainerSpec& spec() const { return spec_; }

  // steps: an integer in range, and steps × one step's work (work.hpp) within limits::maxWork.
  Status check_steps(double steps) const;
  StepStats step(int steps);
  // Fine-tuning with the positions stretched by `scaling` for these steps (the short fine-tune the
  // context-extension papers run); the trained angles again afterwards.
  StepStats step(int steps, const RopeScaling& scaling);
  // A copy of this trainer as it is now (parameters, Adam's moments, the steps taken, the learned rows
  // reached), training from now on on lengths [minLength, maxLength]: its buffers are sized for them.
  // check_clone: the lengths (trainLength's rules, errors naming `trainLength`), then the copy's memory.
  Status check_clone(double minLength, double maxLength, TrainerSpec& out) const;
  Trainer(const Trainer& from, const TrainerSpec& spec);
  long long steps_taken() const { return stepsTaken_; }

  // What a trainer keeps between calls, as floats: the parameters, Adam's first and second moments, then one
  // flag (0 or 1) per learned row. With steps_taken() (which is also Adam's update count) it is all that
  // training, evaluation and probes read: a trainer made with the same options (the same fingerprint()) and
  // given it continues exactly as this one would, bit for bit (a page's pool of workers moves an arm so).
  std::size_t state_size() const;
  void save_state(float* out) const;
  std::uint32_t fingerprint() const { return training::fingerprint(spec_); }
  // In this order: step, an integer from 0 to maxStepsTaken; fingerprint, this trainer's; count, state_size();
  // parameters and first moments finite, second moments finite and ≥ 0, flags 0 or 1. Errors name `step`,
  // `fingerprint` and `state` (with the element at fault).
  Status check_state(double step, double fingerprint, const float* state, std::size_t count) const;
  void load_state(long long step, const float* state);

  // length: 2 … maxEvalLength (and a learned row for every position); samples × work capped; seed.
  Status check_evaluate(double length, double samples, double seed) const;
  // Forward passes over `samples` fresh samples of exactly `length` task tokens, drawn from the
  // evaluation stream under `seed` (never the samples training draws).
  EvalStats evaluate(int length, int samples, std::uint32_t seed);
  // The same over lengths drawn uniformly from [minLength, maxLength], as training draws them; its
  // errors name `lengths` (index 0 or 1), the single length's name `length`.
  Status check_evaluate(double minLength, double maxLength, double samples, double seed) const;
  EvalStats evaluate(int minLength, int maxLength, int samples, std::uint32_t seed);
  // Evaluation with the RoPE model's positions stretched by `scaling` (rope_scaling.hpp), as practitioners
  // run a checkpoint past its trained length without retraining: the trained weights, the scaled angles
  // for these passes only. check_rope_scaling names its options "ropeScaling.…"; a trainer of another
  // encoding refuses any scaling but none (rope_only).
  Status check_rope_scaling(const RawRopeScaling& raw, RopeScaling& out) const;
  EvalStats evaluate(int minLength, int maxLength, int samples, std::uint32_t seed, const RopeScaling& scaling);

  // Probes of one sequence of task tokens (the CLS token is prepended when the readout is cls):
  // 1 … maxEvalLength token ids in [0, vocabulary), layer and head in range. Converts the tokens into
  // `out` when they pass.
  Status check_probe(const double* tokens, std::size_t count, double layer, double head, std::vector<int>& out) const;
  int probe_rows(int count) const { return count + cls_tokens(spec_); }
  // out (n, n), n = probe_rows(count): row t holds query t's softmax weights over the keys.
  // Returns P(label 1) from the same forward pass (probability() below, without a second pass).
  double attention_weights(const int* tokens, int count, int layer, int head, float* out);
  // P(label 1) for one sequence (for tests: the bindings read it from attention_weights).
  double probability(const int* tokens, int count);

  // Learned encoding: one flag per row of the table, 1 once a training sequence has reached that
  // position (its row has had a gradient). Rows never reached keep their initial values exactly.
  // Empty for the other encodings.
  const std::vector<std::uint8_t>& learned_rows_trained() const { return rowsTrained_; }
  // For tests (no binding calls these): the position table added to the tokens (learned: as trained so
  // far), positionRows × dModel, null when the encoding is none; sample `index` of the task at `length`
  // under `seed` from the evaluation stream (what evaluate() sees); the model itself.
  const float* position_table() const { return model_.position_table(); }
  void example(int length, std::uint32_t seed, std::uint64_t index, int* tokens, int& label) const;
  Model<float>& model() { return model_; }

 private:
  void begin_batch();
  int draw_training_batch();
  void add_sequence(random::Stream stream, std::uint32_t seed, std::uint64_t index, int length);
  void close_sequence(int count);
  void add_tokens(const int* tokens, int count);
  bool fits(int rows) const;
  Status check_samples(double maxLength, double samples, double seed) const;
  Status check_probe_work(double count) const;
  Packing packing() const;
  int correct(const float* probs) const;

  TrainerSpec spec_;
  Model<float> model_;
  Adam adam_;
  AdamSettings settings_;
  // The packed batch (layers.hpp, Packing): tokens (rows), row and attention offsets, labels.
  std::vector<int> tokens_, rows_, attention_, labels_;
  int sequences_ = 0;
  long long stepsTaken_ = 0;
  std::vector<std::uint8_t> rowsTrained_;
};

}  // namespace pelab::training
