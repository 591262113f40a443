// The 4-lane batch of simd.hpp: xsimd's in SIMD builds, scalar_batch in the PELAB_NO_SIMD build.
// The core's loops rely on both meaning the same lane by lane; small integers keep every result exact.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

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

#ifndef PELAB_NO_SIMD
namespace {

Lanes ours_exp(const Lanes& a) { return stored(pelab::exp(load(a))); }
Lanes xsimd_exp(const Lanes& a) { return stored(xsimd::exp(load(a))); }

// `count` float bit patterns from `bits` upwards in steps of `stride` (negative floats' patterns count
// up away from zero), four to a batch.
std::uint32_t bits_of(float x) {
  std::uint32_t b;
  std::memcpy(&b, &x, 4);
  return b;
}
template <typename Check>
void sweep(std::uint32_t bits, std::uint32_t count, std::uint32_t stride, Check check) {
  for (std::uint32_t i = 0; i < count; i += 4) {
    Lanes in{};
    for (int l = 0; l < 4; ++l) {
      const std::uint32_t b = bits + (i + l) * stride;
      std::memcpy(&in.v[l], &b, 4);
    }
    check(in);
  }
}

}  // namespace

TEST_CASE("exp is xsimd::exp bit for bit, without its lane-by-lane int conversion in wasm", "[simd]") {
  std::uint32_t differ = 0, checked = 0;
  // Relative error against exp in double, over the normal floats from e^-87.34 up to xsimd's bound maxlog
  // (88.3762589f), where it returns inf though e^a stays below the largest float up to 88.7228.
  double worst = 0;
  auto compare = [&](const Lanes& in) {
    const Lanes ours = ours_exp(in), theirs = xsimd_exp(in);
    for (int l = 0; l < 4; ++l) {
      ++checked;
      if (std::memcmp(&ours.v[l], &theirs.v[l], 4) != 0) ++differ;
      const double want = std::exp(static_cast<double>(in.v[l]));
      if (want > 1.2e-38 && in.v[l] < 88.3762589f) worst = std::max(worst, std::abs(ours.v[l] - want) / want);
    }
  };
  // (During review, every one of the 2^32 float bit patterns was compared, natively and in wasm: no difference.
  // This sample runs in the suites' time.)
  SECTION("over [-110, 110] every 1021st float, every float near the bounds, 0 and k's half-way points, NaNs") {
    const std::uint32_t to_110 = bits_of(110.f);
    sweep(bits_of(-0.f), to_110 / 1021, 1021, compare);  // 0 down to -110
    sweep(bits_of(0.f), to_110 / 1021, 1021, compare);   // 0 up to 110
    sweep(bits_of(-0.f), 4096, 1, compare);
    sweep(bits_of(0.f), 4096, 1, compare);
    // xsimd's bounds (constants::minlog, maxlog), and where e^a leaves the normal floats
    for (const float edge : {-88.3762626647949f, 88.3762626647949f, -87.33654f})
      sweep(bits_of(edge) - 4096, 8192, 1, compare);
    // Where a/ln 2 is a whole number and a half, k's rounding decides: 64 floats each side of every such a
    // (round-half-even, as nearbyint does; rounding half away from zero differs here).
    for (int twice = -255; twice <= 255; twice += 2) {
      const float half = static_cast<float>(twice / 2.0 * 0.6931471805599453);
      sweep(bits_of(half) - 64, 128, 1, compare);
    }
    // NaNs of both signs, quiet and signalling, with payloads: the same bits out.
    for (const std::uint32_t nan : {0x7fc00000u, 0xffc00000u, 0x7fa00001u, 0xff812345u, 0x7fffffffu})
      sweep(nan, 4, 0, compare);
    CHECK(checked > 2000000);
    CHECK(differ == 0);
    CHECK(worst < 1.5e-7);  // 1.27e-7 over every float from -89 to 88.37, measured natively
  }
  SECTION("at the special values") {
    const float inf = std::numeric_limits<float>::infinity();
    const Lanes got = ours_exp({{-inf, inf, -1000.f, 1000.f}});
    check_lanes(got, 0.f, inf, 0.f, inf);
    CHECK(std::isnan(ours_exp({{std::nanf(""), 0.f, 0.f, 0.f}}).v[0]));
    check_lanes(ours_exp({{0.f, -0.f, 1.f, -1.f}}), 1.f, 1.f, xsimd_exp({{1.f, 1.f, 1.f, 1.f}}).v[0],
                xsimd_exp({{-1.f, 1.f, 1.f, 1.f}}).v[0]);
  }
}
#endif
