// Rows of (sin p·ω_k, cos p·ω_k) for consecutive integer positions p, written a block of rows at a
// time with an error of a few float ulps at any position. The sinusoidal table is these rows; rope
// rotates queries and keys by them. How it stays accurate: cpp/src/encodings/rotations.cpp.
#pragma once
#include <vector>

#include "pelab/numerics/simd.hpp"

namespace pelab {

template <typename T>
using aligned_vector = std::vector<T, aligned_allocator<T>>;

class RotationRows {
 public:
  // Rows per anchor. The 2048 × 512 table in wasm, A/B in one process: 16 took 0.87–0.89 of 8's time, 32 took
  // 1.4–1.5 of 16's (its offsets, 64 KB at 512 wide, no longer stay in L1 beside the rows); natively 8 and 16 alike.
  static constexpr int block = 16;

  // Rows for positions start, start+1, …: pair k turns by omega[k] per position.
  RotationRows(const std::vector<double>& omega, int start);

  // Writes the first `rows` (1 … block) rows of the next block, row j at first_row + j·d, and moves on a
  // whole block: only a run's last call may be short. Pair k's sine and cosine go to columns (2k, 2k+1)
  // when interleaved, else (k, pairs + k); columns from 2·pairs on are set to 0.
  void write_next(float* first_row, int rows, int d, bool interleaved);

  int pairs() const { return static_cast<int>(anchor_s_.size()); }

 private:
  std::vector<double> anchor_s_, anchor_c_;    // (sin, cos) at the next block's first row, in double
  std::vector<double> step_s_, step_c_;        // rotation by block·ω, from one anchor to the next
  int stride_;                                 // pairs rounded up to whole SIMD batches
  aligned_vector<float> offset_s_, offset_c_;  // rotation by j·ω for j < block, row j at j·stride_
  aligned_vector<float> anchor_sf_, anchor_cf_;
};

}  // namespace pelab
