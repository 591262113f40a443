// How practitioners stretch RoPE past the length a model was trained on: each method rewrites the
// rotated pairs' frequencies (and YaRN an attention factor on cos and sin) for r = rotaryDims dimensions,
// with θ_i = base^(−2i/r) the unscaled ones, s the factor, L₀ the trained length. Conventions are those of
// Hugging Face transformers' modeling_rope_utils.py (_compute_*_parameters), in double:
// - linear, position interpolation (Chen et al. 2023, arXiv 2306.15595): θ_i / s;
// - ntk, "NTK-aware" scaling as first proposed: the base becomes base · s^(r/(r−2));
// - dynamic NTK: base · (s·L/L₀ − (s − 1))^(r/(r−2)), L = max(length, L₀);
// - yarn (Peng et al. 2023, arXiv 2309.00071): pairs below the dimension that turns βfast times over L₀ keep
//   θ_i, those past the one that turns βslow times take θ_i / s, a linear ramp between (its bounds floored
//   and ceiled, clamped to [0, r − 1]); the attention factor is 0.1·ln s + 1.
#pragma once
#include <cmath>
#include <string>
#include <vector>

#include "pelab/validation/status.hpp"

namespace pelab {

enum class RopeScalingType { none, linear, ntk, dynamic, yarn };  // follows limits::ropeScalings

// YaRN's βfast and βslow as the paper suggests and transformers defaults them.
inline constexpr double kYarnBetaFast = 32, kYarnBetaSlow = 1;

struct RopeScaling {
  RopeScalingType type = RopeScalingType::none;
  double factor = 1.0;                                        // s ≥ 1
  double originalMaxPositions = 0;                            // L₀: dynamic and yarn
  double length = 0;                                          // L: dynamic only (0 counts as L₀)
  double betaFast = kYarnBetaFast, betaSlow = kYarnBetaSlow;  // yarn only
};

struct ScaledFrequencies {
  std::vector<double> invFreq;   // r/2 angles per position, pair i at i
  double attentionFactor = 1.0;  // cos and sin are multiplied by it
};

// What cos and sin are multiplied by: YaRN's 0.1·ln s + 1 (1 for s ≤ 1), else 1.
double attention_factor(const RopeScaling& scaling);

// The frequencies of `rotaryDims` (even, ≥ 2) dimensions with `base`, under `scaling`.
ScaledFrequencies scaled_frequencies(int rotaryDims, double base, const RopeScaling& scaling);

// A scaling as the caller gives it: left out, none; `originalMaxPositions` and `length` NaN when left out.
struct RawRopeScaling {
  std::string type = "none";
  double factor = 1.0;
  double originalMaxPositions = std::nan("");
  double length = std::nan("");
  double betaFast = kYarnBetaFast, betaSlow = kYarnBetaSlow;
};

// Checked in the order type, factor, then what the type reads: originalMaxPositions (needed by dynamic and
// yarn), length (dynamic), betaFast, betaSlow (below betaFast) (yarn). Parameters are named bare ("factor"):
// make_scaling_for names them as the caller nests them.
Status make_rope_scaling(const RawRopeScaling& raw, RopeScaling& out);

// The scaling of `rotaryDims` dimensions, its parameters named `prefix` + "factor", …; NTK's two forms need
// rotaryDims ≥ 4 (their exponent r/(r − 2)), refused by rope's rotary_dims rule.
Status make_scaling_for(const RawRopeScaling& raw, double rotaryDims, double dHead, RopeScaling& out,
                        const char* prefix = "scaling.");

// lab.ropeFrequencies: dHead, base, rotaryDims (rope's rule), then the scaling.
struct RopeFrequenciesRequest {
  int rotaryDims = 0;
  double base = 10000.0;
  RopeScaling scaling;
};
Status make_rope_frequencies_request(double dHead, double base, double rotaryDims, const RawRopeScaling& scaling,
                                     RopeFrequenciesRequest& out);

}  // namespace pelab
