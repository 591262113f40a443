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
  CHECK(b[0] == Approx(std::cos(3.0)).margin(1e-7));
  CHECK(b[1] == Approx(std::sin(3.0)).margin(1e-7));
  CHECK(b[2] == Approx(-std::sin(3.0)).margin(1e-7));
  for (int i = 0; i < 4; ++i) CHECK(b[4 * i] * b[4 * i] + b[4 * i + 1] * b[4 * i + 1] == Approx(1.0).margin(1e-6));
}

TEST_CASE("offsets that would leave the allowed table are refused", "[relative][validation]") {
  const SinusoidalSpec spec{10, 8, 10000.0, Variant::paper, 999990};
  CHECK(check_offset(spec, 1).ok);
  CHECK(check_offset(spec, 2).param == "k");
  CHECK(check_offset(spec, -1).param == "k");
}
