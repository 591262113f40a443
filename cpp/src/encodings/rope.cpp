#include "pelab/encodings/rope.hpp"

#include <algorithm>
#include <cmath>

#include "pelab/encodings/rotations.hpp"
#include "pelab/validation/limits.hpp"

namespace pelab {
namespace {

// RopeLayout's enumerators follow limits::ropeLayouts, name for name.
static_assert(static_cast<int>(RopeLayout::interleaved) == 1 && limits::ropeLayouts.size() == 2);

// 'halves': x_i and x_{i+h} (h = r/2) turn by pair i's angle, whose (sin, cos) are s[i], c[i].
void rotate_halves(float* x, int h, const float* s, const float* c) {
  int i = 0;
  for (; i + lanes <= h; i += lanes) {
    const fbatch x1 = fbatch::load_unaligned(x + i), x2 = fbatch::load_unaligned(x + h + i);
    const fbatch si = fbatch::load_unaligned(s + i), ci = fbatch::load_unaligned(c + i);
    (x1 * ci - x2 * si).store_unaligned(x + i);
    (x2 * ci + x1 * si).store_unaligned(x + h + i);
  }
  for (; i < h; ++i) {
    const float x1 = x[i], x2 = x[h + i];
    x[i] = x1 * c[i] - x2 * s[i];
    x[h + i] = x2 * c[i] + x1 * s[i];
  }
}

// 'interleaved': x_{2i} and x_{2i+1} turn by pair i's angle. Four pairs fill two batches: each
// lane times its pair's cosine, plus its partner (swap_pairs) times ∓sine.
void rotate_interleaved(float* x, int h, const float* s, const float* c) {
  int i = 0;
  for (; i + lanes <= h; i += lanes) {
    const fbatch si = fbatch::load_unaligned(s + i), ci = fbatch::load_unaligned(c + i);
    const fbatch minus_si = fbatch(0.f) - si;
    const fbatch lo = fbatch::load_unaligned(x + 2 * i), hi = fbatch::load_unaligned(x + 2 * i + lanes);
    (lo * zip_lo(ci, ci) + swap_pairs(lo) * zip_lo(minus_si, si)).store_unaligned(x + 2 * i);
    (hi * zip_hi(ci, ci) + swap_pairs(hi) * zip_hi(minus_si, si)).store_unaligned(x + 2 * i + lanes);
  }
  for (; i < h; ++i) {
    const float x1 = x[2 * i], x2 = x[2 * i + 1];
    x[2 * i] = x1 * c[i] + x2 * -s[i];
    x[2 * i + 1] = x2 * c[i] + x1 * s[i];
  }
}

}  // namespace

Status parse_rope_layout(const std::string& name, RopeLayout& out) {
  return limits::parse_choice(limits::ropeLayouts, "layout", name, out);
}

const char* rope_layout_name(RopeLayout layout) { return limits::ropeLayouts[static_cast<std::size_t>(layout)]; }

Status check_rotary_dims(double rotaryDims, double dHead) {
  // An integer in range that is odd, below 2 or wider than the head breaks the rope rule (which says
  // why); anything else, the plain range.
  const bool integer = std::isfinite(rotaryDims) && std::floor(rotaryDims) == rotaryDims && rotaryDims >= 0 &&
                       rotaryDims <= static_cast<double>(limits::rotaryDims.hi);
  if (!integer) return check(limits::rotaryDims, rotaryDims);
  if (std::fmod(rotaryDims, 2) != 0 || rotaryDims < limits::rotaryDims.lo || rotaryDims > dHead) {
    Status s = Status::broken(Rule::rotary_dims, "rotaryDims", rotaryDims, static_cast<double>(limits::rotaryDims.lo),
                              2 * std::floor(dHead / 2));
    s.a = dHead;
    return s;
  }
  return Status::fine();
}

Status make_rope_spec(double dHead, double base, const std::string& layout, double rotaryDims, double scale,
                      double start, int n, RopeSpec& out) {
  RopeSpec spec;
  Status s = check(limits::base, base);
  if (s.ok) s = parse_rope_layout(layout, spec.layout);
  if (s.ok) s = check_rotary_dims(rotaryDims, dHead);
  if (s.ok) s = first_error(check(limits::scale, scale), check(limits::start, start));
  if (s.ok && start + n - 1 > limits::start.hi)
    s = Status::broken(Rule::last_row_position, "start", start + n - 1, 0, static_cast<double>(limits::start.hi));
  if (!s.ok) return s;
  spec.dHead = static_cast<int>(dHead);
  spec.rotaryDims = static_cast<int>(rotaryDims);
  spec.base = base;
  spec.scale = scale;
  spec.start = static_cast<int>(start);
  out = spec;
  return s;
}

Status make_rope_request(double n, double dHead, double base, const std::string& layout, double rotaryDims,
                         double scale, double start, double xLength, RopeRequest& out, const RawRopeScaling& scaling) {
  Status s = first_error(check(limits::sequence, n), check(limits::dHead, dHead));
  if (s.ok) s = make_rope_spec(dHead, base, layout, rotaryDims, scale, start, static_cast<int>(n), out.spec);
  if (s.ok) s = make_scaling_for(scaling, rotaryDims, dHead, out.spec.scaling);
  if (s.ok) s = check_length("x", xLength, n * dHead);
  if (s.ok) out.n = static_cast<int>(n);
  return s;
}

std::vector<double> rope_frequencies(const RopeSpec& spec) {
  std::vector<double> omega = scaled_frequencies(spec.rotaryDims, spec.base, spec.scaling).invFreq;
  for (double& w : omega) w /= spec.scale;
  return omega;
}

void apply_rope(const RopeSpec& spec, float* rows, int n) {
  const int r = spec.rotaryDims, h = r / 2;
  RotationRows turns(rope_frequencies(spec), spec.start);
  // One block of (sin | cos) rows at a time: row j holds the sines at [0, h) and the cosines at [h, r).
  std::vector<float> block(static_cast<std::size_t>(RotationRows::block) * r);
  const auto rotate = spec.layout == RopeLayout::halves ? rotate_halves : rotate_interleaved;
  const auto factor = static_cast<float>(attention_factor(spec.scaling));
  for (int first = 0; first < n; first += RotationRows::block) {
    const int count = std::min(RotationRows::block, n - first);
    turns.write_next(block.data(), count, r, false);
    if (factor != 1.f)  // cos and sin times the attention factor, as transformers scales them
      for (float& v : block) v *= factor;
    for (int j = 0; j < count; ++j) {
      const float* sc = block.data() + static_cast<std::size_t>(j) * r;
      rotate(rows + static_cast<std::size_t>(first + j) * spec.dHead, h, sc, sc + h);
    }
  }
}

}  // namespace pelab
