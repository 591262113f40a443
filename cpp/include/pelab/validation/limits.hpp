// Every parameter range, name list and cap of the lab's calls, in one place (the trainer's are in
// training/limits.hpp). The JS layer reads those it quotes (bindings' `limits`) in its errors, so a
// limit changed here changes what learners are told.
#pragma once
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>

#include "pelab/validation/status.hpp"

namespace pelab::limits {

inline constexpr IntParam positions{"positions", 1, 65536};
inline constexpr IntParam dModel{"dModel", 2, 4096};
inline constexpr RealParam base{"base", 2.0, 1e9};
inline constexpr IntParam start{"start", 0, 1000000};
inline constexpr IntParam seed{"seed", 0, 4294967295LL};
inline constexpr IntParam maxLen{"maxLen", 1, 65536};
inline constexpr IntParam position{"position", 0, 1000000};
inline constexpr IntParam vocabSize{"vocabSize", 1, 65536};
inline constexpr IntParam tokenCount{"tokens", 1, 2048};  // how many token ids a sequence holds
inline constexpr IntParam sequence{"n", 1, 2048};
inline constexpr IntParam dK{"dK", 1, 1024};
inline constexpr IntParam dV{"dV", 1, 1024};
inline constexpr IntParam rows{"rows", 1, 2048};
inline constexpr IntParam offset{"k", 0, 65535};
inline constexpr IntParam heads{"heads", 1, 1024};
inline constexpr IntParam dHead{"dHead", 2, 4096};
inline constexpr IntParam rotaryDims{"rotaryDims", 2, 4096};  // also even and at most the head width
inline constexpr RealParam scale{"scale", 1.0, 65536.0};      // rope's linear position scaling (HF requires ≥ 1)
// A RoPE scaling's (encodings/rope_scaling.hpp), named as its options object names them.
inline constexpr RealParam scalingFactor{"factor", 1.0, 65536.0};
inline constexpr IntParam originalMaxPositions{"originalMaxPositions", 1, 1000000};
inline constexpr IntParam scalingLength{"length", 0, 1000000};
inline constexpr RealParam betaFast{"betaFast", 0.001, 1e6};
inline constexpr RealParam betaSlow{"betaSlow", 0.001, 1e6};

// The names each named option accepts, in the order the errors list them.
inline constexpr std::array<const char*, 3> variants{"paper", "halves", "tensor2tensor"};
inline constexpr std::array<const char*, 3> encodings{"none", "sinusoidal", "learned"};
inline constexpr std::array<const char*, 3> masks{"none", "before-softmax", "after-softmax"};
inline constexpr std::array<const char*, 2> ropeLayouts{"halves", "interleaved"};
inline constexpr std::array<const char*, 2> biasMasks{"none", "causal"};  // alibiBias's `mask`
inline constexpr std::array<const char*, 5> ropeScalings{"none", "linear", "ntk", "dynamic", "yarn"};

// A name list (one of the arrays above, or training/limits.hpp's), looked up both ways: the one place a
// name becomes its index and an index its name.
struct Names {
  const char* const* list = nullptr;
  std::size_t count = 0;
  constexpr Names() = default;
  template <std::size_t N>
  constexpr Names(const std::array<const char*, N>& names) : list(names.data()), count(N) {}  // NOLINT: a view
  // The index of `name` on the list, or -1.
  int index_of(const std::string& name) const {
    for (std::size_t i = 0; i < count; ++i)
      if (name == list[i]) return static_cast<int>(i);
    return -1;
  }
  // The name at `index`, or "" (on no list) for an index off it, such as the JS layer's -1 for a name
  // not on the list: the core's builder then refuses it with its `choice` rule, in its own check order.
  const char* at(int index) const {
    return index >= 0 && static_cast<std::size_t>(index) < count ? list[static_cast<std::size_t>(index)] : "";
  }
};

// The index of `name` among `names`, or a `choice` failure naming `param`.
inline Status parse_choice(Names names, const char* param, const std::string& name, int& index) {
  const int found = names.index_of(name);
  if (found < 0) return Status::broken(Rule::choice, param, 0, 0, 0);
  index = found;
  return Status::fine();
}

// The same for an enum whose enumerators follow `names`, name for name.
template <typename E>
Status parse_choice(Names names, const char* param, const std::string& name, E& out) {
  int index = 0;
  Status s = parse_choice(names, param, name, index);
  if (s.ok) out = static_cast<E>(index);
  return s;
}

// No single result, and no array handed in, may hold more than this many floats (32 MiB), so no call
// can exhaust memory.
inline constexpr std::int64_t maxElements = std::int64_t{1} << 23;

// A table of rows × dModel floats must fit in maxElements; a failure names `rowsParam`.
inline Status check_table_elements(const char* rowsParam, double rows, double dModel) {
  const double elements = rows * dModel;
  if (elements <= static_cast<double>(maxElements)) return Status::fine();
  Status s = Status::broken(Rule::table_elements, rowsParam, elements, 0, static_cast<double>(maxElements));
  s.a = rows, s.b = dModel;
  return s;
}

// An array handed in may hold at most maxElements numbers (checked before it is copied anywhere).
inline Status check_input_elements(const char* param, double length) {
  if (length <= static_cast<double>(maxElements)) return Status::fine();
  return Status::broken(Rule::input_elements, param, length, 0, static_cast<double>(maxElements));
}

// A result of count × n × n numbers (one n × n matrix per head: attention's weights, and its scores, each
// one such result) must fit in maxElements; a failure names `param`.
inline Status check_matrices(const char* param, double count, double n) {
  const double elements = count * n * n;
  if (elements <= static_cast<double>(maxElements)) return Status::fine();
  Status s = Status::broken(Rule::result_elements, param, elements, 0, static_cast<double>(maxElements));
  s.a = count, s.b = n;
  return s;
}

// No single call may do more than this much work, counted in multiply-adds, so none can stall the
// page. Kernels whose steps cost more than a multiply-add count them with a weight, measured in wasm
// SIMD (tests/bench/caps.mjs runs every kernel at its cap: at most about a second each).
inline constexpr double maxWork = 1 << 30;
inline constexpr double scoreWork = 32;      // per attention score: its softmax exp, and the loop around it
inline constexpr double projectionWork = 2;  // per projection multiply-add (axpy rows, half a dot's speed)
inline constexpr double normalWork = 128;    // per seeded normal draw (Box–Muller: log, sqrt, cos)
// The properties summary's own cap: it compares every pair of positions, positions² × dModel multiply-adds.
inline constexpr double propertiesWork = 1 << 28;

}  // namespace pelab::limits
