#include "pelab/numerics/vector_ops.hpp"

#include <algorithm>
#include <cmath>

#include "pelab/numerics/simd.hpp"

namespace pelab {
namespace {

constexpr std::size_t width = static_cast<std::size_t>(lanes);

}  // namespace

float dot(const float* a, const float* b, std::size_t n) {
  fbatch acc(0.f);
  std::size_t i = 0;
  for (; i + width <= n; i += width) acc = fma(fbatch::load_unaligned(a + i), fbatch::load_unaligned(b + i), acc);
  float sum = hadd(acc);
  for (; i < n; ++i) sum += a[i] * b[i];
  return sum;
}

float squared_distance(const float* a, const float* b, std::size_t n) {
  fbatch acc(0.f);
  std::size_t i = 0;
  for (; i + width <= n; i += width) {
    const fbatch diff = fbatch::load_unaligned(a + i) - fbatch::load_unaligned(b + i);
    acc = fma(diff, diff, acc);
  }
  float sum = hadd(acc);
  for (; i < n; ++i) sum += (a[i] - b[i]) * (a[i] - b[i]);
  return sum;
}

namespace {

// Shared shape of dot4 and squared_distance4: `term(x, y, acc)` adds one lane-wise term.
template <typename Term, typename Scalar>
void four_rows(const float* a, const float* const b[4], std::size_t n, float out[4], Term term, Scalar scalar) {
  fbatch acc[4] = {fbatch(0.f), fbatch(0.f), fbatch(0.f), fbatch(0.f)};
  std::size_t i = 0;
  for (; i + width <= n; i += width) {
    const fbatch x = fbatch::load_unaligned(a + i);
    for (int r = 0; r < 4; ++r) acc[r] = term(x, fbatch::load_unaligned(b[r] + i), acc[r]);
  }
  for (int r = 0; r < 4; ++r) {
    out[r] = hadd(acc[r]);
    for (std::size_t j = i; j < n; ++j) out[r] += scalar(a[j], b[r][j]);
  }
}

}  // namespace

void dot4(const float* a, const float* const b[4], std::size_t n, float out[4]) {
  four_rows(
      a, b, n, out, [](const fbatch& x, const fbatch& y, const fbatch& acc) { return fma(x, y, acc); },
      [](float x, float y) { return x * y; });
}

void squared_distance4(const float* a, const float* const b[4], std::size_t n, float out[4]) {
  four_rows(
      a, b, n, out,
      [](const fbatch& x, const fbatch& y, const fbatch& acc) {
        const fbatch d = x - y;
        return fma(d, d, acc);
      },
      [](float x, float y) { return (x - y) * (x - y); });
}

namespace {

// With `upper` set (a == b), only pairs with j >= i are needed: quads wholly left of the diagonal are
// skipped and the caller mirrors the result.
template <typename Four, typename One>
void all_pairs(const float* a, std::size_t rowsA, const float* b, std::size_t rowsB, std::size_t n, float* out,
               Four four, One one, bool upper = false) {
  constexpr std::size_t block = 16;
  for (std::size_t i0 = 0; i0 < rowsA; i0 += block) {
    const std::size_t i1 = std::min(i0 + block, rowsA);
    std::size_t j = upper ? i0 / 4 * 4 : 0;
    for (; j + 4 <= rowsB; j += 4) {
      const float* const quad[4] = {b + j * n, b + (j + 1) * n, b + (j + 2) * n, b + (j + 3) * n};
      const std::size_t last = upper ? std::min(i1, j + 4) : i1;
      for (std::size_t i = i0; i < last; ++i) four(a + i * n, quad, n, out + i * rowsB + j);
    }
    for (; j < rowsB; ++j)
      for (std::size_t i = i0; i < (upper ? std::min(i1, j + 1) : i1); ++i)
        out[i * rowsB + j] = one(a + i * n, b + j * n, n);
  }
}

}  // namespace

void dot_all_pairs(const float* a, std::size_t rowsA, const float* b, std::size_t rowsB, std::size_t n, float* out) {
  all_pairs(a, rowsA, b, rowsB, n, out, dot4, dot);
}

// The symmetric case: upper triangle computed, then mirrored.
template <typename Four, typename One>
void symmetric_pairs(const float* table, std::size_t rows, std::size_t n, float* out, Four four, One one) {
  all_pairs(table, rows, table, rows, n, out, four, one, true);
  for (std::size_t i = 0; i < rows; ++i)
    for (std::size_t j = 0; j < i; ++j) out[i * rows + j] = out[j * rows + i];
}

void gram_matrix(const float* table, std::size_t rows, std::size_t n, float* out) {
  symmetric_pairs(table, rows, n, out, dot4, dot);
}

void squared_distance_matrix(const float* table, std::size_t rows, std::size_t n, float* out) {
  symmetric_pairs(table, rows, n, out, squared_distance4, squared_distance);
}

namespace {

// Columns [0, B·width) of weighted_rows, from x's first column on.
template <int B>
void weighted_block(const float* w, std::size_t rows, const float* x, std::size_t n, float* out) {
  fbatch acc[B];
  for (int b = 0; b < B; ++b) acc[b] = fbatch(0.f);
  for (std::size_t r = 0; r < rows; ++r) {
    if (w[r] == 0.f) continue;
    const fbatch a(w[r]);
    const float* row = x + r * n;
    for (int b = 0; b < B; ++b) acc[b] = fma(a, fbatch::load_unaligned(row + b * width), acc[b]);
  }
  for (int b = 0; b < B; ++b) acc[b].store_unaligned(out + b * width);
}

}  // namespace

void weighted_rows(const float* w, std::size_t rows, const float* x, std::size_t n, float* out) {
  if (rows == 0) return void(std::fill_n(out, n, 0.f));  // x may then be null: no offsets from it
  std::size_t i = 0;
  for (; i + 8 * width <= n; i += 8 * width) weighted_block<8>(w, rows, x + i, n, out + i);
  if (i + 4 * width <= n) weighted_block<4>(w, rows, x + i, n, out + i), i += 4 * width;
  if (i + 2 * width <= n) weighted_block<2>(w, rows, x + i, n, out + i), i += 2 * width;
  if (i + width <= n) weighted_block<1>(w, rows, x + i, n, out + i), i += width;
  for (; i < n; ++i) {
    float sum = 0.f;
    for (std::size_t r = 0; r < rows; ++r)
      if (w[r] != 0.f) sum += w[r] * x[r * n + i];
    out[i] = sum;
  }
}

void axpy(float alpha, const float* x, float* y, std::size_t n) {
  const fbatch a(alpha);
  std::size_t i = 0;
  for (; i + width <= n; i += width)
    fma(a, fbatch::load_unaligned(x + i), fbatch::load_unaligned(y + i)).store_unaligned(y + i);
  for (; i < n; ++i) y[i] += alpha * x[i];
}

float exp_shifted(float* x, std::size_t n, float shift) {
  std::size_t i = 0;
  float total = 0.f;
#ifndef PELAB_NO_SIMD
  const fbatch s(shift);
  fbatch acc(0.f);
  for (; i + width <= n; i += width) {
    const fbatch e = pelab::exp(fbatch::load_unaligned(x + i) - s);
    e.store_unaligned(x + i);
    acc = acc + e;
  }
  if (i < n) {  // the last one to three values as one more batch; its padding counts as 0 (even when shift is −∞)
    float tail[width] = {};
    std::copy(x + i, x + n, tail);
    pelab::exp(fbatch::load_unaligned(tail) - s).store_unaligned(tail);
    std::fill(tail + (n - i), tail + width, 0.f);
    std::copy_n(tail, n - i, x + i);
    acc = acc + fbatch::load_unaligned(tail);
    i = n;
  }
  total = hadd(acc);
#endif
  for (; i < n; ++i) total += x[i] = std::exp(x[i] - shift);
  return total;
}

void add_in_place(float* a, const float* b, std::size_t n) {
  std::size_t i = 0;
  for (; i + width <= n; i += width)
    (fbatch::load_unaligned(a + i) + fbatch::load_unaligned(b + i)).store_unaligned(a + i);
  for (; i < n; ++i) a[i] += b[i];
}

void to_floats(const double* from, std::size_t n, float* to) {
  std::size_t i = 0;
#ifndef PELAB_NO_SIMD
  for (; i + 4 <= n; i += 4) {
    const __m128 low = _mm_cvtpd_ps(_mm_loadu_pd(from + i)), high = _mm_cvtpd_ps(_mm_loadu_pd(from + i + 2));
    _mm_storeu_ps(to + i, _mm_movelh_ps(low, high));
  }
#endif
  for (; i < n; ++i) to[i] = static_cast<float>(from[i]);
}

}  // namespace pelab
