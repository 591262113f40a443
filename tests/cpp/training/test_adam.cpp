// Adam (training/adam.hpp): its update is the formula's, and its moments never hold a subnormal float, which
// wasm does not flush and some CPUs compute ~25× slower (a dead unit's moments decay there and stay).
#include <catch2/catch.hpp>

#include <cfloat>
#include <cmath>
#include <vector>

#include "pelab/training/adam.hpp"

using namespace pelab::training;

namespace {
bool normal_or_zero(const std::vector<float>& values) {
  for (const float x : values)
    if (x != 0.f && std::fabs(x) < FLT_MIN) return false;
  return true;
}
}  // namespace

TEST_CASE("Adam's first update moves each parameter by the learning rate against its gradient's sign", "[training]") {
  Adam adam(2);
  std::vector<float> params{1.f, -1.f};
  const std::vector<float> grads{0.5f, -2.f};
  const AdamSettings s;
  adam.update(params.data(), grads.data(), s);
  // m̂ = g and v̂ = g² after one step, so the step is lr · g / (|g| + eps).
  CHECK(params[0] == Approx(1.f - s.learningRate * 0.5f / (0.5f + s.eps)).epsilon(1e-6));
  CHECK(params[1] == Approx(-1.f + s.learningRate * 2.f / (2.f + s.eps)).epsilon(1e-6));
}

TEST_CASE("Adam's moments never hold a subnormal float, however long a gradient stays 0 or tiny", "[training]") {
  SECTION("a gradient that stops: m decays through the subnormal range to 0, v stays normal on its way") {
    Adam adam(1);
    float param = 0.f;
    const float once = 1e-3f, none = 0.f;
    adam.update(&param, &once, AdamSettings{});
    for (int step = 0; step < 20000; ++step) {
      adam.update(&param, &none, AdamSettings{});
      REQUIRE(normal_or_zero(adam.first_moments()));
      REQUIRE(normal_or_zero(adam.second_moments()));
    }
    CHECK(adam.first_moments()[0] == 0.f);
    CHECK(std::isfinite(param));
  }
  SECTION("a gradient whose square underflows (1e-20), and a subnormal gradient") {
    Adam adam(2);
    std::vector<float> params{0.f, 0.f};
    const std::vector<float> grads{1e-20f, 1e-40f};
    for (int step = 0; step < 100; ++step) {
      adam.update(params.data(), grads.data(), AdamSettings{});
      REQUIRE(normal_or_zero(adam.first_moments()));
      REQUIRE(normal_or_zero(adam.second_moments()));
    }
  }
}

TEST_CASE("weight decay shrinks a never-reached parameter by lr × wd of itself per update; at 0 it stays",
          "[training]") {
  Adam decayed(1), plain(1);
  float a = 2.f, b = 2.f;
  const float none = 0.f;
  AdamSettings s;
  const AdamSettings zero = s;
  s.weightDecay = 0.1f;
  for (int step = 0; step < 10; ++step) {
    decayed.update(&a, &none, s);
    plain.update(&b, &none, zero);
  }
  CHECK(a == Approx(2.0 * std::pow(1.0 - 1e-2 * 0.1, 10)).epsilon(1e-6));
  CHECK(b == 2.f);
}
