// Encodings that act inside the trainer's attention rather than on its input (layers.hpp,
// attention_forward): RoPE rotates each head's queries and keys by their position, ALiBi adds a
// distance penalty to each head's scores. The trainer's own copies, sized for its heads; the lab's
// standalone rope/alibi functions compute the same quantities for one head at a time.
//
// Shapes: hs = head width (even for RoPE), T = rows of a sequence, P = positions the table covers.
#pragma once
#include <vector>

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

// cos and sin (P, hs/2) of p·base^(−2i/hs), computed in double and rounded once.
template <typename T>
void fill_rope_tables(T* cos, T* sin, int P, int hs, double base);

// One slope per head, as the ALiBi paper's reference code: for a power of two n, the geometric
// sequence starting at 2^(−8/n) with that ratio; otherwise the slopes of the closest lower power of two
// followed by every other slope of twice that power, until n slopes.
std::vector<double> alibi_head_slopes(int heads);

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
