// The three sinusoidal conventions real libraries use (README.md, "Conventions").
// They share sin/cos pairs; they differ in each pair's frequency and in where its two columns go.
#pragma once
#include <string>

#include "pelab/validation/status.hpp"

namespace pelab {

enum class Variant {
  paper,          // omega_k = base^(-2k/d); sin at column 2k, cos at 2k+1
  halves,         // same frequencies; [sin of all pairs | cos of all pairs]
  tensor2tensor,  // omega_k = base^(-k/(d/2-1)); [sin | cos]
};

Status parse_variant(const std::string& name, Variant& out);
const char* variant_name(Variant v);

// Where pair k's sine and cosine live in a row of width d.
struct PairColumns {
  int sin;
  int cos;
};

inline PairColumns pair_columns(Variant v, int d, int k) {
  if (v == Variant::paper) return {2 * k, 2 * k + 1};
  return {k, d / 2 + k};
}

}  // namespace pelab
