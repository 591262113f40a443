// Rotary position embedding (RoPE): each pair of a head's dimensions is turned by p·θ_i, with
// θ_i = base^(−2i/r) for the first r = rotaryDims dimensions, so the score q(m)·k(n) depends on m − n
// only. Two layouts name the pairs: 'halves' (Hugging Face Llama, GPT-NeoX: i with i + r/2) and
// 'interleaved' (GPT-J, RoFormer: 2i with 2i + 1). Dimensions from r on pass through (partial rotary);
// positions are divided by `scale` (Hugging Face's linear rope_scaling), and a scaling (rope_scaling.hpp)
// rewrites the frequencies and multiplies cos and sin by its attention factor, as transformers does.
#pragma once
#include <string>
#include <vector>

#include "pelab/encodings/rope_scaling.hpp"
#include "pelab/validation/status.hpp"

namespace pelab {

enum class RopeLayout { halves, interleaved };

struct RopeSpec {
  int dHead = 64;       // width of one head's rows
  int rotaryDims = 64;  // even, at most dHead
  double base = 10000.0;
  RopeLayout layout = RopeLayout::halves;
  double scale = 1.0;   // position p turns by (p / scale)·θ_i
  int start = 0;        // position of the first row
  RopeScaling scaling;  // none unless lab.rope is given one
};

Status parse_rope_layout(const std::string& name, RopeLayout& out);
const char* rope_layout_name(RopeLayout layout);

// rotaryDims for a head of width dHead: an even integer from 2 to dHead (the rotary_dims rule says why not).
Status check_rotary_dims(double rotaryDims, double dHead);

// A spec for rows of width dHead at positions start … start+n−1 (n already checked), checked in the
// order base, layout, rotaryDims (range, then even and ≤ dHead), scale, start, the last position.
Status make_rope_spec(double dHead, double base, const std::string& layout, double rotaryDims, double scale,
                      double start, int n, RopeSpec& out);

// lab.rope: n, dHead, the spec, its scaling ("scaling.factor", …), then x's length (n × dHead).
struct RopeRequest {
  RopeSpec spec;
  int n = 0;
};
Status make_rope_request(double n, double dHead, double base, const std::string& layout, double rotaryDims,
                         double scale, double start, double xLength, RopeRequest& out,
                         const RawRopeScaling& scaling = {});

// The scaled θ_i / scale for every rotated pair i < rotaryDims/2, in double: the angle per position.
std::vector<double> rope_frequencies(const RopeSpec& spec);

// Rotates n rows of width spec.dHead in place (row r at position spec.start + r), the rotated dimensions
// times the scaling's attention factor. Max abs error against float64 ≤ 2e-6 for |x| ≤ 1 at any position
// (rotations.hpp's accuracy; measured 2.8e-7 over positions 0 … 65,536), times that factor.
void apply_rope(const RopeSpec& spec, float* rows, int n);

}  // namespace pelab
