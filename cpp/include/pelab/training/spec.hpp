// What a trainer is asked to build: a small Transformer encoder classifier, its task and its optimiser.
// TrainerOptions holds the caller's raw values (numbers as doubles, choices as names);
// make_trainer_spec checks every one, row by row of trainer_option_rows() (the fields' order), then the
// rules that tie fields together, then the caps on work and memory, and fills a TrainerSpec the trainer
// can trust.
#pragma once
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "pelab/encodings/variant.hpp"
#include "pelab/validation/limits.hpp"
#include "pelab/validation/status.hpp"

namespace pelab::training {

enum class Task { order, count };  // limits::training::tasks, name for name
// Where a token's position enters: nothing, a table added to the token embeddings (sinusoidal,
// learned), or inside attention (rope rotates queries and keys, alibi biases the scores: layers.hpp).
enum class Encoding { none, sinusoidal, learned, rope, alibi };
enum class Norm { layernorm, rmsnorm };
enum class Activation { gelu, relu };
enum class Readout { cls, mean };

// The caller's options, in the order the API lists them and make_trainer_spec checks them. A default
// here is the API's default (the bindings read it from a default-constructed TrainerOptions).
struct TrainerOptions {
  std::string task = "order";
  std::string encoding = "none";
  std::string attention = "bidirectional";
  std::string readout = "mean";
  std::string norm = "layernorm";
  std::string activation = "gelu";
  double layers = 1;
  double dModel = 16;
  double heads = 2;
  std::optional<double> hidden;  // MLP width, dModel → hidden → dModel; absent: 2 × dModel
  double minLength = 8;          // trainLength[0]: task tokens per sequence, CLS not counted
  double maxLength = 16;         // trainLength[1]
  // The longest sequence evaluate() and the probes accept; absent: 64, or trainLength[1] if longer.
  std::optional<double> maxEvalLength;
  double batch = 32;
  double learningRate = 1e-2;
  double beta1 = 0.9;
  double beta2 = 0.999;
  double eps = 1e-8;
  double weightDecay = 0;  // AdamW's decoupled decay (adam.hpp); 0 leaves a never-reached learned row as it began
  double maxLen = 128;     // learned: rows of the table (positions 0 … maxLen-1)
  double base = 10000;     // sinusoidal and rope
  std::string variant = "paper";  // sinusoidal
  double seed = 0;
};

// The options as a table, one row per option in TrainerOptions' order: its name as the JS API spells
// it, what it holds, the field it fills, and the range or name list it is checked against. An option
// is declared here, once, for the core's checks, the bindings (the JS layer's schema, defaults and
// messages read it) and the limits the JS layer quotes; its default is its field's initializer. What
// it means is elsewhere: the TrainerSpec field make_trainer_spec copies it into, and the code using it.
struct TrainerOptionRow {
  enum class Holds { name, number, optional, pair };
  const char* name;
  Holds holds;
  std::string TrainerOptions::*text = nullptr;             // a name
  double TrainerOptions::*value = nullptr;                 // a number; a pair's first
  double TrainerOptions::*second = nullptr;                // a pair's second (held to [first, hi])
  std::optional<double> TrainerOptions::*maybe = nullptr;  // an optional number
  limits::Names names{};                                   // a name's list (training/limits.hpp)
  const IntParam* ints = nullptr;                          // a number's range: integers
  const RealParam* reals = nullptr;
  double (*absent)(const TrainerOptions&) = nullptr;  // an optional number's value when left out
  double (*floor)(const TrainerOptions&) = nullptr;   // a lower bound that depends on earlier options
};
const std::vector<TrainerOptionRow>& trainer_option_rows();
// The value a row checks: a number, a pair's first, or an optional number (or its value when absent).
double row_value(const TrainerOptionRow& row, const TrainerOptions& o);

// The checked options as the model takes them. Every field is filled by make_trainer_spec from a
// TrainerOptions, whose initializers are the defaults: none is restated here (zero until filled).
struct TrainerSpec {
  Task task{};
  Encoding encoding{};
  double base = 0;
  Variant variant{};
  int maxLen = 0;
  bool causal = false;
  Readout readout{};
  Norm norm{};
  Activation activation{};
  int layers = 0, dModel = 0, heads = 0, hidden = 0;
  int minLength = 0, maxLength = 0, maxEvalLength = 0;
  int batch = 0;
  double learningRate = 0, beta1 = 0, beta2 = 0, eps = 0, weightDecay = 0;
  std::uint32_t seed = 0;
};

Status make_trainer_spec(const TrainerOptions& options, TrainerSpec& out);

// 1 when a CLS token is prepended at position 0, else 0.
inline int cls_tokens(const TrainerSpec& s) { return s.readout == Readout::cls ? 1 : 0; }

// Floats a trainer built from this spec keeps between calls (parameters and Adam's two moments, fixed
// tables, its packing buffers), and the floats each call borrows for its passes (gradients, activations and theirs,
// scratch). Together they are capped by limits::training::maxFloats; the live trainers' kept floats by maxLiveFloats.
double trainer_floats(const TrainerSpec& spec);
double pass_floats(const TrainerSpec& spec);
// The spec as one number (FNV-1a over every field): trainers made with the same options have the same, and
// a saved state carries its trainer's, so that it is loaded only into a trainer like it (trainer.hpp).
std::uint32_t fingerprint(const TrainerSpec& spec);
// A new trainer of `floats` floats beside live ones holding `liveFloats`: within maxLiveFloats?
Status check_live_floats(double liveFloats, double floats);

}  // namespace pelab::training
