#include "pelab/training/in_attention.hpp"
#include "sizes.hpp"

#include "pelab/encodings/rope.hpp"

#include <cmath>
#include <cstddef>
#include <cstdlib>

namespace pelab::training {
namespace {

using sizes::at;

}  // namespace

template <typename T>
void fill_rope_tables(T* cos, T* sin, int P, int hs, double base, const RopeScaling& scaling) {
  const int half = hs / 2;
  RopeSpec spec;
  spec.dHead = spec.rotaryDims = hs;
  spec.base = base;
  spec.scaling = scaling;
  const std::vector<double> theta_of = rope_frequencies(spec);
  const double factor = attention_factor(scaling);
  for (int i = 0; i < half; ++i) {
    const double theta = theta_of[static_cast<std::size_t>(i)];
    for (int p = 0; p < P; ++p) {
      cos[at(p, half) + static_cast<std::size_t>(i)] = static_cast<T>(factor * std::cos(p * theta));
      sin[at(p, half) + static_cast<std::size_t>(i)] = static_cast<T>(factor * std::sin(p * theta));
    }
  }
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
  template void fill_rope_tables<T>(T*, T*, int, int, double, const RopeScaling&);            \
  template void rope_rotate<T>(T*, int, int, int, const T*, const T*, bool);                  \
  template void rope_rotate_copy<T>(T*, int, const T*, int, int, int, const T*, const T*, T); \
  template void alibi_add<T>(T*, int, T);

PELAB_IN_ATTENTION(float)
PELAB_IN_ATTENTION(double)
#undef PELAB_IN_ATTENTION

}  // namespace pelab::training
