// Shared pieces of the libFuzzer targets (built with PELAB_FUZZ=ON and run by ctest; see scripts/fuzz.sh):
// a decoder that turns arbitrary bytes into the numbers and strings a caller of the core could send,
// biased towards range boundaries, small sizes and non-finite values, and the invariants every target
// asserts. A broken invariant prints what broke and traps, so libFuzzer saves the input as a crash.
#pragma once
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "pelab/validation/status.hpp"

#define FUZZ_ASSERT(cond)                                                                         \
  do {                                                                                            \
    if (!(cond)) {                                                                                \
      std::fprintf(stderr, "fuzz invariant failed: %s\n  at %s:%d\n", #cond, __FILE__, __LINE__); \
      __builtin_trap();                                                                           \
    }                                                                                             \
  } while (0)

namespace pelab::fuzz {

class Input {
 public:
  Input(const std::uint8_t* data, std::size_t size) : p_(data), n_(size) {}

  bool empty() const { return n_ == 0; }
  std::size_t remaining() const { return n_; }

  std::uint8_t byte() {
    if (n_ == 0) return 0;
    --n_;
    return *p_++;
  }
  std::uint16_t u16() { return static_cast<std::uint16_t>(byte() | (byte() << 8)); }
  std::uint32_t u32() { return static_cast<std::uint32_t>(u16()) | (static_cast<std::uint32_t>(u16()) << 16); }
  std::uint64_t u64() { return static_cast<std::uint64_t>(u32()) | (static_cast<std::uint64_t>(u32()) << 32); }

  double raw_double() {
    const std::uint64_t bits = u64();
    double d;
    std::memcpy(&d, &bits, sizeof d);
    return d;
  }

  // A number as an untrusted caller might send it: mostly small integers (so valid sizes are easy to
  // reach), often a range boundary or its neighbour, sometimes a fraction, a huge value, NaN or ±inf.
  double number() {
    // clang-format off
    static const double boundaries[] = {
        0.0, -0.0, 1.0, 2.0, 3.0, 4.0, 15.0, 16.0, 17.0, 1023.0, 1024.0, 1025.0, 2047.0, 2048.0, 2049.0,
        4095.0, 4096.0, 4097.0, 65535.0, 65536.0, 65537.0, 999999.0, 1e6, 1e6 + 1, 1e9, 1e9 + 1,
        4294967295.0, 4294967296.0, 8388608.0, 268435456.0, 2147483647.0, 2147483648.0, -2147483649.0,
        9.2233720368547758e18, -9.2233720368547758e18, 1e300, -1.0, -2.0, 0.5, 1.5, 2.5, 1.9999999999999998,
        std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::infinity(),
        -std::numeric_limits<double>::infinity(), std::numeric_limits<double>::max(),
        std::numeric_limits<double>::min(), std::numeric_limits<double>::denorm_min(),
        std::numeric_limits<double>::epsilon()};
    // clang-format on
    constexpr std::size_t count = sizeof boundaries / sizeof boundaries[0];
    switch (byte() % 10) {
      case 0: return static_cast<double>(byte()) - 16.0;
      case 1: return static_cast<double>(u16());
      case 2: return boundaries[byte() % count];
      case 3: return boundaries[byte() % count] + (static_cast<int>(byte() % 5) - 2);
      case 4: return raw_double();
      case 5: return static_cast<double>(byte()) + byte() / 256.0;
      case 6: return static_cast<double>(u32());
      case 7: return static_cast<double>(1 + byte() % 16);
      case 8: return static_cast<double>(static_cast<std::int32_t>(u32()));
      default: return static_cast<double>(byte() % 64);
    }
  }

  // A matrix entry. `bounded` entries stay within ±256 so sums of a few thousand products cannot
  // overflow; otherwise raw float bits (NaN, ±inf, denormals, ±3e38) are possible too.
  float value(bool bounded) {
    const std::uint8_t mode = byte();
    if (bounded || mode % 8 != 0) {
      return static_cast<float>(static_cast<std::int16_t>(u16())) / 128.0f;
    }
    const std::uint32_t bits = u32();
    float f;
    std::memcpy(&f, &bits, sizeof f);
    return f;
  }

  // A name: one the core knows, a near miss, or arbitrary bytes (embedded NULs included).
  std::string text() {
    static const char* const names[] = {
        "paper",      "halves",          "tensor2tensor", "none",   "before-softmax", "after-softmax",
        "sinusoidal", "learned",         "Paper",         "paper ", " none",          "before_softmax",
        "",           "tensor2tensor\n", "learne"};
    constexpr std::size_t count = sizeof names / sizeof names[0];
    const std::uint8_t mode = byte();
    if (mode % 4 != 3) return names[byte() % count];
    std::string s(byte() % 24, '\0');
    for (char& c : s) c = static_cast<char>(byte());
    return s;
  }

 private:
  const std::uint8_t* p_;
  std::size_t n_;
};

// Is v an integer in [lo, hi]? The independent oracle for every IntParam check.
inline bool int_in(double v, double lo, double hi) {
  return std::isfinite(v) && std::floor(v) == v && v >= lo && v <= hi;
}

// Every Status: a success carries nothing; a failure names a parameter and the rule it broke.
inline void expect_well_formed(const Status& s) {
  if (s.ok) {
    FUZZ_ASSERT(s.param.empty());
    FUZZ_ASSERT(s.rule == Rule::none);
  } else {
    FUZZ_ASSERT(!s.param.empty());
    FUZZ_ASSERT(s.rule != Rule::none);
  }
}

// A Status whose outcome (and, when it fails, whose parameter) an oracle predicted.
inline void expect_status(const Status& s, bool ok, const char* param) {
  expect_well_formed(s);
  FUZZ_ASSERT(s.ok == ok);
  if (!ok && param != nullptr) FUZZ_ASSERT(s.param == param);
}

template <typename T>
bool all_finite(const T* data, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i)
    if (!std::isfinite(static_cast<double>(data[i]))) return false;
  return true;
}

template <typename T>
double max_abs(const T* data, std::size_t n) {
  double m = 0;
  for (std::size_t i = 0; i < n; ++i) m = std::fmax(m, std::fabs(static_cast<double>(data[i])));
  return m;
}

// Kernel sizes are capped inside the targets so one input runs in well under 10 ms.
inline constexpr std::size_t kMaxElements = 4096;
inline constexpr int kMaxRows = 16;

}  // namespace pelab::fuzz
