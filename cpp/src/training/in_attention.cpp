#include "pelab/training/in_attention.hpp"

#include <cmath>
#include <cstddef>
#include <cstdlib>

namespace pelab::training {
namespace {

inline std::size_t at(int row, int width) { return static_cast<std::size_t>(row) * static_cast<std::size_t>(width); }

// The paper's slopes for a power of two n: 2^(−8/n), 2^(−16/n), …
std::vector<double> power_of_two_slopes(int n) {
  std::vector<double> s(static_cast<std::size_t>(n));
  const double start = std::exp2(-8.0 / n);
  for (int i = 0; i < n; ++i) s[static_cast<std::size_t>(i)] = std::pow(start, i + 1);
  return s;
}

}  // namespace

template <typename T>
void fill_rope_tables(T* cos, T* sin, int P, int hs, double base) {
  const int half = hs / 2;
  for (int i = 0; i < half; ++i) {
    const double theta = std::pow(base, -2.0 * i / hs);
    for (int p = 0; p < P; ++p) {
      cos[at(p, half) + static_cast<std::size_t>(i)] = static_cast<T>(std::cos(p * theta));
      sin[at(p, half) + static_cast<std::size_t>(i)] = static_cast<T>(std::sin(p * theta));
    }
  }
}

std::vector<double> alibi_head_slopes(int heads) {
  int lower = 1;
  while (lower * 2 <= heads) lower *= 2;
  std::vector<double> slopes = power_of_two_slopes(lower);
  const std::vector<double> twice = power_of_two_slopes(2 * lower);
  for (std::size_t i = 0; slopes.size() < static_cast<std::size_t>(heads); i += 2) slopes.push_back(twice[i]);
  return slopes;
}

template <typename T>
void rope_rotate(T* x, int ld, int len, int hs, const T* cos, const T* sin, bool inverse) {
  const int half = hs / 2;
  const T sign = inverse ? T(-1) : T(1);
  for (int p = 0; p < len; ++p) {
    T* row = x + at(p, ld);
    const T* c = cos + at(p, half);
    const T* s = sin + at(p, half);
    for (int i = 0; i < half; ++i) {
      const T a = row[i], b = row[i + half], si = sign * s[i];
      row[i] = a * c[i] - b * si;
      row[i + half] = a * si + b * c[i];
    }
  }
}

template <typename T>
void rope_rotate_copy(T* out, int ldout, const T* x, int ldx, int len, int hs, const T* cos, const T* sin, T scale) {
  const int half = hs / 2;
  for (int p = 0; p < len; ++p) {
    const T* row = x + at(p, ldx);
    T* o = out + at(p, ldout);
    const T* c = cos + at(p, half);
    const T* s = sin + at(p, half);
    for (int i = 0; i < half; ++i) {
      const T a = row[i], b = row[i + half];
      o[i] = (a * c[i] - b * s[i]) * scale;
      o[i + half] = (a * s[i] + b * c[i]) * scale;
    }
  }
}

template <typename T>
void alibi_add(T* scores, int len, T slope) {
  for (int t = 0; t < len; ++t) {
    T* row = scores + at(t, len);
    for (int j = 0; j < len; ++j) row[j] -= slope * static_cast<T>(std::abs(t - j));
  }
}

#define PELAB_IN_ATTENTION(T)                                                                 \
  template void fill_rope_tables<T>(T*, T*, int, int, double);                                \
  template void rope_rotate<T>(T*, int, int, int, const T*, const T*, bool);                  \
  template void rope_rotate_copy<T>(T*, int, const T*, int, int, int, const T*, const T*, T); \
  template void alibi_add<T>(T*, int, T);

PELAB_IN_ATTENTION(float)
PELAB_IN_ATTENTION(double)
#undef PELAB_IN_ATTENTION

}  // namespace pelab::training
