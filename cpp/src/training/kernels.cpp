#include "pelab/training/kernels.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "pelab/numerics/simd.hpp"
#include "pelab/numerics/vector_ops.hpp"

namespace pelab::training {
namespace {

constexpr int W = lanes;

// R rows × KB batches of columns of out, accumulated over all K in registers: each load of b serves
// R rows and each broadcast of a serves KB batches. R·KB ≤ 8 keeps the accumulators in 16 registers.
template <int R, int KB>
void gemm_tile(const float* a, int lda, const float* b, int ldb, float* out, int ldc, int K, const float* bias,
               bool accumulate) {
  fbatch acc[R][KB];
  for (int r = 0; r < R; ++r)
    for (int j = 0; j < KB; ++j)
      acc[r][j] = accumulate ? fbatch::load_unaligned(out + r * ldc + j * W)
                             : (bias ? fbatch::load_unaligned(bias + j * W) : fbatch(0.f));
  for (int k = 0; k < K; ++k) {
    fbatch col[KB];
    for (int j = 0; j < KB; ++j) col[j] = fbatch::load_unaligned(b + k * ldb + j * W);
    for (int r = 0; r < R; ++r) {
      const fbatch x(a[r * lda + k]);
      for (int j = 0; j < KB; ++j) acc[r][j] = fma(x, col[j], acc[r][j]);
    }
  }
  for (int r = 0; r < R; ++r)
    for (int j = 0; j < KB; ++j) acc[r][j].store_unaligned(out + r * ldc + j * W);
}

// All rows of one block of KB·W columns: R rows at a time, then the last rows one by one.
template <int R, int KB>
void gemm_columns(const float* a, int lda, const float* b, int ldb, float* out, int ldc, int M, int K,
                  const float* bias, bool accumulate) {
  int i = 0;
  for (; i + R <= M; i += R) gemm_tile<R, KB>(a + i * lda, lda, b, ldb, out + i * ldc, ldc, K, bias, accumulate);
  for (; i < M; ++i) gemm_tile<1, KB>(a + i * lda, lda, b, ldb, out + i * ldc, ldc, K, bias, accumulate);
}

// Columns past the last whole batch, in plain float.
template <typename T>
void gemm_scalar_columns(const T* a, int lda, const T* b, int ldb, T* out, int ldc, int M, int K, int j0, int N,
                         const T* bias, bool accumulate) {
  for (int i = 0; i < M; ++i)
    for (int j = j0; j < N; ++j) {
      T sum = accumulate ? out[i * ldc + j] : (bias ? bias[j] : T(0));
      for (int k = 0; k < K; ++k) sum += a[i * lda + k] * b[k * ldb + j];
      out[i * ldc + j] = sum;
    }
}

}  // namespace

void gemm(const float* a, int lda, const float* b, int ldb, float* out, int ldc, int M, int K, int N,
          const float* bias, bool accumulate) {
  int j = 0;
  auto at = [&](int col) { return bias ? bias + col : nullptr; };
  for (; j + 4 * W <= N; j += 4 * W) gemm_columns<2, 4>(a, lda, b + j, ldb, out + j, ldc, M, K, at(j), accumulate);
  for (; j + 2 * W <= N; j += 2 * W) gemm_columns<4, 2>(a, lda, b + j, ldb, out + j, ldc, M, K, at(j), accumulate);
  for (; j + W <= N; j += W) gemm_columns<4, 1>(a, lda, b + j, ldb, out + j, ldc, M, K, at(j), accumulate);
  gemm_scalar_columns(a, lda, b, ldb, out, ldc, M, K, j, N, bias, accumulate);
}

void gemm(const double* a, int lda, const double* b, int ldb, double* out, int ldc, int M, int K, int N,
          const double* bias, bool accumulate) {
  gemm_scalar_columns(a, lda, b, ldb, out, ldc, M, K, 0, N, bias, accumulate);
}

void softmax(float* x, int n) {
  const float peak = *std::max_element(x, x + n);
  const float scale = 1.0f / exp_shifted(x, static_cast<std::size_t>(n), peak);
  for (int i = 0; i < n; ++i) x[i] *= scale;
}

void softmax(double* x, int n) {
  const double peak = *std::max_element(x, x + n);
  double total = 0;
  for (int i = 0; i < n; ++i) total += x[i] = std::exp(x[i] - peak);
  for (int i = 0; i < n; ++i) x[i] /= total;
}

namespace {

constexpr double kGeluScale = 0.7978845608028654;  // √(2/π)
constexpr double kGeluCube = 0.044715;

template <typename T>
T gelu(T x) {
  const T t = std::tanh(T(kGeluScale) * (x + T(kGeluCube) * x * x * x));
  return T(0.5) * x * (T(1) + t);
}

// d gelu / dx, with sech² = 1 - tanh².
template <typename T>
T gelu_slope(T x) {
  const T t = std::tanh(T(kGeluScale) * (x + T(kGeluCube) * x * x * x));
  return T(0.5) * (T(1) + t) + T(0.5) * x * (T(1) - t * t) * T(kGeluScale) * (T(1) + T(3 * kGeluCube) * x * x);
}

}  // namespace

// float: 4 lanes with xsimd's tanh (a scalar tanh per element would cost as much as the MLP's matmuls).
void gelu_forward(float* out, const float* inp, int n) {
  int i = 0;
#ifndef PELAB_NO_SIMD
  const fbatch half(0.5f), one(1.f), s(static_cast<float>(kGeluScale)), c(static_cast<float>(kGeluCube));
  for (; i + W <= n; i += W) {
    const fbatch x = fbatch::load_unaligned(inp + i);
    const fbatch t = xsimd::tanh(s * fma(c * x, x * x, x));
    (half * x * (one + t)).store_unaligned(out + i);
  }
#endif
  for (; i < n; ++i) out[i] = gelu(inp[i]);
}

void gelu_forward(double* out, const double* inp, int n) {
  for (int i = 0; i < n; ++i) out[i] = gelu(inp[i]);
}

void gelu_backward(float* dinp, const float* inp, const float* dout, int n) {
  int i = 0;
#ifndef PELAB_NO_SIMD
  const fbatch half(0.5f), one(1.f), s(static_cast<float>(kGeluScale)), c(static_cast<float>(kGeluCube)),
      c3(static_cast<float>(3 * kGeluCube));
  for (; i + W <= n; i += W) {
    const fbatch x = fbatch::load_unaligned(inp + i);
    const fbatch x2 = x * x;
    const fbatch t = xsimd::tanh(s * fma(c * x, x2, x));
    const fbatch slope = half * (one + t) + half * x * (one - t * t) * s * fma(c3, x2, one);
    fma(slope, fbatch::load_unaligned(dout + i), fbatch::load_unaligned(dinp + i)).store_unaligned(dinp + i);
  }
#endif
  for (; i < n; ++i) dinp[i] += gelu_slope(inp[i]) * dout[i];
}

void gelu_backward(double* dinp, const double* inp, const double* dout, int n) {
  for (int i = 0; i < n; ++i) dinp[i] += gelu_slope(inp[i]) * dout[i];
}

}  // namespace pelab::training
