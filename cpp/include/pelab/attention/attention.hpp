// Scaled dot-product attention, softmax(Q Kᵀ / √d) V per head (d = dK / heads, each head's width), with
// an optional causal mask, in one or more heads, with positions optionally entering inside it (rope, ALiBi).
#pragma once
#include <cstdint>
#include <string>

#include "pelab/encodings/rope.hpp"
#include "pelab/numerics/random.hpp"
#include "pelab/validation/status.hpp"

namespace pelab {

enum class Mask {
  none,
  before_softmax,  // future scores set to -inf before softmax: each row renormalises and sums to 1
  after_softmax,   // the warm-up's wrong way: future weights zeroed after softmax, rows sum to < 1
};

Status parse_mask(const std::string& name, Mask& out);

struct AttentionShape {
  int n = 4;   // sequence length: Q, K and V have n rows
  int dK = 4;  // width of Q and K
  int dV = 4;  // width of V
};

// How many heads split dK and dV (head h reads columns h·dK/heads … of Q and K, and writes the same
// share of the output), and how positions enter inside attention: `rope` turns each head's queries
// and keys (ropeSpec.dHead = dK / heads); `alibi` adds head h's −slope_h·|i − j| (alibi.hpp) to its
// scaled scores before the mask and softmax.
struct HeadOptions {
  int heads = 1;
  bool rope = false;
  RopeSpec ropeSpec;
  bool alibi = false;
};

// The same as a caller gives them, unchecked. rotaryDims has no default here: the JS layer passes
// the head's width when the caller leaves it out.
struct RawHeadOptions {
  double heads = 1;
  bool rope = false;
  double base = 10000;
  std::string layout = "halves";
  double rotaryDims = 0;
  double scale = 1;
  double start = 0;
  RawRopeScaling scaling;  // none unless given ('rope.scaling.type', …)
  bool alibi = false;
};

// The cost of a call in multiply-adds, as the caps in limits.hpp count it (see there for the weights):
// each head's n² scores cost one softmax weight each. Rope's n × dK rotations, ALiBi's one add per
// score and the taps' copies (one store per score, per query and key entry) are not counted: they are
// smaller than the terms counted (tests/bench/caps.mjs times every kernel at its cap with the taps on).
double attention_work(double n, double dK, double dV, double heads = 1);
// Projections to Q, K, V, then attention.
double self_attention_work(double n, double dModel, double dK, double heads = 1);

// n, dK and dV in range. (The work is capped once, with the heads: make_head_options.)
Status make_attention_shape(double n, double dK, double dV, AttentionShape& out);

// Head options for a checked shape, in the order heads, dK and dV divisible by heads, heads × n × n
// within the result cap, the work with that many heads (self-attention's, projections included, when
// dModel > 0: the one check of the work cap, so no call can stall the page), then rope's options (named
// 'rope.base', …) when rope is on.
Status make_head_options(const RawHeadOptions& raw, const AttentionShape& shape, double dModel, HeadOptions& out);

// An attention call as a caller gives it: shape, mask, head options, then the lengths of q, k (n × dK)
// and v (n × dV).
struct AttentionRequest {
  AttentionShape shape;
  Mask mask = Mask::none;
  HeadOptions heads;
};
Status make_attention_request(double n, double dK, double dV, const std::string& mask, const RawHeadOptions& heads,
                              double qLength, double kLength, double vLength, AttentionRequest& out);

// Self-attention of x (n × dModel) through seeded projections to width dK: checked in the order
// n, dK (and the attention work), dModel, seed, the projection work, mask, head options, x's length.
struct SelfAttentionRequest {
  AttentionShape shape;  // dV = dK
  int dModel = 0;
  std::uint32_t seed = 0;
  Mask mask = Mask::none;
  HeadOptions heads;
};
Status make_self_attention(double n, double dModel, double dK, double seed, const std::string& mask,
                           const RawHeadOptions& heads, double xLength, SelfAttentionRequest& out);

// What attention can also hand back on its way to the weights; each is optional (null: not kept).
// `scores` (heads × n × n, like weights) holds exactly what each row's softmax receives: Q Kᵀ / sqrt(dK/heads)
// of the (rotated) queries and keys, plus ALiBi's bias, with −∞ at the keys the before-softmax mask hides.
// The after-softmax mask hides nothing from softmax (it zeroes weights afterwards), so its scores are all
// finite and weights = softmax(scores) with the future then set to 0. A row whose float scores overflow
// is scored in double (see attention()): its scores are those doubles rounded once to float (±∞ past
// float's range). `q` and `k` (n × dK) receive the queries and keys the scores come from: rotated when
// rope is on, else a copy of q and k, head h in its share of columns.
struct AttentionTaps {
  float* scores = nullptr;
  float* q = nullptr;
  float* k = nullptr;
};

// weights: heads × n × n (head, then row = query), out: n × dV. Softmax subtracts each row's maximum
// first, so exp cannot overflow; a row whose float scores overflow (huge but finite inputs) is redone
// in double.
void attention(const AttentionShape& shape, const float* q, const float* k, const float* v, Mask mask, float* weights,
               float* out, const HeadOptions& heads = {}, const AttentionTaps& taps = {});

// x (n × dModel) times a seeded dModel × dK matrix of N(0, 1/dModel) entries: the Q, K or V projection.
void project(const float* x, int n, int dModel, int dK, std::uint32_t seed, random::Stream stream, float* out);

// Self-attention of x (n × dModel): seeded Q, K, V projections to width dK, then attention (taps as
// there: taps.q and taps.k receive the projections, rotated when rope is on).
void self_attention(const float* x, int n, int dModel, int dK, std::uint32_t seed, Mask mask, float* weights,
                    float* out, const HeadOptions& heads = {}, const AttentionTaps& taps = {});

}  // namespace pelab
