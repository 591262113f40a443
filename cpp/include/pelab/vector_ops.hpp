// The few SIMD loops everything else is built from. One definition each, 4 lanes (simd.hpp).
#pragma once
#include <cstddef>

namespace pelab {

float dot(const float* a, const float* b, std::size_t n);
float squared_distance(const float* a, const float* b, std::size_t n);
void axpy(float alpha, const float* x, float* y, std::size_t n);  // y += alpha * x
void add_in_place(float* a, const float* b, std::size_t n);        // a += b

}  // namespace pelab
