// The trainer's Transformer encoder classifier, as llm.c lays out GPT-2: every parameter in one flat
// buffer with named views (ParameterTensors), every activation in another (ActivationTensors), the
// gradients of both in buffers of the same layout: the parameters, their gradients and Adam's moments
// allocated once at construction, the pass buffers for each call (see Model's comment on them below).
//
//   tokens → embedding (+ position) → L × [norm → attention → +residual → norm → MLP → +residual]
//          → readout (CLS row or mean) → norm → linear (C → 2) → softmax cross-entropy
//
// Pre-norm blocks as GPT-2. A templated class: Model<float> trains, Model<double> is the same code in
// double for the finite-difference checks.
#pragma once
#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "pelab/encodings/variant.hpp"
#include "pelab/training/layers.hpp"
#include "pelab/training/spec.hpp"

namespace pelab::training {

inline constexpr int kClasses = 2;

struct ModelConfig {
  int vocab = 8, C = 16, NH = 2, H = 32, L = 1;
  Norm norm = Norm::layernorm;
  Activation activation = Activation::gelu;
  bool causal = false;
  Readout readout = Readout::mean;
  Encoding encoding = Encoding::none;
  int positionRows = 0;  // P: learned rows (maxLen), or sinusoidal rows (the longest sequence); else 0
  double base = 10000;   // sinusoidal and rope (whose tables cover maxLength positions)
  Variant variant = Variant::paper;
  std::uint32_t seed = 0;
  // Capacity, fixed at construction: per forward pass at most maxSequences sequences, maxRows rows in
  // all, maxAttention attention floats per layer (Σ NH·T_b²), and no sequence longer than maxLength.
  int maxSequences = 32, maxRows = 512, maxAttention = 16384, maxLength = 64;
};

// The parameters, in the order they lie in the flat buffer. (L, …) tensors hold every layer's copy
// back to back. Under RMSNorm the norm biases are empty; without a learned encoding, wpe is empty.
template <typename T>
struct ParameterTensors {
  T* wte;       // (V, C) token embeddings
  T* wpe;       // (P, C) learned positions
  T* ln1w;      // (L, C)
  T* ln1b;      // (L, C)
  T* qkvw;      // (L, C, 3C)
  T* qkvb;      // (L, 3C)
  T* attprojw;  // (L, C, C)
  T* attprojb;  // (L, C)
  T* ln2w;      // (L, C)
  T* ln2b;      // (L, C)
  T* fcw;       // (L, C, H)
  T* fcb;       // (L, H)
  T* fcprojw;   // (L, H, C)
  T* fcprojb;   // (L, C)
  T* lnfw;      // (C)
  T* lnfb;      // (C)
  T* clsw;      // (C, 2)
  T* clsb;      // (2)
};
inline constexpr int kParameterTensors = 18;
inline constexpr std::array<const char*, kParameterTensors> kParameterNames{
    "wte",  "wpe", "ln1w", "ln1b",    "qkvw",    "qkvb", "attprojw", "attprojb", "ln2w",
    "ln2b", "fcw", "fcb",  "fcprojw", "fcprojb", "lnfw", "lnfb",     "clsw",     "clsb"};
std::array<std::size_t, kParameterTensors> parameter_sizes(const ModelConfig& c);

// The activations (N = maxRows, B = maxSequences, A = maxAttention). Their gradients use the same
// layout, with the tensors backward never reads (means, rstds, att, probs, losses) left empty.
template <typename T>
struct ActivationTensors {
  T* encoded;    // (N, C) token + position
  T* ln1;        // (L, N, C)
  T* ln1_mean;   // (L, N)
  T* ln1_rstd;   // (L, N)
  T* qkv;        // (L, N, 3C)
  T* atty;       // (L, N, C) attention output, heads side by side
  T* att;        // (L, A) softmax weights, per sequence (NH, T_b, T_b)
  T* attproj;    // (L, N, C)
  T* residual2;  // (L, N, C)
  T* ln2;        // (L, N, C)
  T* ln2_mean;   // (L, N)
  T* ln2_rstd;   // (L, N)
  T* fch;        // (L, N, H)
  T* fch_act;    // (L, N, H)
  T* fcproj;     // (L, N, C)
  T* residual3;  // (L, N, C)
  T* pooled;     // (B, C) readout
  T* lnf;        // (B, C)
  T* lnf_mean;   // (B)
  T* lnf_rstd;   // (B)
  T* logits;     // (B, 2)
  T* probs;      // (B, 2)
  T* losses;     // (B)
};
inline constexpr int kActivationTensors = 23;
std::array<std::size_t, kActivationTensors> activation_sizes(const ModelConfig& c, bool gradients);

// The model a trainer spec asks for, with the capacity its trainer needs: a training batch at the
// longest training length, or one sequence of maxEvalLength (evaluation packs as many as fit).
ModelConfig model_config(const TrainerSpec& spec);
std::size_t parameter_count(const ModelConfig& c);

// Floats a Model keeps between passes (parameters, fixed tables), and the floats only a pass uses
// (the parameters' gradients, the activations and theirs, scratch), which it can release in between.
std::size_t model_kept_floats(const ModelConfig& c);
std::size_t model_pass_floats(const ModelConfig& c);

template <typename T>
class Model {
 public:
  explicit Model(const ModelConfig& config);  // allocates everything and initialises the parameters
  Model(const Model&) = delete;               // the views point into this object's buffers
  Model& operator=(const Model&) = delete;

  // The pass buffers (model_pass_floats): held from construction. A trainer releases them between its
  // calls, so that an idle trainer holds only its parameters, and acquires them, zeroed, for each call.
  // While released, grads, acts, dacts, gradients(), probabilities() and attention() are unusable.
  void release_pass_buffers();
  void acquire_pass_buffers();

  const ModelConfig& config() const { return config_; }

  // Forward over a packed batch (tokens (N), pk within capacity). With labels (B), returns the mean
  // cross-entropy; without, 0. probabilities() holds softmax(logits) either way.
  T forward(const int* tokens, const int* labels, const Packing& pk);
  // Gradients of the mean loss of the last forward (same arguments): zeroed, then filled.
  void backward(const int* tokens, const int* labels, const Packing& pk);

  ParameterTensors<T> params{}, grads{};
  ActivationTensors<T> acts{}, dacts{};
  T* parameters() { return paramMemory_.data(); }
  const T* parameters() const { return paramMemory_.data(); }
  T* gradients() { return gradMemory_.data(); }
  std::size_t parameter_count() const { return paramMemory_.size(); }
  // Tensor i of the flat buffers (kParameterNames[i]): its first element and size (for tests).
  std::size_t tensor_offset(int i) const { return offsets_[static_cast<std::size_t>(i)]; }
  std::size_t tensor_size(int i) const { return sizes_[static_cast<std::size_t>(i)]; }

  const T* probabilities() const { return acts.probs; }  // (B, 2)
  const T* attention(int layer) const;                   // (A) of that layer
  // The table added to token embeddings: learned (trained), sinusoidal (fixed), or null.
  const T* position_table() const;
  // What attention applies inside (rope's cos/sin tables, alibi's slopes), or all null.
  InAttention<T> in_attention() const;
  // A RoPE model's angles from now on, under `scaling` (none: the angles it was built with); a model of
  // another encoding is left as it is.
  void set_rope_scaling(const RopeScaling& scaling);

 private:
  void initialise();
  void layer_forward(int l, const T* residual, const Packing& pk);
  void layer_backward(int l, const T* residual, T* dresidual, const Packing& pk);
  void norm_forward(T* out, T* mean, T* rstd, const T* inp, const T* w, const T* b, int N);
  void norm_backward(T* dinp, T* dw, T* db, const T* dout, const T* inp, const T* w, const T* mean, const T* rstd,
                     int N);

  ModelConfig config_;
  std::array<std::size_t, kParameterTensors> sizes_{}, offsets_{};
  std::vector<T> paramMemory_, gradMemory_, actMemory_, dactMemory_, scratch_, fixedPositions_;
  std::vector<T> inAttention_;  // rope: cos then sin (maxLength, hs/2); alibi: slopes (NH)
  std::vector<int> noLabels_;
};

extern template class Model<float>;
extern template class Model<double>;

}  // namespace pelab::training
