// The one SIMD width the core is written for: 4 float lanes.
//
// SIMD builds (native, and wasm with -msimd128) use xsimd. xsimd 8.1 has no wasm arch, but Emscripten
// maps SSE4.1 onto wasm SIMD128, so one fixed arch serves both and they compute the same operations
// in the same order. Builds for engines without wasm SIMD define PELAB_NO_SIMD and get scalar_batch
// below: the same four lanes and the same operations, as plain float code.
#pragma once
#include <cstddef>
#include <cstdint>
#include <memory>

#ifndef PELAB_NO_SIMD
#include <xsimd/xsimd.hpp>
#endif

namespace pelab {

#ifndef PELAB_NO_SIMD

using fbatch = xsimd::batch<float, xsimd::sse4_1>;
using xsimd::fma;
using xsimd::hadd;
using xsimd::zip_hi;
using xsimd::zip_lo;
template <typename T>
using aligned_allocator = xsimd::aligned_allocator<T, 16>;
// (a, b, c, d) → (b, a, d, c): the partner of each lane in an interleaved pair.
inline fbatch swap_pairs(const fbatch& x) {
  return xsimd::swizzle(x, xsimd::batch_constant<xsimd::batch<std::uint32_t, xsimd::sse4_1>, 1, 0, 3, 2>());
}

// e^a on four lanes: xsimd::exp's own algorithm for float (the same reduction k = round(a/ln 2), the same
// polynomial, the same bounds), bit for bit, with one step done differently. xsimd turns k into int32
// with _mm_cvttps_epi32, which Emscripten's SSE headers emulate one lane at a time in scalar code (x86
// and wasm disagree on out-of-range lanes): in a profile of a training step in wasm, exp_shifted went
// from 10.5% of the step to 5.6% with this one.
// Here k is a whole number with |k| ≤ 128 wherever the result is kept, so it is exact in k + 1.5·2²³,
// whose bits are those of 1.5·2²³ plus k; lanes out of range are replaced by the bounds as in xsimd.
inline fbatch exp(const fbatch& a) {
  using ibatch = xsimd::batch<std::int32_t, xsimd::sse4_1>;
  namespace c = xsimd::constants;
  constexpr float kShift = 12582912.f;  // 1.5·2²³
  const fbatch k = xsimd::nearbyint(c::invlog_2<fbatch>() * a);
  fbatch x = xsimd::fnma(k, c::log_2hi<fbatch>(), a);
  x = xsimd::fnma(k, c::log_2lo<fbatch>(), x);
  // xsimd's coefficients (exp_reduction<float, exp_tag>::approx), by their bits.
  const fbatch y = xsimd::kernel::detail::horner<fbatch, 0x3f000000, 0x3e2aa9a5, 0x3d2aa957, 0x3c098d8b, 0x3ab778cf>(x);
  x = fma(y, x * x, x) + fbatch(1.f);
  const ibatch whole = xsimd::bitwise_cast<ibatch>(k + fbatch(kShift)) - xsimd::bitwise_cast<ibatch>(fbatch(kShift));
  const fbatch two_to_k = xsimd::bitwise_cast<fbatch>((whole + ibatch(127)) << 23);
  x = xsimd::select(a <= c::minlog<fbatch>(), fbatch(0.f), x * two_to_k);
  return xsimd::select(a >= c::maxlog<fbatch>(), c::infinity<fbatch>(), x);
}

#else

struct scalar_batch {
  static constexpr std::size_t size = 4;
  float v[4];

  scalar_batch() = default;
  explicit scalar_batch(float x) : v{x, x, x, x} {}
  static scalar_batch load_unaligned(const float* p) { return {p[0], p[1], p[2], p[3]}; }
  static scalar_batch load_aligned(const float* p) { return load_unaligned(p); }
  void store_unaligned(float* p) const {
    for (int i = 0; i < 4; ++i) p[i] = v[i];
  }
  scalar_batch(float a, float b, float c, float d) : v{a, b, c, d} {}

  template <typename Op>
  friend scalar_batch lanewise(const scalar_batch& a, const scalar_batch& b, Op op) {
    return {op(a.v[0], b.v[0]), op(a.v[1], b.v[1]), op(a.v[2], b.v[2]), op(a.v[3], b.v[3])};
  }
  friend scalar_batch operator+(const scalar_batch& a, const scalar_batch& b) {
    return lanewise(a, b, [](float x, float y) { return x + y; });
  }
  friend scalar_batch operator-(const scalar_batch& a, const scalar_batch& b) {
    return lanewise(a, b, [](float x, float y) { return x - y; });
  }
  friend scalar_batch operator*(const scalar_batch& a, const scalar_batch& b) {
    return lanewise(a, b, [](float x, float y) { return x * y; });
  }
};

using fbatch = scalar_batch;
inline fbatch fma(const fbatch& a, const fbatch& b, const fbatch& c) { return a * b + c; }
inline float hadd(const fbatch& a) { return (a.v[0] + a.v[1]) + (a.v[2] + a.v[3]); }
inline fbatch zip_lo(const fbatch& a, const fbatch& b) { return {a.v[0], b.v[0], a.v[1], b.v[1]}; }
inline fbatch zip_hi(const fbatch& a, const fbatch& b) { return {a.v[2], b.v[2], a.v[3], b.v[3]}; }
inline fbatch swap_pairs(const fbatch& x) { return {x.v[1], x.v[0], x.v[3], x.v[2]}; }
template <typename T>
using aligned_allocator = std::allocator<T>;

#endif

inline constexpr int lanes = static_cast<int>(fbatch::size);

}  // namespace pelab
