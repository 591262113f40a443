// Encodings that act inside the trainer's attention rather than on its input (layers.hpp,
// attention_forward): RoPE rotates each head's queries and keys by their position, ALiBi adds a
// distance penalty to each head's scores. The trainer applies them to its own buffers, in float and in
// double (for the gradient checks); the angles and slopes come from the lab's rope and alibi functions.
//
// Shapes: hs = head width (even for RoPE), T = rows of a sequence, P = positions the table covers.
#pragma once
#include <vector>

#include "pelab/encodings/rope_scaling.hpp"

namespace pelab::training {

// What attention_forward/backward apply inside attention; all null: plain attention.
template <typename T>
struct InAttention {
  // RoPE, 'halves' layout (GPT-NeoX, Llama): dimension i of a head is paired with i + hs/2 and turned
  // by the angle p·θ_i, θ_i = base^(−2i/hs). cos and sin (P, hs/2) of those angles; p = row of the
  // sequence (a CLS token sits at 0).
  const T* ropeCos = nullptr;
  const T* ropeSin = nullptr;
  // ALiBi: head h's score of query t for key j gets −slopes[h]·|t − j| (NH).
  const T* alibiSlopes = nullptr;
};

// cos and sin (P, hs/2) of p·θ_i, θ_i from the lab's rope_frequencies (encodings/rope.hpp) under
// `scaling` (none: the trained angles), times its attention factor, computed in double and rounded once.
// (ALiBi's slopes are the lab's alibi_slopes, attention/alibi.hpp.)
template <typename T>
void fill_rope_tables(T* cos, T* sin, int P, int hs, double base, const RopeScaling& scaling = {});

// x (T, hs) with row stride ld, rotated in place: row p by the angles of position p (rope tables of
// width hs/2). `inverse` turns by −angle: the rotation's transpose, and so the backward of the forward.
template <typename T>
void rope_rotate(T* x, int ld, int len, int hs, const T* cos, const T* sin, bool inverse);

// out (T, hs) with row stride ldout = rotated x (T, hs) with row stride ldx, times `scale`.
template <typename T>
void rope_rotate_copy(T* out, int ldout, const T* x, int ldx, int len, int hs, const T* cos, const T* sin, T scale);

// scores (T, T) += −slope·|t − j| for every query t and key j.
template <typename T>
void alibi_add(T* scores, int len, T slope);

}  // namespace pelab::training
