#pragma once
// Index arithmetic of the training files in std::size_t: the shapes are ints (their limits are checked where a
// spec is made), their products and offsets are computed in size_t so that they cannot overflow an int.
#include <cstddef>

namespace pelab::training::sizes {

/** `v` as a size. */
inline std::size_t z(int v) { return static_cast<std::size_t>(v); }

/** The offset of row `row` of a row-major matrix `width` wide. */
inline std::size_t at(int row, int width) { return z(row) * z(width); }

}  // namespace pelab::training::sizes
