// The one SIMD width the core is written for. xsimd 8.1 has no wasm arch, but Emscripten maps SSE4.1
// onto wasm SIMD128, so the same 4-lane batch serves the native and the wasm build and both compute
// the same operations in the same order.
#pragma once
#include <xsimd/xsimd.hpp>

namespace pelab {

using arch = xsimd::sse4_1;
using fbatch = xsimd::batch<float, arch>;
inline constexpr int lanes = static_cast<int>(fbatch::size);

}  // namespace pelab
