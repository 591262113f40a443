// Adam (Kingma & Ba) with decoupled weight decay, as llm.c's AdamW: each update moves a parameter by
// learningRate × (m̂ / (√v̂ + eps) + weightDecay × itself). At weightDecay 0 (the trainer's default) a
// parameter whose gradient has always been exactly 0 (a learned position row no training sequence
// reached) never moves; any decay shrinks it towards 0.
#pragma once
#include <cstddef>
#include <vector>

namespace pelab::training {

struct AdamSettings {
  float learningRate = 1e-2f, beta1 = 0.9f, beta2 = 0.999f, eps = 1e-8f, weightDecay = 0.f;
};

class Adam {
 public:
  explicit Adam(std::size_t parameters) : m_(parameters, 0.f), v_(parameters, 0.f) {}
  // One update of params (n = the size given at construction) from grads; t counts updates from 1.
  void update(float* params, const float* grads, const AdamSettings& s);
  // The moments, one per parameter (for tests): never subnormal (adam.cpp says why).
  const std::vector<float>& first_moments() const { return m_; }
  const std::vector<float>& second_moments() const { return v_; }
  // Another Adam's moments (n each) and update count, as Trainer::load_state hands them over: subnormal
  // moments are stored as 0, as update() stores them.
  void restore(const float* m, const float* v, long long updates);

 private:
  std::vector<float> m_, v_;  // first and second moments
  long long t_ = 0;
};

}  // namespace pelab::training
