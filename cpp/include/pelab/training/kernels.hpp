// The loops the training layers spend their time in, for float (4-lane SIMD, numerics/simd.hpp) and
// for double (plain loops: the finite-difference checks run the layers in double, where a central
// difference is accurate to ~1e-9 and so can judge every backward formula tightly).
#pragma once

namespace pelab::training {

// out (M, N) = start + a (M, K) · b (K, N), each matrix row-major with its own row stride (lda, ldb,
// ldc), so a head's slice of a wider row can be used in place. `start` is out's current values when
// `accumulate`, else `bias` (N) on every row, else zero.
void gemm(const float* a, int lda, const float* b, int ldb, float* out, int ldc, int M, int K, int N, const float* bias,
          bool accumulate);
void gemm(const double* a, int lda, const double* b, int ldb, double* out, int ldc, int M, int K, int N,
          const double* bias, bool accumulate);

// out (M, N) = start + aᵀ · b, with a stored as (K, M), row stride lda, and read transposed in place
// (no copy): `start` is out's current values when `accumulate`, else zero.
void gemm_at(const float* a, int lda, const float* b, int ldb, float* out, int ldc, int M, int K, int N,
             bool accumulate);
void gemm_at(const double* a, int lda, const double* b, int ldb, double* out, int ldc, int M, int K, int N,
             bool accumulate);

// out (cols, rows) = in (rows, cols)ᵀ; in has row stride ldin.
template <typename T>
void transpose(const T* in, int rows, int cols, int ldin, T* out) {
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) out[c * rows + r] = in[r * ldin + c];
}

// x[0 … n-1] ← softmax(x); the row maximum is subtracted first so exp cannot overflow.
void softmax(float* x, int n);
void softmax(double* x, int n);

// Layer normalisation's ε: rstd = 1/√(variance + ε), in LayerNorm and RMSNorm alike.
inline constexpr double kNormEpsilon = 1e-5;

// One row of LayerNorm (C values): out = (x - mean)·rstd·weight + bias, keeping mean and rstd for the
// backward pass. In float, four lanes at a time (sums in four partial sums, so in another order).
void layernorm_row_forward(float* out, float& mean, float& rstd, const float* x, const float* weight, const float* bias,
                           int C);
void layernorm_row_forward(double* out, double& mean, double& rstd, const double* x, const double* weight,
                           const double* bias, int C);
// Its backward, with x̂ = (x - mean)·rstd and g = weight·dout: dx += rstd · (g - mean(g) - x̂ · mean(g·x̂)),
// dweight += x̂·dout, dbias += dout.
void layernorm_row_backward(float* dx, float* dweight, float* dbias, const float* dout, const float* x,
                            const float* weight, float mean, float rstd, int C);
void layernorm_row_backward(double* dx, double* dweight, double* dbias, const double* dout, const double* x,
                            const double* weight, double mean, double rstd, int C);

// GELU, tanh approximation (as GPT-2 and llm.c): out = x/2 · (1 + tanh(√(2/π)(x + 0.044715x³))),
// computed as x · sigmoid(2·√(2/π)(x + 0.044715x³)), the same function.
void gelu_forward(float* out, const float* inp, int n);
void gelu_forward(double* out, const double* inp, int n);
// dinp += gelu'(inp) · dout
void gelu_backward(float* dinp, const float* inp, const float* dout, int n);
void gelu_backward(double* dinp, const double* inp, const double* dout, int n);

}  // namespace pelab::training
