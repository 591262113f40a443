// Rotations row by row, without evaluating sin/cos per element.
//
// Evaluating sin/cos per element is the slow part, and a float32 angle p·ω loses ~1e-4 by position
// 2048. Instead, rows come in blocks of RotationRows::block. At each block's first row ("anchor")
// the (sin, cos) of every pair is known in double precision; the rows of the block are the anchor
// rotated by j·ω, using a small per-pair table of (sin jω, cos jω). Each element is then 4 multiplies
// and 2 adds from exact-to-float inputs, so its error stays at a few float ulps (~2e-7) at any
// position, and no error is carried from one row to the next. Anchors advance from block to block by
// a double-precision rotation, whose drift (~1e-16 per block) never reaches float.
#include "pelab/encodings/rotations.hpp"

#include <algorithm>
#include <cmath>

#include "pelab/numerics/vector_ops.hpp"

namespace pelab {
namespace {

constexpr int kBlock = RotationRows::block;

int round_up(int n, int m) { return (n + m - 1) / m * m; }

// (s, c) ← (s, c) rotated by (by_s, by_c), pair by pair, in double.
void rotate(std::vector<double>& s, std::vector<double>& c, const std::vector<double>& by_s,
            const std::vector<double>& by_c) {
  for (std::size_t k = 0; k < s.size(); ++k) {
    const double s0 = s[k], c0 = c[k];
    s[k] = s0 * by_c[k] + c0 * by_s[k];
    c[k] = c0 * by_c[k] - s0 * by_s[k];
  }
}

// The doubles of `from` as floats at `to`.
void store_floats(const std::vector<double>& from, float* to) { to_floats(from.data(), from.size(), to); }

// One block of rows: row j, pair k holds (as*oc + ac*os, ac*oc - as*os) from the block's anchor a
// and offset row j of o. Pairs are the outer loop so each quad of anchors is loaded once per block,
// and the layout is a template parameter so the inner loop has no branch.
template <bool Interleaved>
void write_block(float* first_row, int rows, int d, int pairs, const float* as, const float* ac, const float* os,
                 const float* oc, int stride) {
  int k = 0;
  for (; k + lanes <= pairs; k += lanes) {
    const fbatch a_s = fbatch::load_aligned(as + k), a_c = fbatch::load_aligned(ac + k);
    for (int j = 0; j < rows; ++j) {
      const std::size_t at = static_cast<std::size_t>(j) * stride + k;
      const fbatch o_s = fbatch::load_aligned(os + at), o_c = fbatch::load_aligned(oc + at);
      const fbatch s = a_s * o_c + a_c * o_s;
      const fbatch c = a_c * o_c - a_s * o_s;
      float* row = first_row + static_cast<std::size_t>(j) * d;
      if (Interleaved) {
        zip_lo(s, c).store_unaligned(row + 2 * k);
        zip_hi(s, c).store_unaligned(row + 2 * k + lanes);
      } else {
        s.store_unaligned(row + k);
        c.store_unaligned(row + pairs + k);
      }
    }
  }
  for (; k < pairs; ++k) {
    for (int j = 0; j < rows; ++j) {
      const std::size_t at = static_cast<std::size_t>(j) * stride + k;
      float* row = first_row + static_cast<std::size_t>(j) * d;
      row[Interleaved ? 2 * k : k] = as[k] * oc[at] + ac[k] * os[at];
      row[Interleaved ? 2 * k + 1 : pairs + k] = ac[k] * oc[at] - as[k] * os[at];
    }
  }
  for (int j = 0; j < rows; ++j) {
    float* row = first_row + static_cast<std::size_t>(j) * d;
    std::fill(row + 2 * pairs, row + d, 0.f);
  }
}

}  // namespace

RotationRows::RotationRows(const std::vector<double>& omega, int start)
    : anchor_s_(omega.size()),
      anchor_c_(omega.size()),
      step_s_(omega.size()),
      step_c_(omega.size()),
      stride_(round_up(std::max(static_cast<int>(omega.size()), 1), lanes)),
      offset_s_(static_cast<std::size_t>(kBlock) * stride_, 0.f),
      offset_c_(offset_s_.size(), 0.f),
      anchor_sf_(static_cast<std::size_t>(stride_), 0.f),
      anchor_cf_(anchor_sf_.size(), 0.f) {
  const std::size_t pairs = omega.size();
  std::vector<double> by_s(pairs), by_c(pairs), at_s(pairs, 0.0), at_c(pairs, 1.0);
  for (std::size_t k = 0; k < pairs; ++k) {
    anchor_s_[k] = std::sin(start * omega[k]);
    anchor_c_[k] = std::cos(start * omega[k]);
    step_s_[k] = std::sin(kBlock * omega[k]);
    step_c_[k] = std::cos(kBlock * omega[k]);
    by_s[k] = std::sin(omega[k]);
    by_c[k] = std::cos(omega[k]);
  }
  // Offsets by j·ω for j < block: padded lanes stay zero.
  for (int j = 0; j < kBlock; ++j) {
    const auto row = static_cast<std::ptrdiff_t>(j) * stride_;
    store_floats(at_s, offset_s_.data() + row);
    store_floats(at_c, offset_c_.data() + row);
    rotate(at_s, at_c, by_s, by_c);
  }
}

void RotationRows::write_next(float* first_row, int rows, int d, bool interleaved) {
  store_floats(anchor_s_, anchor_sf_.data());
  store_floats(anchor_c_, anchor_cf_.data());
  const auto write = interleaved ? write_block<true> : write_block<false>;
  write(first_row, rows, d, pairs(), anchor_sf_.data(), anchor_cf_.data(), offset_s_.data(), offset_c_.data(), stride_);
  rotate(anchor_s_, anchor_c_, step_s_, step_c_);
}

}  // namespace pelab
