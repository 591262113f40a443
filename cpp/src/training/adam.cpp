#include "pelab/training/adam.hpp"

#include <cmath>

namespace pelab::training {

void Adam::update(float* params, const float* grads, const AdamSettings& s) {
  ++t_;
  // Bias corrections in double: β2^t for t in the thousands loses digits in float.
  const auto correction1 = static_cast<float>(1.0 - std::pow(static_cast<double>(s.beta1), static_cast<double>(t_)));
  const auto correction2 = static_cast<float>(1.0 - std::pow(static_cast<double>(s.beta2), static_cast<double>(t_)));
  for (std::size_t i = 0; i < m_.size(); ++i) {
    const float g = grads[i];
    m_[i] = s.beta1 * m_[i] + (1.f - s.beta1) * g;
    v_[i] = s.beta2 * v_[i] + (1.f - s.beta2) * g * g;
    const float mhat = m_[i] / correction1, vhat = v_[i] / correction2;
    params[i] -= s.learningRate * mhat / (std::sqrt(vhat) + s.eps);
  }
}

}  // namespace pelab::training
