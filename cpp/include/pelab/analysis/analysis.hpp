// What a position table looks like from the inside: how similar and how far apart its rows are,
// the wavelength of each pair, and a summary of the properties the lesson asks of an encoding.
#pragma once
#include <vector>

#include "pelab/encodings/relative.hpp"
#include "pelab/encodings/sinusoidal.hpp"

namespace pelab {

// A table handed in by a caller (rows × dModel floats) for a rows × rows matrix. The work
// (rows² × dModel) is capped like every kernel's; `out`, when given, must hold rows × rows floats.
struct PairMatrixRequest {
  int rows = 0, dModel = 0;
};
Status make_pair_matrix_request(double tableLength, double rows, double dModel, double outLength,
                                PairMatrixRequest& out);

// out[i*rows + j] = row i · row j (rows × rows, symmetric).
void dot_matrix(const float* table, int rows, int dModel, float* out);

// out[i*rows + j] = |row i − row j| (Euclidean; rows × rows, symmetric, zero diagonal).
void distance_matrix(const float* table, int rows, int dModel, float* out);

// 2π/ω for every pair: how many positions one full turn of that pair takes.
std::vector<double> wavelengths(const SinusoidalSpec& spec);

struct Properties {
  double minDistance = 0;  // smallest |PE(p) − PE(q)| over distinct p, q in the table
  int minDistanceP = 0, minDistanceQ = 0;
  double maxAbsValue = 0;                     // largest |entry|: bounded by 1 at any length
  double minNormSq = 0, maxNormSq = 0;        // PE(p)·PE(p) over p (d/2 when dModel is even)
  double minOffsetDot = 0, maxOffsetDot = 0;  // PE(p)·PE(p+k) over p
  double offsetDotDeviation = 0;              // max − min of the above: ~0 means it does not depend on p
};

// Properties need every pair of rows; positions² × dModel is capped to keep that quick.
Status check_properties(const SinusoidalSpec& spec, double k);
Status make_properties_request(double positions, double dModel, double base, const std::string& variant, double start,
                               double k, OffsetRequest& out);
Properties properties(const SinusoidalSpec& spec, int k);

}  // namespace pelab
