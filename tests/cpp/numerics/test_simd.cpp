// The 4-lane batch of simd.hpp: xsimd's in SIMD builds, scalar_batch in the PELAB_NO_SIMD build.
// The core's loops rely on both meaning the same lane by lane; small integers keep every result exact.
#include <catch2/catch.hpp>

#include "pelab/numerics/simd.hpp"

using namespace pelab;

namespace {

struct Lanes {
  float v[4];
};

// Each batch operation runs in a plain function that only loads, computes and stores. Under
// Emscripten with exceptions, a call made where an exception could unwind (as inside CHECK) goes
// through a JS trampoline, which cannot pass a v128 value; these functions keep batches off it.
Lanes stored(const fbatch& b) {
  Lanes out{};
  b.store_unaligned(out.v);
  return out;
}
fbatch load(const Lanes& l) { return fbatch::load_unaligned(l.v); }

Lanes loaded_from(const float* p) { return stored(fbatch::load_unaligned(p)); }
Lanes loaded_aligned(const float* p) { return stored(fbatch::load_aligned(p)); }
Lanes broadcast(float x) { return stored(fbatch(x)); }
Lanes add(const Lanes& a, const Lanes& b) { return stored(load(a) + load(b)); }
Lanes subtract(const Lanes& a, const Lanes& b) { return stored(load(a) - load(b)); }
Lanes multiply(const Lanes& a, const Lanes& b) { return stored(load(a) * load(b)); }
Lanes fused(const Lanes& a, const Lanes& b, float c) { return stored(fma(load(a), load(b), fbatch(c))); }
float sum(const Lanes& a) { return hadd(load(a)); }
Lanes low_halves(const Lanes& a, const Lanes& b) { return stored(zip_lo(load(a), load(b))); }
Lanes high_halves(const Lanes& a, const Lanes& b) { return stored(zip_hi(load(a), load(b))); }
void store_into(const Lanes& a, float* p) { load(a).store_unaligned(p); }

void check_lanes(const Lanes& got, float x0, float x1, float x2, float x3) {
  CHECK(got.v[0] == x0);
  CHECK(got.v[1] == x1);
  CHECK(got.v[2] == x2);
  CHECK(got.v[3] == x3);
}

}  // namespace

TEST_CASE("a batch is four float lanes with lane-wise arithmetic", "[simd]") {
  static_assert(lanes == 4, "the core is written for 4 lanes");
  const float pa[5] = {1, 2, 3, 4, 5}, pb[4] = {10, -20, 30, -40};
  const Lanes a = loaded_from(pa + 1), b = loaded_from(pb);

  SECTION("load from any address, store, and broadcast") {
    check_lanes(a, 2, 3, 4, 5);
    check_lanes(broadcast(7.f), 7, 7, 7, 7);
    alignas(16) const float aligned[4] = {-1, 0, 1, 2};
    check_lanes(loaded_aligned(aligned), -1, 0, 1, 2);
    float out[6] = {-1, -1, -1, -1, -1, -1};
    store_into(a, out + 1);
    CHECK(out[0] == -1);
    CHECK(out[5] == -1);
    CHECK(out[1] == 2);
    CHECK(out[4] == 5);
  }
  SECTION("+, -, * and fma, lane by lane") {
    check_lanes(add(a, b), 12, -17, 34, -35);
    check_lanes(subtract(a, b), -8, 23, -26, 45);
    check_lanes(multiply(a, b), 20, -60, 120, -200);
    check_lanes(fused(a, b, 1.f), 21, -59, 121, -199);
  }
  SECTION("hadd sums the four lanes") {
    CHECK(sum(a) == 14.f);
    CHECK(sum(b) == -20.f);
  }
  SECTION("zip_lo and zip_hi interleave the low and the high halves") {
    check_lanes(low_halves(a, b), 2, 10, 3, -20);
    check_lanes(high_halves(a, b), 4, 30, 5, -40);
  }
}
