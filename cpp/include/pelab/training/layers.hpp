// The layers of the trainer's Transformer, one forward and one backward function each, in the style of
// llm.c's train_gpt2.c: plain pointers whose shapes the comments state, forward writes its outputs,
// backward ADDS into the gradient buffers it is given (+=, so a buffer read by two layers collects
// both contributions; the model zeroes gradients before each backward pass).
//
// Templates on the float type: the trainer runs them in float (SIMD kernels, kernels.hpp); the
// finite-difference tests run the very same code in double. Instantiated for float and double only.
//
// Shapes: N = rows of the packed batch (all tokens of all sequences), C = dModel, NH = heads,
// hs = C/NH, H = MLP width, B = sequences, V = vocabulary, P = position-table rows.
#pragma once
#include "pelab/training/in_attention.hpp"

namespace pelab::training {

// The sequences of a batch lie back to back in the rows of every (N, ·) activation: sequence b owns
// rows rows[b] … rows[b+1]-1, at positions 0 … T_b-1. No padding: no work is spent on pad tokens, and
// attention never crosses a sequence boundary, so no key mask is needed. Sequence b's attention
// weights (NH, T_b, T_b) start at float attention[b] of a layer's weights buffer.
struct Packing {
  int sequences = 0;
  const int* rows = nullptr;       // (B+1)
  const int* attention = nullptr;  // (B+1)
  int length(int b) const { return rows[b + 1] - rows[b]; }
  int total_rows() const { return rows[sequences]; }
};

// Floats of attention scratch the attention layers need for sequences up to `maxLength` rows.
int attention_scratch(int maxLength, int C, int NH);

// out (N, C) = wte[tokens[n]] + wpe[position of n]. wte (V, C); wpe (P, C) or null for no encoding.
template <typename T>
void encoder_forward(T* out, const int* tokens, const T* wte, const T* wpe, const Packing& pk, int C);
// dwte (V, C) += rows of dout (N, C) by token; dwpe (P, C) by position, unless null (a fixed table).
template <typename T>
void encoder_backward(T* dwte, T* dwpe, const T* dout, const int* tokens, const Packing& pk, int C);

// LayerNorm over C: out (N, C), mean and rstd (N) kept for backward; weight, bias (C).
template <typename T>
void layernorm_forward(T* out, T* mean, T* rstd, const T* inp, const T* weight, const T* bias, int N, int C);
template <typename T>
void layernorm_backward(T* dinp, T* dweight, T* dbias, const T* dout, const T* inp, const T* weight, const T* mean,
                        const T* rstd, int N, int C);

// RMSNorm over C: out = inp · rstd · weight, rstd = 1/√(mean(inp²) + ε), no mean and no bias.
template <typename T>
void rmsnorm_forward(T* out, T* rstd, const T* inp, const T* weight, int N, int C);
template <typename T>
void rmsnorm_backward(T* dinp, T* dweight, const T* dout, const T* inp, const T* weight, const T* rstd, int N, int C);

// out (N, OC) = inp (N, C) · weight (C, OC) + bias (OC). Weight rows are input channels, so each row
// of out is a sum of weight rows: SIMD runs along OC with no horizontal adds (kernels.hpp, gemm).
template <typename T>
void matmul_forward(T* out, const T* inp, const T* weight, const T* bias, int N, int C, int OC);
// dinp (N, C) += dout · weightᵀ; dweight (C, OC) += inpᵀ · dout; dbias (OC) += column sums of dout.
// dinp's product goes through gemm on weightᵀ copied into scratch (≥ C·OC floats); dweight's reads inp
// transposed in place (gemm_at).
template <typename T>
void matmul_backward(T* dinp, T* dweight, T* dbias, const T* dout, const T* inp, const T* weight, int N, int C, int OC,
                     T* scratch);

// Multi-head self-attention within each sequence. qkv (N, 3C) holds q | k | v, head h at columns
// h·hs … of each; out (N, C); att: per sequence (NH, T_b, T_b) softmax weights, kept for backward and
// for the heatmaps. Causal: query t sees keys 0 … t. Scratch: attention_scratch(max T_b, C, NH).
// `inside` (in_attention.hpp): RoPE rotates each head's q and k by position before their product
// (qkv keeps them unrotated; backward rotates again), ALiBi adds −slope_h·|t − t'| to head h's scores
// before the softmax (a constant: nothing to differentiate). Positions restart at 0 in each sequence.
template <typename T>
void attention_forward(T* out, T* att, const T* qkv, const Packing& pk, int C, int NH, bool causal, T* scratch,
                       const InAttention<T>& inside = InAttention<T>{});
// dqkv (N, 3C) += gradients of q, k, v, from dout (N, C) and the weights att of the forward pass (with
// the same `inside`: RoPE's gradients are turned back by the inverse rotation, into unrotated q and k).
template <typename T>
void attention_backward(T* dqkv, const T* dout, const T* qkv, const T* att, const Packing& pk, int C, int NH,
                        T* scratch, const InAttention<T>& inside = InAttention<T>{});

// out (n) = a + b; backward: da += dout, db += dout.
template <typename T>
void residual_forward(T* out, const T* a, const T* b, int n);
template <typename T>
void residual_backward(T* da, T* db, const T* dout, int n);

// Elementwise activations over n values (the MLP's hidden layer).
template <typename T>
void gelu_layer_forward(T* out, const T* inp, int n);
template <typename T>
void gelu_layer_backward(T* dinp, const T* inp, const T* dout, int n);
template <typename T>
void relu_forward(T* out, const T* inp, int n);
template <typename T>
void relu_backward(T* dinp, const T* inp, const T* dout, int n);

// Readouts: out (B, C) from inp (N, C). Mean pooling averages each sequence's rows; the CLS readout
// takes each sequence's first row (position 0, where the CLS token sits).
template <typename T>
void mean_pool_forward(T* out, const T* inp, const Packing& pk, int C);
template <typename T>
void mean_pool_backward(T* dinp, const T* dout, const Packing& pk, int C);
template <typename T>
void first_row_forward(T* out, const T* inp, const Packing& pk, int C);
template <typename T>
void first_row_backward(T* dinp, const T* dout, const Packing& pk, int C);

// losses (B) = -log softmax(logits (B, K))[label]; probs (B, K) kept for backward.
template <typename T>
void crossentropy_forward(T* losses, T* probs, const T* logits, const int* labels, int B, int K);
// dlogits (B, K) += (probs - onehot(label)) · dloss, where dloss = dL/dlosses[b] (1/B for the mean).
template <typename T>
void crossentropy_backward(T* dlogits, const T* probs, const int* labels, T dloss, int B, int K);

}  // namespace pelab::training
