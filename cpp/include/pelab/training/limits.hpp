// The ranges, name lists and caps of the trainer's options (training/spec.hpp). They live beside the
// trainer rather than in validation/limits.hpp so the training concern stays in its own files; the
// JS layer can read them the same way.
#pragma once
#include <array>
#include <cstdint>

#include "pelab/validation/limits.hpp"

namespace pelab::limits::training {

inline constexpr std::array<const char*, 2> tasks{"order", "count"};
// training::Encoding, name for name: `sinusoidal` and `learned` are added to the input, `rope` and
// `alibi` act inside attention.
inline constexpr std::array<const char*, 5> encodings{"none", "sinusoidal", "learned", "rope", "alibi"};
inline constexpr std::array<const char*, 2> attentions{"bidirectional", "causal"};
inline constexpr std::array<const char*, 2> readouts{"cls", "mean"};
inline constexpr std::array<const char*, 2> norms{"layernorm", "rmsnorm"};
inline constexpr std::array<const char*, 2> activations{"gelu", "relu"};

inline constexpr IntParam layers{"layers", 1, 4};
inline constexpr IntParam dModel{"dModel", 2, 256};
inline constexpr IntParam heads{"heads", 1, 16};
inline constexpr IntParam hidden{"hidden", 1, 1024};
// Task lengths (tokens, not counting a CLS token). `order` needs room for its two markers.
inline constexpr IntParam trainLength{"trainLength", 2, 512};
// The longest sequence evaluate() and the probes take; buffers are sized for it at construction.
inline constexpr IntParam maxEvalLength{"maxEvalLength", 2, 1024};
inline constexpr IntParam batch{"batch", 1, 1024};
inline constexpr RealParam learningRate{"learningRate", 1e-6, 1.0};  // 0 would train nothing
// Below 1, so Adam's bias corrections 1 - beta^t never vanish.
inline constexpr RealParam beta1{"beta1", 0.0, 0.9999};
inline constexpr RealParam beta2{"beta2", 0.0, 0.999999};
inline constexpr RealParam eps{"eps", 1e-12, 1.0};
// AdamW's decoupled weight decay: each step shrinks every parameter by learningRate × weightDecay of itself.
inline constexpr RealParam weightDecay{"weightDecay", 0.0, 1.0};

inline constexpr IntParam steps{"steps", 1, 1000000};  // per step() call, also held to maxWork
// The most steps a trainer takes in all: every count a double holds exactly (a saved state's `step`).
inline constexpr std::int64_t maxStepsTaken = (std::int64_t{1} << 53) - 1;
inline constexpr IntParam samples{"samples", 1, 1000000};  // per evaluate() call, also held to maxWork

// A trainer keeps its parameters and Adam's two moments; each call borrows the buffers of its passes
// (the parameters' gradients, activations and theirs: spec.hpp, pass_floats). Both together: at most
// this many floats (64 MiB).
inline constexpr std::int64_t maxFloats = std::int64_t{1} << 24;
// What all live trainers of one module keep (128 MiB; a running call adds its pass buffers): a page
// that forgets to delete() its trainers is told so before wasm memory runs out.
inline constexpr std::int64_t maxLiveFloats = std::int64_t{1} << 25;

// Work weights against limits::maxWork (training/work.hpp adds them up), measured in wasm SIMD under node
// with tests/bench/caps.mjs and a fit over shapes that each isolate one cost; one unit is about 0.16 ns
// there, so a call at its cap should take about 0.2 s, and well under a second in the scalar build.
// A step costs per multiply-add (work.hpp: forward and backward, 3× the forward's) and per attention
// score (NH·T² per sequence and layer): its softmax forward and backward and the transposes and
// small-head gemm tiles around it, ~180 multiply-adds' time, which dominates when heads are narrow or
// sequences long. Measured: the default model, 1,700 steps/s (0.6 ms for 3.9 M multiply-adds and 16 k
// scores); dModel 2, length 512: 33 ms per step for 2.1 M scores.
inline constexpr double stepMultiplyAddWork = 0.5;
inline constexpr double stepScoreWork = 100;
// Every step also updates every parameter with Adam and clears its gradient, the whole learned table
// included however few rows the batch reached: 3.5–3.8 ns per parameter (a table of 65,536 × 32 rows,
// 8 ms a step, where its forward and backward take microseconds).
inline constexpr double parameterWork = 24;
// ... and clears the activations' gradients, a buffer sized at construction for the larger of a
// training batch and one sequence of maxEvalLength: 0.13–0.22 ns per float while it fits the caches,
// 0.5 ns past them (dModel 64, 2 layers, maxEvalLength 1024: 1.8 M floats, 0.86 ms a step).
inline constexpr double clearedFloatWork = 3;
// Per sequence and layer, what the multiply-adds leave out (attention's per-sequence loops and the
// layer's norms and activations over few rows), ~300 ns; per sequence its sampling, ~80 ns; per step
// the kernels' calls and Adam's bias corrections, ~0.3 µs (dModel 2 × 1 head, batch 1024: 0.48 ms a step
// at 1 layer, 1.6 ms at 4, where the multiply-adds count for 0.03 ms).
inline constexpr double stepSequenceLayerWork = 2000;
inline constexpr double stepSequenceWork = 500;
inline constexpr double stepFixedWork = 2000;
// Evaluation: forward passes only. Per sample and layer ~190 ns, per sample ~120 ns beyond its
// multiply-adds and scores (one-sample forward passes, as a batch of 1 packs them: dModel 2, 0.31 µs a
// sample at 1 layer, 0.87 µs at 4).
inline constexpr double evaluationMultiplyAddWork = 0.5;
inline constexpr double evaluationScoreWork = 40;
inline constexpr double evaluationSequenceLayerWork = 1200;
inline constexpr double evaluationSequenceWork = 800;
// Per hidden float (a row's MLP activation, per layer), what the multiply-adds leave out: the activation and
// its derivative (GELU's tanh: ~25 ns a float in a step, ~11 ns in an evaluation, beyond ReLU), and, with a
// narrow dModel, the MLP's gemms over few columns, far slower per multiply-add than wide ones (ReLU at
// dModel 2: 15–20 ns a float in a step, ~4 ns in an evaluation). Measured in wasm SIMD at dModel 2 and 32,
// hidden 256 and 1024, with the default model's step as the reference in the same run.
inline constexpr double geluStepHiddenWork = 140;
inline constexpr double reluStepHiddenWork = 50;
inline constexpr double geluEvaluationHiddenWork = 55;
inline constexpr double reluEvaluationHiddenWork = 15;

}  // namespace pelab::limits::training
