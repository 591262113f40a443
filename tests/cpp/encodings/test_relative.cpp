#include <catch2/catch.hpp>
#include <cmath>
#include <vector>

#include "pelab/encodings/relative.hpp"

using namespace pelab;

TEST_CASE("one matrix M_k moves every position k steps", "[relative]") {
  const auto variant = GENERATE(Variant::paper, Variant::halves, Variant::tensor2tensor);
  const int k = GENERATE(0, 1, 5, 100);
  const SinusoidalSpec spec{300, 64, 10000.0, variant, 0};
  INFO(variant_name(variant) << " k=" << k);
  REQUIRE(check_offset(spec, k).ok);
  CHECK(offset_residual(spec, k) <= 1e-5);
}

TEST_CASE("M_k's blocks are rotations by k·ω", "[relative]") {
  const SinusoidalSpec spec{1, 8, 10000.0, Variant::paper, 0};
  std::vector<float> b(4 * 4);
  offset_blocks(spec, 3, b.data());
  for (int i = 0; i < 4; ++i) {  // pair i turns by 3·ω_i, ω_i = 10000^(−2i/8)
    const double angle = 3 * std::pow(10000.0, -2.0 * i / 8);
    INFO("pair " << i);
    CHECK(b[4 * i] == Approx(std::cos(angle)).margin(1e-7));
    CHECK(b[4 * i + 1] == Approx(std::sin(angle)).margin(1e-7));
    CHECK(b[4 * i + 2] == Approx(-std::sin(angle)).margin(1e-7));
    CHECK(b[4 * i + 3] == Approx(std::cos(angle)).margin(1e-7));
  }
}

TEST_CASE("offsets that would leave the allowed table are refused", "[relative][validation]") {
  const SinusoidalSpec spec{10, 8, 10000.0, Variant::paper, 999990};
  CHECK(check_offset(spec, 1).ok);
  CHECK(check_offset(spec, 2).param == "k");
  CHECK(check_offset(spec, -1).param == "k");
}
