#include "pelab/encodings/rope_scaling.hpp"

#include <algorithm>
#include <cmath>

#include "pelab/encodings/rope.hpp"
#include "pelab/validation/limits.hpp"

namespace pelab {
namespace {

static_assert(static_cast<int>(RopeScalingType::yarn) == 4 && limits::ropeScalings.size() == 5);

constexpr double kPi = 3.14159265358979323846;

// θ_i = base^(−2i/r), pair i of r dimensions.
std::vector<double> unscaled(int r, double base) {
  std::vector<double> theta(static_cast<std::size_t>(r / 2));
  for (int i = 0; i < r / 2; ++i) theta[static_cast<std::size_t>(i)] = 1.0 / std::pow(base, 2.0 * i / r);
  return theta;
}

// The dimension (of r) whose pair turns `rotations` times over `length` positions: YaRN's
// find_correction_dim, r·ln(L₀ / (rotations·2π)) / (2·ln base).
double correction_dim(double rotations, int r, double base, double length) {
  return r * std::log(length / (rotations * 2 * kPi)) / (2 * std::log(base));
}

std::vector<double> yarn(int r, double base, const RopeScaling& c) {
  const std::vector<double> theta = unscaled(r, base);
  double low = std::floor(correction_dim(c.betaFast, r, base, c.originalMaxPositions));
  double high = std::ceil(correction_dim(c.betaSlow, r, base, c.originalMaxPositions));
  low = std::max(low, 0.0), high = std::min(high, r - 1.0);
  if (low == high) high += 0.001;  // as transformers does, so the ramp has a width
  std::vector<double> out(theta.size());
  for (std::size_t i = 0; i < theta.size(); ++i) {
    // 0 below `low` (the pair turns often over L₀: kept), 1 past `high` (rarely: interpolated).
    const double ramp = std::clamp((static_cast<double>(i) - low) / (high - low), 0.0, 1.0);
    out[i] = theta[i] / c.factor * ramp + theta[i] * (1 - ramp);
  }
  return out;
}

// Params of a scaling, prefixed by the name the caller nests them under.
Status nested(Status s, const char* prefix) {
  if (!s.ok && *prefix) s.param = std::string(prefix) + s.param;
  return s;
}

}  // namespace

double attention_factor(const RopeScaling& c) {
  return c.type == RopeScalingType::yarn && c.factor > 1 ? 0.1 * std::log(c.factor) + 1.0 : 1.0;
}

ScaledFrequencies scaled_frequencies(int r, double base, const RopeScaling& c) {
  const double stretch = static_cast<double>(r) / (r - 2);  // NTK's exponent (r ≥ 4 where it is used)
  switch (c.type) {
    case RopeScalingType::none: return {unscaled(r, base), 1.0};
    case RopeScalingType::linear: {
      std::vector<double> theta = unscaled(r, base);
      for (double& t : theta) t /= c.factor;
      return {theta, 1.0};
    }
    case RopeScalingType::ntk: return {unscaled(r, base * std::pow(c.factor, stretch)), 1.0};
    case RopeScalingType::dynamic: {
      const double length = std::max(c.length, c.originalMaxPositions);
      return {unscaled(r, base * std::pow(c.factor * length / c.originalMaxPositions - (c.factor - 1), stretch)), 1.0};
    }
    case RopeScalingType::yarn: return {yarn(r, base, c), attention_factor(c)};
  }
  return {unscaled(r, base), 1.0};
}

Status make_rope_scaling(const RawRopeScaling& raw, RopeScaling& out) {
  RopeScaling c;
  Status s = limits::parse_choice(limits::ropeScalings, "type", raw.type, c.type);
  if (s.ok) s = check(limits::scalingFactor, raw.factor);
  const bool trained = c.type == RopeScalingType::dynamic || c.type == RopeScalingType::yarn;
  if (s.ok && trained) {
    if (std::isnan(raw.originalMaxPositions)) {
      s = Status::broken(Rule::scaling_needs, "originalMaxPositions", 0, 0, 0);
      s.a = static_cast<double>(c.type);
    } else {
      s = check(limits::originalMaxPositions, raw.originalMaxPositions);
    }
  }
  if (s.ok && c.type == RopeScalingType::dynamic && !std::isnan(raw.length))
    s = check(limits::scalingLength, raw.length);
  if (s.ok && c.type == RopeScalingType::yarn)
    s = first_error(check(limits::betaFast, raw.betaFast), check(limits::betaSlow, raw.betaSlow));
  if (s.ok && c.type == RopeScalingType::yarn && raw.betaSlow >= raw.betaFast)
    s = Status::broken(Rule::below, "betaSlow", raw.betaSlow, 0, raw.betaFast);
  if (!s.ok) return s;
  c.factor = raw.factor;
  c.originalMaxPositions = trained ? raw.originalMaxPositions : 0;
  c.length = std::isnan(raw.length) ? 0 : raw.length;
  c.betaFast = raw.betaFast, c.betaSlow = raw.betaSlow;
  out = c;
  return s;
}

Status make_scaling_for(const RawRopeScaling& raw, double rotaryDims, double dHead, RopeScaling& out,
                        const char* prefix) {
  RopeScaling scaling;
  Status s = nested(make_rope_scaling(raw, scaling), prefix);
  if (s.ok && rotaryDims < 4 && (scaling.type == RopeScalingType::ntk || scaling.type == RopeScalingType::dynamic)) {
    s = Status::broken(Rule::rotary_dims, "rotaryDims", rotaryDims, 4, 2 * std::floor(dHead / 2));
    s.a = dHead;
  }
  if (s.ok) out = scaling;
  return s;
}

Status make_rope_frequencies_request(double dHead, double base, double rotaryDims, const RawRopeScaling& scaling,
                                     RopeFrequenciesRequest& out) {
  Status s = first_error(check(limits::dHead, dHead), check(limits::base, base));
  if (s.ok) s = check_rotary_dims(rotaryDims, dHead);
  RopeScaling checked;
  if (s.ok) s = make_scaling_for(scaling, rotaryDims, dHead, checked);
  if (!s.ok) return s;
  out.rotaryDims = static_cast<int>(rotaryDims);
  out.base = base;
  out.scaling = checked;
  return s;
}

}  // namespace pelab
