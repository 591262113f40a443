#include "pelab/vector_ops.hpp"

#include "pelab/simd.hpp"

namespace pelab {
namespace {

constexpr std::size_t width = static_cast<std::size_t>(lanes);

}  // namespace

float dot(const float* a, const float* b, std::size_t n) {
  fbatch acc(0.f);
  std::size_t i = 0;
  for (; i + width <= n; i += width) acc = xsimd::fma(fbatch::load_unaligned(a + i), fbatch::load_unaligned(b + i), acc);
  float sum = xsimd::hadd(acc);
  for (; i < n; ++i) sum += a[i] * b[i];
  return sum;
}

float squared_distance(const float* a, const float* b, std::size_t n) {
  fbatch acc(0.f);
  std::size_t i = 0;
  for (; i + width <= n; i += width) {
    const fbatch diff = fbatch::load_unaligned(a + i) - fbatch::load_unaligned(b + i);
    acc = xsimd::fma(diff, diff, acc);
  }
  float sum = xsimd::hadd(acc);
  for (; i < n; ++i) sum += (a[i] - b[i]) * (a[i] - b[i]);
  return sum;
}

void axpy(float alpha, const float* x, float* y, std::size_t n) {
  const fbatch a(alpha);
  std::size_t i = 0;
  for (; i + width <= n; i += width)
    xsimd::fma(a, fbatch::load_unaligned(x + i), fbatch::load_unaligned(y + i)).store_unaligned(y + i);
  for (; i < n; ++i) y[i] += alpha * x[i];
}

void add_in_place(float* a, const float* b, std::size_t n) {
  std::size_t i = 0;
  for (; i + width <= n; i += width)
    (fbatch::load_unaligned(a + i) + fbatch::load_unaligned(b + i)).store_unaligned(a + i);
  for (; i < n; ++i) a[i] += b[i];
}

}  // namespace pelab
