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

inline constexpr IntParam steps{"steps", 1, 1000000};      // per step() call, also held to maxWork
inline constexpr IntParam samples{"samples", 1, 1000000};  // per evaluate() call, also held to maxWork

// A trainer holds parameters (×4 with gradients and Adam's moments), activations and their gradients:
// at most this many floats in all (64 MiB).
inline constexpr std::int64_t maxFloats = std::int64_t{1} << 24;
// All live trainers of one module together (128 MiB): a page that forgets to delete() its trainers
// is told so before wasm memory runs out.
inline constexpr std::int64_t maxLiveFloats = std::int64_t{1} << 25;

// Work weights against limits::maxWork, measured in wasm SIMD under node (a call at its cap should take
// well under a second there). A step costs per multiply-add (spec.hpp: forward and backward, 3× the
// forward's) and per attention score (NH·T² per sequence and layer): its softmax forward and backward
// and the transposes and small-head gemm tiles around it, ~180 multiply-adds' time, which dominates
// when heads are narrow or sequences long. Measured: the default model, 1,700 steps/s (0.6 ms for
// 3.9 M multiply-adds and 16 k scores); dModel 2, length 512: 33 ms per step for 2.1 M scores.
// With these weights a call at its cap took 0.12–0.26 s in wasm SIMD and 0.14–0.54 s in the scalar build
// (step and evaluate; the default model, dModel 64 × 4 layers, one-wide heads at length 128, dModel 2
// at length 512), so the default model can take ~300 steps in one call.
inline constexpr double stepMultiplyAddWork = 0.5;
inline constexpr double stepScoreWork = 100;
inline constexpr double evaluationMultiplyAddWork = 0.5;
inline constexpr double evaluationScoreWork = 40;

}  // namespace pelab::limits::training
