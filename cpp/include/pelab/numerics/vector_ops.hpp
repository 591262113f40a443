// The few SIMD loops everything else is built from. One definition each, 4 lanes (simd.hpp).
#pragma once
#include <cstddef>

namespace pelab {

float dot(const float* a, const float* b, std::size_t n);
float squared_distance(const float* a, const float* b, std::size_t n);
// a · b[r] for four rows b[0..3] at once: four independent accumulators hide the add latency that
// bounds a single dot product, and each load of `a` serves four rows.
void dot4(const float* a, const float* const b[4], std::size_t n, float out[4]);
void squared_distance4(const float* a, const float* const b[4], std::size_t n, float out[4]);
// out[i*rowsB + j] = a_i · b_j for every row i of a and j of b, all of width n. Rows of a are taken
// in small blocks that stay in cache while b streams past once per block.
void dot_all_pairs(const float* a, std::size_t rowsA, const float* b, std::size_t rowsB, std::size_t n, float* out);
// The same for a table against itself (rows × rows, symmetric): row dot products, squared distances.
void gram_matrix(const float* table, std::size_t rows, std::size_t n, float* out);
void squared_distance_matrix(const float* table, std::size_t rows, std::size_t n, float* out);
void axpy(float alpha, const float* x, float* y, std::size_t n);  // y += alpha * x
// out[0 … n-1] = Σ over r of w[r] · x[r·n …], rows with w[r] = 0 left out: the same sums, in the same order,
// as zeroing out and calling axpy row by row, but each block of 32 columns is summed in registers over all rows
// and stored once (attention at n = 512, dK = 64 in wasm, A/B in Node: 7.3–7.6 → 5.3–5.6 ms, the same output).
void weighted_rows(const float* w, std::size_t rows, const float* x, std::size_t n, float* out);
// x[i] = exp(x[i] - shift) for i < n; returns the sum of the new values (softmax's denominator).
float exp_shifted(float* x, std::size_t n, float shift);
void add_in_place(float* a, const float* b, std::size_t n);  // a += b
// to[i] = from[i] rounded to float, for i < n: four at a time with SSE2's cvtpd2ps, which Emscripten maps onto
// f32x4.demote_f64x2_zero (a plain loop became a lane-by-lane extract, demote and replace in wasm).
void to_floats(const double* from, std::size_t n, float* to);

}  // namespace pelab
