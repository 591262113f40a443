// The 4-lane batch of simd.hpp: xsimd's in SIMD builds, scalar_batch in the PELAB_NO_SIMD build.
// The core's loops rely on both meaning the same lane by lane; small integers keep every result exact.
#include <catch2/catch.hpp>

#include "pelab/numerics/simd.hpp"

using namespace pelab;

namespace {

struct Lanes {
  float v[4];
};

Lanes lanes_of(const fbatch& b) {
  Lanes out{};
  b.store_unaligned(out.v);
  return out;
}

void check_lanes(const fbatch& b, float x0, float x1, float x2, float x3) {
  const Lanes got = lanes_of(b);
  CHECK(got.v[0] == x0);
  CHECK(got.v[1] == x1);
  CHECK(got.v[2] == x2);
  CHECK(got.v[3] == x3);
}

}  // namespace

TEST_CASE("a batch is four float lanes with lane-wise arithmetic", "[simd]") {
  static_assert(lanes == 4, "the core is written for 4 lanes");
  const float pa[5] = {1, 2, 3, 4, 5}, pb[4] = {10, -20, 30, -40};
  const fbatch a = fbatch::load_unaligned(pa + 1), b = fbatch::load_unaligned(pb);

  SECTION("load from any address, store, and broadcast") {
    check_lanes(a, 2, 3, 4, 5);
    check_lanes(fbatch(7.f), 7, 7, 7, 7);
    alignas(16) const float aligned[4] = {-1, 0, 1, 2};
    check_lanes(fbatch::load_aligned(aligned), -1, 0, 1, 2);
    float out[6] = {-1, -1, -1, -1, -1, -1};
    a.store_unaligned(out + 1);
    CHECK(out[0] == -1);
    CHECK(out[5] == -1);
    CHECK(out[1] == 2);
    CHECK(out[4] == 5);
  }
  SECTION("+, -, * and fma, lane by lane") {
    check_lanes(a + b, 12, -17, 34, -35);
    check_lanes(a - b, -8, 23, -26, 45);
    check_lanes(a * b, 20, -60, 120, -200);
    check_lanes(fma(a, b, fbatch(1.f)), 21, -59, 121, -199);
  }
  SECTION("hadd sums the four lanes") {
    CHECK(hadd(a) == 14.f);
    CHECK(hadd(b) == -20.f);
  }
  SECTION("zip_lo and zip_hi interleave the low and the high halves") {
    check_lanes(zip_lo(a, b), 2, 10, 3, -20);
    check_lanes(zip_hi(a, b), 4, 30, 5, -40);
  }
}
