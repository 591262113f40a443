// The relative-offset property: for every offset k there is one matrix M_k, the same for every
// position, with PE(p+k) = M_k · PE(p). M_k is block-diagonal: pair i's (sin, cos) is rotated by
// [[cos kω_i, sin kω_i], [−sin kω_i, cos kω_i]].
#pragma once

#include "pelab/encodings/sinusoidal.hpp"

namespace pelab {

// k must be in range and the table for positions start … start+positions-1+k must be allowed.
Status check_offset(const SinusoidalSpec& spec, double k);

// The largest k check_offset accepts for this (valid) table.
double largest_offset(const SinusoidalSpec& spec);

// A table and an offset, checked in that order.
struct OffsetRequest {
  SinusoidalSpec spec;
  int k = 0;
};
Status make_offset_request(double positions, double dModel, double base, const std::string& variant, double start,
                           double k, OffsetRequest& out);

// The 2×2 blocks of M_k, pair after pair, each row-major: pairs × 4 floats.
void offset_blocks(const SinusoidalSpec& spec, int k, float* blocks);

// max over p in [start, start+positions) and every column of |M_k·PE(p) − PE(p+k)|.
double offset_residual(const SinusoidalSpec& spec, int k);

}  // namespace pelab
