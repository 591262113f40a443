#include "pelab/training/layers.hpp"
#include "sizes.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>

#include "pelab/training/kernels.hpp"

namespace pelab::training {
namespace {

using sizes::at;

}  // namespace

int attention_scratch(int maxLength, int C, int NH) {
  const int hs = C / NH;
  // A transposed head (hs, T), a (T, T) block, and RoPE's rotated head and its gradient (T, hs) each.
  return 3 * hs * maxLength + maxLength * maxLength;
}

// --- encoder ---------------------------------------------------------------------------------------

template <typename T>
void encoder_forward(T* out, const int* tokens, const T* wte, const T* wpe, const Packing& pk, int C) {
  for (int b = 0; b < pk.sequences; ++b)
    for (int n = pk.rows[b], p = 0; n < pk.rows[b + 1]; ++n, ++p) {
      const T* w = wte + at(tokens[n], C);
      T* o = out + at(n, C);
      for (int c = 0; c < C; ++c) o[c] = w[c] + (wpe ? wpe[at(p, C) + c] : T(0));
    }
}

template <typename T>
void encoder_backward(T* dwte, T* dwpe, const T* dout, const int* tokens, const Packing& pk, int C) {
  for (int b = 0; b < pk.sequences; ++b)
    for (int n = pk.rows[b], p = 0; n < pk.rows[b + 1]; ++n, ++p) {
      const T* d = dout + at(n, C);
      T* w = dwte + at(tokens[n], C);
      for (int c = 0; c < C; ++c) w[c] += d[c];
      if (dwpe)
        for (int c = 0; c < C; ++c) dwpe[at(p, C) + c] += d[c];
    }
}

// --- norms -----------------------------------------------------------------------------------------

template <typename T>
void layernorm_forward(T* out, T* mean, T* rstd, const T* inp, const T* weight, const T* bias, int N, int C) {
  for (int n = 0; n < N; ++n) layernorm_row_forward(out + at(n, C), mean[n], rstd[n], inp + at(n, C), weight, bias, C);
}

template <typename T>
void layernorm_backward(T* dinp, T* dweight, T* dbias, const T* dout, const T* inp, const T* weight, const T* mean,
                        const T* rstd, int N, int C) {
  for (int n = 0; n < N; ++n)
    layernorm_row_backward(dinp + at(n, C), dweight, dbias, dout + at(n, C), inp + at(n, C), weight, mean[n], rstd[n],
                           C);
}

template <typename T>
void rmsnorm_forward(T* out, T* rstd, const T* inp, const T* weight, int N, int C) {
  for (int n = 0; n < N; ++n) {
    const T* x = inp + at(n, C);
    T ms = 0;
    for (int c = 0; c < C; ++c) ms += x[c] * x[c];
    const T s = T(1) / std::sqrt(ms / C + T(kNormEpsilon));
    T* o = out + at(n, C);
    for (int c = 0; c < C; ++c) o[c] = x[c] * s * weight[c];
    rstd[n] = s;
  }
}

// With x̂ = x·rstd and g = weight·dout: dx = rstd · (g - x̂ · mean(g·x̂)).
template <typename T>
void rmsnorm_backward(T* dinp, T* dweight, const T* dout, const T* inp, const T* weight, const T* rstd, int N, int C) {
  for (int n = 0; n < N; ++n) {
    const T* x = inp + at(n, C);
    const T* d = dout + at(n, C);
    T gx_mean = 0;
    for (int c = 0; c < C; ++c) gx_mean += weight[c] * d[c] * x[c] * rstd[n];
    gx_mean /= C;
    T* dx = dinp + at(n, C);
    for (int c = 0; c < C; ++c) {
      const T xhat = x[c] * rstd[n];
      dweight[c] += xhat * d[c];
      dx[c] += rstd[n] * (weight[c] * d[c] - xhat * gx_mean);
    }
  }
}

// --- matmul ----------------------------------------------------------------------------------------

template <typename T>
void matmul_forward(T* out, const T* inp, const T* weight, const T* bias, int N, int C, int OC) {
  gemm(inp, C, weight, OC, out, OC, N, C, OC, bias, false);
}

template <typename T>
void matmul_backward(T* dinp, T* dweight, T* dbias, const T* dout, const T* inp, const T* weight, int N, int C, int OC,
                     T* scratch) {
  transpose(weight, C, OC, OC, scratch);                         // weightᵀ (OC, C)
  gemm(dout, OC, scratch, C, dinp, C, N, OC, C, nullptr, true);  // dinp += dout · weightᵀ
  gemm_at(inp, C, dout, OC, dweight, OC, C, N, OC, true);        // dweight += inpᵀ · dout
  for (int n = 0; n < N; ++n)
    for (int o = 0; o < OC; ++o) dbias[o] += dout[at(n, OC) + o];
}

// --- attention -------------------------------------------------------------------------------------

namespace {

// One head of one sequence. q, k, v: (T, hs) with row stride 3C; out (T, hs) with row stride C;
// att (T, T). Scores go through gemm against kᵀ, pre-scaled by 1/√hs as it is transposed; under RoPE
// against the rotated q and k (scratch copies: qkv keeps them as projected). `slope`: ALiBi's, or 0.
template <typename T>
void attention_head_forward(T* out, T* att, const T* q, const T* k, const T* v, int len, int C, int hs, bool causal,
                            const InAttention<T>& inside, T slope, T* scratch) {
  const T scale = T(1) / std::sqrt(T(hs));
  T* kt = scratch;  // (hs, T)
  const T* queries = q;
  int ldq = 3 * C;
  if (inside.ropeCos) {
    T* rotated = kt + at(hs, len);  // (T, hs): k rotated and scaled, then q rotated
    rope_rotate_copy(rotated, hs, k, 3 * C, len, hs, inside.ropeCos, inside.ropeSin, scale);
    transpose(rotated, len, hs, hs, kt);
    rope_rotate_copy(rotated, hs, q, 3 * C, len, hs, inside.ropeCos, inside.ropeSin, T(1));
    queries = rotated, ldq = hs;
  } else {
    for (int t = 0; t < len; ++t)
      for (int i = 0; i < hs; ++i) kt[at(i, len) + t] = k[at(t, 3 * C) + i] * scale;
  }
  gemm(queries, ldq, kt, len, att, len, len, hs, len, nullptr, false);  // scores (T, T)
  if (inside.alibiSlopes) alibi_add(att, len, slope);
  for (int t = 0; t < len; ++t) {
    T* row = att + at(t, len);
    const int visible = causal ? t + 1 : len;
    softmax(row, visible);
    std::fill(row + visible, row + len, T(0));  // masked keys: weight exactly 0
  }
  gemm(att, len, v, 3 * C, out, C, len, len, hs, nullptr, false);  // out = att · v
}

// dx (T, hs), row stride 3C, += R(p)ᵀ · drotated row by row: the gradient of a rotated head turned back.
template <typename T>
void add_unrotated(T* dx, T* drotated, int len, int C, int hs, const InAttention<T>& inside) {
  rope_rotate(drotated, hs, len, hs, inside.ropeCos, inside.ropeSin, true);
  for (int t = 0; t < len; ++t)
    for (int i = 0; i < hs; ++i) dx[at(t, 3 * C) + i] += drotated[at(t, hs) + i];
}

// Gradients of one head: dq, dk, dv with row stride 3C, dout with row stride C.
template <typename T>
void attention_head_backward(T* dq, T* dk, T* dv, const T* dout, const T* q, const T* k, const T* v, const T* att,
                             int len, int C, int hs, const InAttention<T>& inside, T* scratch) {
  const T scale = T(1) / std::sqrt(T(hs));
  T* vt = scratch;             // (hs, T)
  T* datt = vt + at(hs, len);  // (T, T)
  transpose(v, len, hs, 3 * C, vt);
  gemm(dout, C, vt, len, datt, len, len, hs, len, nullptr, false);  // datt = dout · vᵀ
  gemm_at(att, len, dout, C, dv, 3 * C, len, len, hs, true);        // dv += attᵀ · dout
  // Softmax backward, row by row: dscore = att · (datt - Σ att·datt), then × scale for the raw q·k.
  // Masked keys have att = 0, so their gradient is 0 with no mask in sight. ALiBi's bias is a
  // constant added to the scores: it changes att, and nothing here.
  for (int t = 0; t < len; ++t) {
    const T* a = att + at(t, len);
    T* d = datt + at(t, len);
    T s = 0;
    for (int j = 0; j < len; ++j) s += a[j] * d[j];
    for (int j = 0; j < len; ++j) d[j] = a[j] * (d[j] - s) * scale;
  }
  if (!inside.ropeCos) {
    gemm(datt, len, k, 3 * C, dq, 3 * C, len, len, hs, nullptr, true);  // dq += dscore · k
    gemm_at(datt, len, q, 3 * C, dk, 3 * C, len, len, hs, true);        // dk += dscoreᵀ · q
    return;
  }
  // RoPE: the scores were rotated q · rotated k, so the products give the rotated heads' gradients,
  // which the inverse rotation turns back into q's and k's.
  T* rotated = datt + at(len, len);     // (T, hs)
  T* drotated = rotated + at(len, hs);  // (T, hs)
  rope_rotate_copy(rotated, hs, k, 3 * C, len, hs, inside.ropeCos, inside.ropeSin, T(1));
  gemm(datt, len, rotated, hs, drotated, hs, len, len, hs, nullptr, false);  // d rotated q = dscore · rotated k
  add_unrotated(dq, drotated, len, C, hs, inside);
  rope_rotate_copy(rotated, hs, q, 3 * C, len, hs, inside.ropeCos, inside.ropeSin, T(1));
  gemm_at(datt, len, rotated, hs, drotated, hs, len, len, hs, false);  // d rotated k = dscoreᵀ · rotated q
  add_unrotated(dk, drotated, len, C, hs, inside);
}

}  // namespace

template <typename T>
void attention_forward(T* out, T* att, const T* qkv, const Packing& pk, int C, int NH, bool causal, T* scratch,
                       const InAttention<T>& inside) {
  const int hs = C / NH;
  for (int b = 0; b < pk.sequences; ++b) {
    const int len = pk.length(b);
    const T* rows = qkv + at(pk.rows[b], 3 * C);
    for (int h = 0; h < NH; ++h)
      attention_head_forward(out + at(pk.rows[b], C) + h * hs, att + pk.attention[b] + at(h, len * len), rows + h * hs,
                             rows + C + h * hs, rows + 2 * C + h * hs, len, C, hs, causal, inside,
                             inside.alibiSlopes ? inside.alibiSlopes[h] : T(0), scratch);
  }
}

template <typename T>
void attention_backward(T* dqkv, const T* dout, const T* qkv, const T* att, const Packing& pk, int C, int NH,
                        T* scratch, const InAttention<T>& inside) {
  const int hs = C / NH;
  for (int b = 0; b < pk.sequences; ++b) {
    const int len = pk.length(b);
    const T* rows = qkv + at(pk.rows[b], 3 * C);
    T* drows = dqkv + at(pk.rows[b], 3 * C);
    for (int h = 0; h < NH; ++h)
      attention_head_backward(drows + h * hs, drows + C + h * hs, drows + 2 * C + h * hs,
                              dout + at(pk.rows[b], C) + h * hs, rows + h * hs, rows + C + h * hs,
                              rows + 2 * C + h * hs, att + pk.attention[b] + at(h, len * len), len, C, hs, inside,
                              scratch);
  }
}

// --- residual, activations -------------------------------------------------------------------------

template <typename T>
void residual_forward(T* out, const T* a, const T* b, int n) {
  for (int i = 0; i < n; ++i) out[i] = a[i] + b[i];
}

template <typename T>
void residual_backward(T* da, T* db, const T* dout, int n) {
  for (int i = 0; i < n; ++i) da[i] += dout[i], db[i] += dout[i];
}

template <typename T>
void gelu_layer_forward(T* out, const T* inp, int n) {
  gelu_forward(out, inp, n);
}

template <typename T>
void gelu_layer_backward(T* dinp, const T* inp, const T* dout, int n) {
  gelu_backward(dinp, inp, dout, n);
}

template <typename T>
void relu_forward(T* out, const T* inp, int n) {
  for (int i = 0; i < n; ++i) out[i] = inp[i] > T(0) ? inp[i] : T(0);
}

template <typename T>
void relu_backward(T* dinp, const T* inp, const T* dout, int n) {
  for (int i = 0; i < n; ++i) dinp[i] += inp[i] > T(0) ? dout[i] : T(0);
}

// --- readouts and loss -----------------------------------------------------------------------------

template <typename T>
void mean_pool_forward(T* out, const T* inp, const Packing& pk, int C) {
  for (int b = 0; b < pk.sequences; ++b) {
    T* o = out + at(b, C);
    std::fill(o, o + C, T(0));
    for (int n = pk.rows[b]; n < pk.rows[b + 1]; ++n)
      for (int c = 0; c < C; ++c) o[c] += inp[at(n, C) + c];
    const T inv = T(1) / T(pk.length(b));
    for (int c = 0; c < C; ++c) o[c] *= inv;
  }
}

template <typename T>
void mean_pool_backward(T* dinp, const T* dout, const Packing& pk, int C) {
  for (int b = 0; b < pk.sequences; ++b) {
    const T inv = T(1) / T(pk.length(b));
    for (int n = pk.rows[b]; n < pk.rows[b + 1]; ++n)
      for (int c = 0; c < C; ++c) dinp[at(n, C) + c] += dout[at(b, C) + c] * inv;
  }
}

template <typename T>
void first_row_forward(T* out, const T* inp, const Packing& pk, int C) {
  for (int b = 0; b < pk.sequences; ++b) std::copy_n(inp + at(pk.rows[b], C), C, out + at(b, C));
}

template <typename T>
void first_row_backward(T* dinp, const T* dout, const Packing& pk, int C) {
  for (int b = 0; b < pk.sequences; ++b)
    for (int c = 0; c < C; ++c) dinp[at(pk.rows[b], C) + c] += dout[at(b, C) + c];
}

template <typename T>
void crossentropy_forward(T* losses, T* probs, const T* logits, const int* labels, int B, int K) {
  for (int b = 0; b < B; ++b) {
    T* p = probs + at(b, K);
    std::copy_n(logits + at(b, K), K, p);
    softmax(p, K);
    losses[b] = -std::log(std::max(p[labels[b]], std::numeric_limits<T>::min()));
  }
}

template <typename T>
void crossentropy_backward(T* dlogits, const T* probs, const int* labels, T dloss, int B, int K) {
  for (int b = 0; b < B; ++b)
    for (int k = 0; k < K; ++k) dlogits[at(b, K) + k] += (probs[at(b, K) + k] - (k == labels[b] ? T(1) : T(0))) * dloss;
}

// --- the two instantiations ------------------------------------------------------------------------

#define PELAB_TRAINING_LAYERS(T)                                                                                   \
  template void encoder_forward<T>(T*, const int*, const T*, const T*, const Packing&, int);                       \
  template void encoder_backward<T>(T*, T*, const T*, const int*, const Packing&, int);                            \
  template void layernorm_forward<T>(T*, T*, T*, const T*, const T*, const T*, int, int);                          \
  template void layernorm_backward<T>(T*, T*, T*, const T*, const T*, const T*, const T*, const T*, int, int);     \
  template void rmsnorm_forward<T>(T*, T*, const T*, const T*, int, int);                                          \
  template void rmsnorm_backward<T>(T*, T*, const T*, const T*, const T*, const T*, int, int);                     \
  template void matmul_forward<T>(T*, const T*, const T*, const T*, int, int, int);                                \
  template void matmul_backward<T>(T*, T*, T*, const T*, const T*, const T*, int, int, int, T*);                   \
  template void attention_forward<T>(T*, T*, const T*, const Packing&, int, int, bool, T*, const InAttention<T>&); \
  template void attention_backward<T>(T*, const T*, const T*, const T*, const Packing&, int, int, T*,              \
                                      const InAttention<T>&);                                                      \
  template void residual_forward<T>(T*, const T*, const T*, int);                                                  \
  template void residual_backward<T>(T*, T*, const T*, int);                                                       \
  template void gelu_layer_forward<T>(T*, const T*, int);                                                          \
  template void gelu_layer_backward<T>(T*, const T*, const T*, int);                                               \
  template void relu_forward<T>(T*, const T*, int);                                                                \
  template void relu_backward<T>(T*, const T*, const T*, int);                                                     \
  template void mean_pool_forward<T>(T*, const T*, const Packing&, int);                                           \
  template void mean_pool_backward<T>(T*, const T*, const Packing&, int);                                          \
  template void first_row_forward<T>(T*, const T*, const Packing&, int);                                           \
  template void first_row_backward<T>(T*, const T*, const Packing&, int);                                          \
  template void crossentropy_forward<T>(T*, T*, const T*, const int*, int, int);                                   \
  template void crossentropy_backward<T>(T*, const T*, const int*, T, int, int);

PELAB_TRAINING_LAYERS(float)
PELAB_TRAINING_LAYERS(double)
#undef PELAB_TRAINING_LAYERS

}  // namespace pelab::training
