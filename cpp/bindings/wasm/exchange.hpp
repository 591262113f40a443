// The one place where arrays cross between JS and wasm. The JS layer writes a call's arrays into
// `inputs` (through the addresses `inputAddress` gives), calls the binding, and copies `results` out
// before it makes any other call. Nothing here is an `emscripten::val`: the bindings never hold a
// handle to a JS object, so nothing a caller wrote can run while a wasm frame is live.
#pragma once
#include <array>
#include <cstddef>
#include <vector>

#include "pelab/validation/status.hpp"

namespace pelab::bindings {

struct Exchange {
  std::array<std::vector<float>, 3> floats;  // q, k, v / x / table, as the call names them
  std::vector<double> tokens;                // token ids in double, so a fraction can be reported
  std::array<std::vector<float>, 8> results32;
  std::array<std::vector<double>, 2> results64;
  std::array<double, 16> numbers{};  // scalar results
  Status status;                     // the last call's, read by the JS layer after a failure

  // Buffers keep their capacity from call to call: a slider that redraws the same table allocates
  // nothing after its first frame. Every size is capped by limits.hpp, so the high-water mark is too.
};

inline Exchange& exchange() {
  static Exchange shared;
  return shared;
}

}  // namespace pelab::bindings
