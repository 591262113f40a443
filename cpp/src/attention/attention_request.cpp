// Attention's requests: the shape, the mask and the head options checked, in the order each builder states,
// into what the kernels (attention.cpp) can trust.
#include <cmath>
#include <string>

#include "pelab/attention/attention.hpp"
#include "pelab/encodings/rope.hpp"
#include "pelab/validation/limits.hpp"

namespace pelab {

// Mask's enumerators follow limits::masks, name for name.
static_assert(static_cast<int>(Mask::after_softmax) == 2 && limits::masks.size() == 3);

Status parse_mask(const std::string& name, Mask& out) { return limits::parse_choice(limits::masks, "mask", name, out); }

double attention_work(double n, double dK, double dV, double heads) {
  return n * n * (dK + dV + limits::scoreWork * heads);
}

double self_attention_work(double n, double dModel, double dK, double heads) {
  return limits::projectionWork * 3 * n * dModel * dK + attention_work(n, dK, dK, heads);
}

Status make_attention_shape(double n, double dK, double dV, AttentionShape& out) {
  Status s = first_error(check(limits::sequence, n), check(limits::dK, dK), check(limits::dV, dV));
  if (s.ok) out = {static_cast<int>(n), static_cast<int>(dK), static_cast<int>(dV)};
  return s;
}

namespace {

// The work cap, checked once per call, named after the knob that breaks it: `n` when one head's attention
// alone is too much, `dModel` when self-attention's projections make it so, else `heads`.
Status check_attention_work(const AttentionShape& shape, double dModel, double heads) {
  const bool projected = dModel > 0;
  const auto work = [&](double h) {
    return projected ? self_attention_work(shape.n, dModel, shape.dK, h)
                     : attention_work(shape.n, shape.dK, shape.dV, h);
  };
  const double total = work(heads);
  if (total <= limits::maxWork) return Status::fine();
  const char* param = attention_work(shape.n, shape.dK, shape.dV) > limits::maxWork ? "n"
                      : work(1) > limits::maxWork                                   ? "dModel"
                                                                                    : "heads";
  return Status::too_much_work(param, projected ? Cost::self_attention : Cost::attention, total, limits::maxWork);
}

}  // namespace

// Rope's own options, named as the caller nests them: 'rope.base', 'rope.rotaryDims', …, 'rope.scaling.factor'.
Status make_rope_in_heads(const RawHeadOptions& raw, const AttentionShape& shape, RopeSpec& out) {
  const double dHead = shape.dK / raw.heads;
  Status s = make_rope_spec(dHead, raw.base, raw.layout, raw.rotaryDims, raw.scale, raw.start, shape.n, out);
  if (s.ok) s = make_scaling_for(raw.scaling, raw.rotaryDims, dHead, out.scaling);
  if (!s.ok) s.param = "rope." + s.param;
  return s;
}

Status make_head_options(const RawHeadOptions& raw, const AttentionShape& shape, double dModel, HeadOptions& out) {
  Status s = check(limits::heads, raw.heads);
  if (s.ok && std::fmod(shape.dK, raw.heads) != 0)
    s = Status::broken(Rule::not_divisible, "dK", shape.dK, raw.heads, 0);
  if (s.ok && std::fmod(shape.dV, raw.heads) != 0)
    s = Status::broken(Rule::not_divisible, "dV", shape.dV, raw.heads, 0);
  if (s.ok) s = limits::check_matrices("heads", raw.heads, shape.n);
  if (s.ok) s = check_attention_work(shape, dModel, raw.heads);
  if (s.ok && raw.rope) s = make_rope_in_heads(raw, shape, out.ropeSpec);
  if (!s.ok) return s;
  out.heads = static_cast<int>(raw.heads);
  out.rope = raw.rope;
  out.alibi = raw.alibi;
  return s;
}

Status make_attention_request(double n, double dK, double dV, const std::string& mask, const RawHeadOptions& heads,
                              double qLength, double kLength, double vLength, AttentionRequest& out) {
  Status s = make_attention_shape(n, dK, dV, out.shape);
  if (s.ok) s = parse_mask(mask, out.mask);
  if (s.ok) s = make_head_options(heads, out.shape, 0, out.heads);
  if (!s.ok) return s;
  return first_error(check_length("q", qLength, n * dK), check_length("k", kLength, n * dK),
                     check_length("v", vLength, n * dV));
}

Status make_self_attention(double n, double dModel, double dK, double seed, const std::string& mask,
                           const RawHeadOptions& heads, double xLength, SelfAttentionRequest& out) {
  Status s = make_attention_shape(n, dK, dK, out.shape);
  if (s.ok) s = first_error(check(limits::dModel, dModel), check(limits::seed, seed));
  if (s.ok) s = parse_mask(mask, out.mask);
  if (s.ok) s = make_head_options(heads, out.shape, dModel, out.heads);
  if (s.ok) s = check_length("x", xLength, n * dModel);
  if (!s.ok) return s;
  out.dModel = static_cast<int>(dModel);
  out.seed = static_cast<std::uint32_t>(seed);
  return s;
}

}  // namespace pelab
