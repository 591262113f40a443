#include "pelab/training/adam.hpp"

#include <cfloat>
#include <cmath>

namespace pelab::training {
namespace {

// Wasm never flushes subnormal floats, and arithmetic on them is ~25× slower on some CPUs (measured on an
// Intel Xeon): a unit whose gradient stays 0 (a dead ReLU) decays m and v into that range and keeps them
// there for thousands of steps (v at β2 0.999 takes ~16,000 to cross it), which made a step 30–65× slower.
// Below FLT_MIN (1.2e-38) a moment is 0 for the update: its effect is under lr·1e-38/eps.
float flushed(float x) { return std::fabs(x) < FLT_MIN ? 0.f : x; }
constexpr float kSquareUnderflows = 1.0842022e-19f;  // √FLT_MIN: a smaller |g| squares to a subnormal

}  // namespace

void Adam::update(float* params, const float* grads, const AdamSettings& s) {
  ++t_;
  // Bias corrections in double: β2^t for t in the thousands loses digits in float.
  const auto correction1 = static_cast<float>(1.0 - std::pow(static_cast<double>(s.beta1), static_cast<double>(t_)));
  const auto correction2 = static_cast<float>(1.0 - std::pow(static_cast<double>(s.beta2), static_cast<double>(t_)));
  for (std::size_t i = 0; i < m_.size(); ++i) {
    const float g = flushed(grads[i]);
    const float g2 = std::fabs(g) < kSquareUnderflows ? 0.f : g * g;
    m_[i] = flushed(s.beta1 * m_[i] + (1.f - s.beta1) * g);
    v_[i] = flushed(s.beta2 * v_[i] + (1.f - s.beta2) * g2);
    const float mhat = m_[i] / correction1, vhat = v_[i] / correction2;
    // llm.c's lr · (m̂ / (√v̂ + eps) + wd · p), summed so that at wd 0 every step is bit for bit Adam's.
    params[i] -= s.learningRate * mhat / (std::sqrt(vhat) + s.eps) + s.learningRate * s.weightDecay * params[i];
  }
}

void Adam::restore(const float* m, const float* v, long long updates) {
  for (std::size_t i = 0; i < m_.size(); ++i) m_[i] = flushed(m[i]), v_[i] = flushed(v[i]);
  t_ = updates;
}

}  // namespace pelab::training
