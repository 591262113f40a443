// The sinusoidal position table PE(p, ·) for p = start … start+positions-1, row-major float32.
#pragma once
#include <cstddef>
#include <string>
#include <vector>

#include "pelab/encodings/variant.hpp"
#include "pelab/validation/status.hpp"

namespace pelab {

struct SinusoidalSpec {
  int positions = 128;
  int dModel = 64;
  double base = 10000.0;
  Variant variant = Variant::paper;
  int start = 0;
};

// Builds a spec from untrusted numbers, or says which one is wrong and what it may be.
// Odd dModel: rejected for `paper` (its pairs interleave); for `halves` and `tensor2tensor` the last
// column is zero, as tensor2tensor's get_timing_signal_1d and fairseq pad it.
Status make_sinusoidal_spec(double positions, double dModel, double base, const std::string& variant, double start,
                            SinusoidalSpec& out);
// What a spec of typed, in-range values must also satisfy, in this order: the 'paper' layout's even width,
// the element cap, and the last position within range (make_sinusoidal_spec ends with it; a caller that
// built the spec from values it checked itself, as sequence.cpp does, asks it directly).
Status check_table(const SinusoidalSpec& spec);

// A table to fill, with the caller's `out` length (kNoOut for a new array) checked after the spec.
Status make_table_request(double positions, double dModel, double base, const std::string& variant, double start,
                          double outLength, SinusoidalSpec& out);

// The spec of frequencies() alone: dModel, base and variant checked as for a table.
Status make_frequency_spec(double dModel, double base, const std::string& variant, SinusoidalSpec& out);

// The same table with `extra` more rows after its last (for offsets k: rows up to p + k).
SinusoidalSpec with_extra_rows(const SinusoidalSpec& spec, int extra);

// The fast table as a new vector.
std::vector<float> sinusoidal_table(const SinusoidalSpec& spec);

inline int pair_count(const SinusoidalSpec& s) { return s.dModel / 2; }
inline std::size_t element_count(const SinusoidalSpec& s) {
  return static_cast<std::size_t>(s.positions) * static_cast<std::size_t>(s.dModel);
}

// Angular frequency omega_k of every pair, in double precision.
std::vector<double> frequencies(const SinusoidalSpec& spec);

// The fast table: max abs error <= 2e-6 against fill_sinusoidal_reference (measured ~2e-7).
void fill_sinusoidal(const SinusoidalSpec& spec, float* out);

// Receives one piece of a table: `count` numbers from element `first` on, in a buffer reused for the next piece.
using TakePiece = void (*)(std::size_t first, std::size_t count, const float* values);
// The rows a piece of fill_sinusoidal_in_pieces holds for a width of `dModel`: whole blocks of rows, about 64 KB (one
// block, 16 rows, where a row is wider than 1024).
int piece_rows(int dModel);
// The same numbers as fill_sinusoidal, written piece_rows(dModel) rows at a time into `piece` (that many rows
// × dModel floats) and handed to `take` piece by piece, in order: a caller that copies the table elsewhere
// copies from a buffer still in cache, and the whole table is never held (a 4 MB table into a JS array:
// 0.37 → 0.33 ms in Node here).
void fill_sinusoidal_in_pieces(const SinusoidalSpec& spec, float* piece, TakePiece take);

// The formula evaluated in float64, one sin/cos per element: the yardstick for the others.
void fill_sinusoidal_reference(const SinusoidalSpec& spec, double* out);

// What a float32 program computes, step by step as the lesson's PyTorch module runs it in float32:
// omega = exp(float(2k) * float(-ln(base)/d)), angle = float(p) * omega, then sin/cos of that float.
// Its error grows with the position; the precision and pytorch-module exercises show how far.
void fill_sinusoidal_float32_angles(const SinusoidalSpec& spec, float* out);

}  // namespace pelab
