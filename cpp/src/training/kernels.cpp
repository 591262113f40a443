#include "pelab/training/kernels.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "pelab/numerics/simd.hpp"
#include "pelab/numerics/vector_ops.hpp"

namespace pelab::training {
namespace {

constexpr int W = lanes;

fbatch at4(const float* p) { return fbatch::load_unaligned(p); }

// Where a's element (row r, column k) is: a[r·row + k·col]. {lda, 1} reads a as stored, {1, lda} reads
// its transpose in place (a stored as K rows of M): the same loads, only the strides swapped.
struct Strides {
  int row, col;
};

// R rows × KB batches of columns of out, accumulated over all K in registers: each load of b serves
// R rows and each broadcast of a serves KB batches. R·KB ≤ 8 keeps the accumulators in 16 registers.
template <int R, int KB>
void gemm_tile(const float* a, Strides sa, const float* b, int ldb, float* out, int ldc, int K, const float* bias,
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
      const fbatch x(a[r * sa.row + k * sa.col]);
      for (int j = 0; j < KB; ++j) acc[r][j] = fma(x, col[j], acc[r][j]);
    }
  }
  for (int r = 0; r < R; ++r)
    for (int j = 0; j < KB; ++j) acc[r][j].store_unaligned(out + r * ldc + j * W);
}

// All rows of one block of KB·W columns: R rows at a time, then the last rows one by one.
template <int R, int KB>
void gemm_columns(const float* a, Strides sa, const float* b, int ldb, float* out, int ldc, int M, int K,
                  const float* bias, bool accumulate) {
  int i = 0;
  for (; i + R <= M; i += R) gemm_tile<R, KB>(a + i * sa.row, sa, b, ldb, out + i * ldc, ldc, K, bias, accumulate);
  for (; i < M; ++i) gemm_tile<1, KB>(a + i * sa.row, sa, b, ldb, out + i * ldc, ldc, K, bias, accumulate);
}

// Columns past the last whole batch, in plain arithmetic of T (float, or double for the checks).
template <typename T>
void gemm_scalar_columns(const T* a, Strides sa, const T* b, int ldb, T* out, int ldc, int M, int K, int j0, int N,
                         const T* bias, bool accumulate) {
  for (int i = 0; i < M; ++i)
    for (int j = j0; j < N; ++j) {
      T sum = accumulate ? out[i * ldc + j] : (bias ? bias[j] : T(0));
      for (int k = 0; k < K; ++k) sum += a[i * sa.row + k * sa.col] * b[k * ldb + j];
      out[i * ldc + j] = sum;
    }
}

void gemm_strided(const float* a, Strides sa, const float* b, int ldb, float* out, int ldc, int M, int K, int N,
                  const float* bias, bool accumulate) {
  int j = 0;
  auto at = [&](int col) { return bias ? bias + col : nullptr; };
  for (; j + 4 * W <= N; j += 4 * W) gemm_columns<2, 4>(a, sa, b + j, ldb, out + j, ldc, M, K, at(j), accumulate);
  for (; j + 2 * W <= N; j += 2 * W) gemm_columns<4, 2>(a, sa, b + j, ldb, out + j, ldc, M, K, at(j), accumulate);
  for (; j + W <= N; j += W) gemm_columns<4, 1>(a, sa, b + j, ldb, out + j, ldc, M, K, at(j), accumulate);
  gemm_scalar_columns(a, sa, b, ldb, out, ldc, M, K, j, N, bias, accumulate);
}

}  // namespace

void gemm(const float* a, int lda, const float* b, int ldb, float* out, int ldc, int M, int K, int N, const float* bias,
          bool accumulate) {
  gemm_strided(a, {lda, 1}, b, ldb, out, ldc, M, K, N, bias, accumulate);
}

void gemm(const double* a, int lda, const double* b, int ldb, double* out, int ldc, int M, int K, int N,
          const double* bias, bool accumulate) {
  gemm_scalar_columns<double>(a, {lda, 1}, b, ldb, out, ldc, M, K, 0, N, bias, accumulate);
}

void gemm_at(const float* a, int lda, const float* b, int ldb, float* out, int ldc, int M, int K, int N,
             bool accumulate) {
  gemm_strided(a, {1, lda}, b, ldb, out, ldc, M, K, N, nullptr, accumulate);
}

void gemm_at(const double* a, int lda, const double* b, int ldb, double* out, int ldc, int M, int K, int N,
             bool accumulate) {
  gemm_scalar_columns<double>(a, {1, lda}, b, ldb, out, ldc, M, K, 0, N, nullptr, accumulate);
}

void softmax(float* x, int n) {
  float peak = -std::numeric_limits<float>::infinity();
  int i = 0;
#ifndef PELAB_NO_SIMD
  if (n >= W) {
    fbatch m = at4(x);
    for (i = W; i + W <= n; i += W) m = xsimd::max(m, at4(x + i));
    float four[W];
    m.store_unaligned(four);
    peak = *std::max_element(four, four + W);
  }
#endif
  for (; i < n; ++i) peak = std::max(peak, x[i]);
  const float scale = 1.0f / exp_shifted(x, static_cast<std::size_t>(n), peak);
  const fbatch s(scale);
  for (i = 0; i + W <= n; i += W) (at4(x + i) * s).store_unaligned(x + i);
  for (; i < n; ++i) x[i] *= scale;
}

void softmax(double* x, int n) {
  const double peak = *std::max_element(x, x + n);
  double total = 0;
  for (int i = 0; i < n; ++i) total += x[i] = std::exp(x[i] - peak);
  for (int i = 0; i < n; ++i) x[i] /= total;
}

void layernorm_row_forward(float* out, float& mean, float& rstd, const float* x, const float* weight, const float* bias,
                           int C) {
  fbatch sum(0.f);
  int c = 0;
  for (; c + W <= C; c += W) sum = sum + at4(x + c);
  float m = hadd(sum);
  for (; c < C; ++c) m += x[c];
  m /= static_cast<float>(C);
  const fbatch mb(m);
  fbatch squares(0.f);
  for (c = 0; c + W <= C; c += W) {
    const fbatch d = at4(x + c) - mb;
    squares = fma(d, d, squares);
  }
  float v = hadd(squares);
  for (; c < C; ++c) v += (x[c] - m) * (x[c] - m);
  const float s = 1.f / std::sqrt(v / static_cast<float>(C) + static_cast<float>(kNormEpsilon));
  const fbatch sb(s);
  for (c = 0; c + W <= C; c += W) fma((at4(x + c) - mb) * sb, at4(weight + c), at4(bias + c)).store_unaligned(out + c);
  for (; c < C; ++c) out[c] = (x[c] - m) * s * weight[c] + bias[c];
  mean = m, rstd = s;
}

void layernorm_row_forward(double* out, double& mean, double& rstd, const double* x, const double* weight,
                           const double* bias, int C) {
  double m = 0, v = 0;
  for (int c = 0; c < C; ++c) m += x[c];
  m /= C;
  for (int c = 0; c < C; ++c) v += (x[c] - m) * (x[c] - m);
  const double s = 1 / std::sqrt(v / C + kNormEpsilon);
  for (int c = 0; c < C; ++c) out[c] = (x[c] - m) * s * weight[c] + bias[c];
  mean = m, rstd = s;
}

void layernorm_row_backward(float* dx, float* dweight, float* dbias, const float* dout, const float* x,
                            const float* weight, float mean, float rstd, int C) {
  const fbatch mb(mean), rb(rstd);
  fbatch gs(0.f), gxs(0.f);
  int c = 0;
  for (; c + W <= C; c += W) {
    const fbatch g = at4(weight + c) * at4(dout + c);
    gs = gs + g;
    gxs = fma(g, (at4(x + c) - mb) * rb, gxs);
  }
  float g_mean = hadd(gs), gx_mean = hadd(gxs);
  for (; c < C; ++c) {
    const float g = weight[c] * dout[c];
    g_mean += g;
    gx_mean += g * ((x[c] - mean) * rstd);
  }
  g_mean /= static_cast<float>(C), gx_mean /= static_cast<float>(C);
  const fbatch gm(g_mean), gxm(gx_mean);
  for (c = 0; c + W <= C; c += W) {
    const fbatch xhat = (at4(x + c) - mb) * rb, d = at4(dout + c);
    (at4(dbias + c) + d).store_unaligned(dbias + c);
    fma(xhat, d, at4(dweight + c)).store_unaligned(dweight + c);
    fma(rb, at4(weight + c) * d - gm - xhat * gxm, at4(dx + c)).store_unaligned(dx + c);
  }
  for (; c < C; ++c) {
    const float xhat = (x[c] - mean) * rstd;
    dbias[c] += dout[c];
    dweight[c] += xhat * dout[c];
    dx[c] += rstd * (weight[c] * dout[c] - g_mean - xhat * gx_mean);
  }
}

void layernorm_row_backward(double* dx, double* dweight, double* dbias, const double* dout, const double* x,
                            const double* weight, double mean, double rstd, int C) {
  double g_mean = 0, gx_mean = 0;
  for (int c = 0; c < C; ++c) {
    const double xhat = (x[c] - mean) * rstd;
    g_mean += weight[c] * dout[c];
    gx_mean += weight[c] * dout[c] * xhat;
  }
  g_mean /= C, gx_mean /= C;
  for (int c = 0; c < C; ++c) {
    const double xhat = (x[c] - mean) * rstd;
    dbias[c] += dout[c];
    dweight[c] += xhat * dout[c];
    dx[c] += rstd * (weight[c] * dout[c] - g_mean - xhat * gx_mean);
  }
}

namespace {

constexpr double kGeluScale = 0.7978845608028654;  // √(2/π)
constexpr double kGeluCube = 0.044715;

// 0.5·(1 + tanh(u)) = sigmoid(2u): one exp and one division instead of a tanh, in the SIMD build too.
// exp(-2u) overflows to +inf for very negative x, giving sigmoid 0, as it should.
template <typename T>
T gelu_gate(T x) {
  const T u = T(kGeluScale) * (x + T(kGeluCube) * x * x * x);
  return T(1) / (T(1) + std::exp(T(-2) * u));
}

// d/dx x·s(x), with s = sigmoid(2u): s + x · 2s(1-s) · du/dx (since d tanh(u)/du = 4s(1-s)).
template <typename T>
T gelu_slope(T x) {
  const T s = gelu_gate(x);
  return s + x * T(2) * s * (T(1) - s) * T(kGeluScale) * (T(1) + T(3 * kGeluCube) * x * x);
}

#ifndef PELAB_NO_SIMD
fbatch gelu_gate(const fbatch& x) {
  const fbatch u = fbatch(static_cast<float>(kGeluScale)) * fma(fbatch(static_cast<float>(kGeluCube)) * x, x * x, x);
  return fbatch(1.f) / (fbatch(1.f) + pelab::exp(fbatch(-2.f) * u));
}
#endif

}  // namespace

void gelu_forward(float* out, const float* inp, int n) {
  int i = 0;
#ifndef PELAB_NO_SIMD
  for (; i + W <= n; i += W) {
    const fbatch x = fbatch::load_unaligned(inp + i);
    (x * gelu_gate(x)).store_unaligned(out + i);
  }
#endif
  for (; i < n; ++i) out[i] = inp[i] * gelu_gate(inp[i]);
}

void gelu_forward(double* out, const double* inp, int n) {
  for (int i = 0; i < n; ++i) out[i] = inp[i] * gelu_gate(inp[i]);
}

void gelu_backward(float* dinp, const float* inp, const float* dout, int n) {
  int i = 0;
#ifndef PELAB_NO_SIMD
  const fbatch one(1.f), k(static_cast<float>(2 * kGeluScale)), c3(static_cast<float>(3 * kGeluCube));
  for (; i + W <= n; i += W) {
    const fbatch x = fbatch::load_unaligned(inp + i);
    const fbatch s = gelu_gate(x);
    const fbatch slope = fma(x * s * (one - s) * k, fma(c3, x * x, one), s);
    fma(slope, fbatch::load_unaligned(dout + i), fbatch::load_unaligned(dinp + i)).store_unaligned(dinp + i);
  }
#endif
  for (; i < n; ++i) dinp[i] += gelu_slope(inp[i]) * dout[i];
}

void gelu_backward(double* dinp, const double* inp, const double* dout, int n) {
  for (int i = 0; i < n; ++i) dinp[i] += gelu_slope(inp[i]) * dout[i];
}

}  // namespace pelab::training
