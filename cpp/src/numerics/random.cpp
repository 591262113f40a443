#include "pelab/numerics/random.hpp"

#include <cmath>

namespace pelab::random {

std::uint64_t mix64(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

double uniform(std::uint64_t seed, Stream stream, std::uint64_t counter) {
  const std::uint64_t key = mix64(seed ^ (static_cast<std::uint64_t>(stream) << 32));
  const std::uint64_t bits = mix64(key + counter) >> 11;
  return (static_cast<double>(bits) + 0.5) * 0x1.0p-53;
}

float normal(std::uint64_t seed, Stream stream, std::uint64_t index) {
  constexpr double two_pi = 6.283185307179586476925;
  const double u1 = uniform(seed, stream, 2 * index);
  const double u2 = uniform(seed, stream, 2 * index + 1);
  return static_cast<float>(std::sqrt(-2.0 * std::log(u1)) * std::cos(two_pi * u2));
}

void fill_normal(std::uint64_t seed, Stream stream, std::uint64_t first, std::size_t count, float scale, float* out) {
  for (std::size_t i = 0; i < count; ++i) out[i] = scale * normal(seed, stream, first + i);
}

}  // namespace pelab::random
