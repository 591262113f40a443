// Every parameter range of the public API, in one place. The JS layer quotes these in its errors,
// so a limit changed here changes what learners are told.
#pragma once
#include <cstdint>

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
inline constexpr IntParam tokenCount{"tokens.length", 1, 2048};
inline constexpr IntParam sequence{"n", 1, 2048};
inline constexpr IntParam dK{"dK", 1, 1024};
inline constexpr IntParam dV{"dV", 1, 1024};
inline constexpr IntParam rows{"rows", 1, 2048};
inline constexpr IntParam offset{"k", 0, 65535};

// No single result may hold more than this many floats (32 MiB), so no call can exhaust memory.
inline constexpr std::int64_t maxElements = std::int64_t{1} << 23;

// No single call may do more than this many multiply-adds (~1 s in wasm at worst), so none can hang.
inline constexpr double maxWork = 1 << 30;

}  // namespace pelab::limits
