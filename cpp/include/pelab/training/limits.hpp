// The ranges, name lists and caps of the trainer's options (training/spec.hpp). They live beside the
// trainer rather than in validation/limits.hpp so the training concern stays in its own files; the
// JS layer can read them the same way.
#pragma once
#include <array>
#include <cstdint>

#include "pelab/validation/limits.hpp"

namespace pelab::limits::training {

inline constexpr std::array<const char*, 2> tasks{"order", "count"};
// Encodings added to the input. `rope` and `alibi` act inside attention instead; when they come they
// are appended here (and to training::Encoding) and handled by the attention layer.
inline constexpr std::array<const char*, 3> encodings{"none", "sinusoidal", "learned"};
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
inline constexpr RealParam learningRate{"learningRate", 0.0, 1.0};
// Below 1, so Adam's bias corrections 1 - beta^t never vanish.
inline constexpr RealParam beta1{"beta1", 0.0, 0.9999};
inline constexpr RealParam beta2{"beta2", 0.0, 0.999999};
inline constexpr RealParam eps{"eps", 1e-12, 1.0};

inline constexpr IntParam steps{"steps", 1, 1000000};     // per step() call, also held to maxWork
inline constexpr IntParam samples{"samples", 1, 1000000}; // per evaluate() call, also held to maxWork

// A trainer holds parameters (×4 with gradients and Adam's moments), activations and their gradients:
// at most this many floats in all (64 MiB).
inline constexpr std::int64_t maxFloats = std::int64_t{1} << 24;

// Work weights, per counted multiply-add (spec.hpp: forward_multiply_adds, step_multiply_adds), against
// limits::maxWork. Measured in wasm SIMD under node on this project's 2-core machine with both cores
// busy: the default model trains at ~1,500 steps/s (3.9 M counted multiply-adds each, ~6 G/s) and
// evaluates ~80,000 samples/s of lengths 8–16 (~3 G/s), against the ~1 G per second the caps budget.
// Weight 1 therefore leaves a call at its cap well under a second (the scalar build is ~2.5× slower).
inline constexpr double trainingWork = 1;
inline constexpr double evaluationWork = 1;

}  // namespace pelab::limits::training
