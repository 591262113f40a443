// The fast sinusoidal table.
//
// Evaluating sin/cos per element is the slow part, and a float32 angle p*omega loses ~1e-4 by
// position 2048. Instead, rows come in blocks of kBlock (8: measured fastest in wasm; 4 to 32 are
// all within 20%). At each block's first row ("anchor") the (sin, cos) of every pair is known in
// double precision; the rows of the block are the anchor rotated
// by j*omega, using a small per-pair table of (sin j*omega, cos j*omega). Each element is then
// 4 multiplies and 2 adds from exact-to-float inputs, so its error stays at a few float ulps
// (~2e-7) at any position, and no error is carried from one row to the next. Anchors advance from
// block to block by a double-precision rotation, whose drift (~1e-16 per block) never reaches float.
#include <algorithm>
#include <cmath>
#include <vector>

#include "pelab/encodings/sinusoidal.hpp"
#include "pelab/numerics/simd.hpp"

namespace pelab {
namespace {

constexpr int kBlock = 8;

int round_up(int n, int m) { return (n + m - 1) / m * m; }

template <typename T>
using aligned_vector = std::vector<T, aligned_allocator<T>>;

// (sin, cos) of every pair at one row, double for the running state and float for the kernel.
struct PairState {
  std::vector<double> s, c;
  void rotate(const std::vector<double>& by_s, const std::vector<double>& by_c) {
    for (std::size_t k = 0; k < s.size(); ++k) {
      const double s0 = s[k], c0 = c[k];
      s[k] = s0 * by_c[k] + c0 * by_s[k];
      c[k] = c0 * by_c[k] - s0 * by_s[k];
    }
  }
};

// Per-pair rotations by j*omega for j < kBlock, row j at offset j*stride; padded lanes stay zero.
struct OffsetTable {
  int stride;
  aligned_vector<float> s, c;

  OffsetTable(const std::vector<double>& omega, int stride) : stride(stride) {
    s.assign(static_cast<std::size_t>(kBlock) * stride, 0.f);
    c.assign(s.size(), 0.f);
    const std::size_t pairs = omega.size();
    PairState step{std::vector<double>(pairs), std::vector<double>(pairs)};
    PairState at{std::vector<double>(pairs, 0.0), std::vector<double>(pairs, 1.0)};
    for (std::size_t k = 0; k < pairs; ++k) {
      step.s[k] = std::sin(omega[k]);
      step.c[k] = std::cos(omega[k]);
    }
    for (int j = 0; j < kBlock; ++j) {
      std::copy(at.s.begin(), at.s.end(), s.begin() + static_cast<std::ptrdiff_t>(j) * stride);
      std::copy(at.c.begin(), at.c.end(), c.begin() + static_cast<std::ptrdiff_t>(j) * stride);
      at.rotate(step.s, step.c);
    }
  }
};

// One block of rows: row j, pair k holds (as*oc + ac*os, ac*oc - as*os) from the block's anchor a
// and offset row j of o. Pairs are the outer loop so each quad of anchors is loaded once per block,
// and the layout is a template parameter so the inner loop has no branch.
template <bool Interleaved>
void write_block(float* first_row, int rows, int d, int pairs, const float* as, const float* ac, const OffsetTable& o) {
  int k = 0;
  for (; k + lanes <= pairs; k += lanes) {
    const fbatch a_s = fbatch::load_aligned(as + k), a_c = fbatch::load_aligned(ac + k);
    for (int j = 0; j < rows; ++j) {
      const std::size_t at = static_cast<std::size_t>(j) * o.stride + k;
      const fbatch o_s = fbatch::load_aligned(o.s.data() + at), o_c = fbatch::load_aligned(o.c.data() + at);
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
      const std::size_t at = static_cast<std::size_t>(j) * o.stride + k;
      float* row = first_row + static_cast<std::size_t>(j) * d;
      row[Interleaved ? 2 * k : k] = as[k] * o.c[at] + ac[k] * o.s[at];
      row[Interleaved ? 2 * k + 1 : pairs + k] = ac[k] * o.c[at] - as[k] * o.s[at];
    }
  }
  if (d % 2 != 0)
    for (int j = 0; j < rows; ++j) first_row[static_cast<std::size_t>(j) * d + d - 1] = 0.f;
}

}  // namespace

void fill_sinusoidal(const SinusoidalSpec& spec, float* out) {
  const std::vector<double> omega = frequencies(spec);
  const int pairs = pair_count(spec);
  const std::size_t n = omega.size();
  const int stride = round_up(std::max(pairs, 1), lanes);
  const OffsetTable offsets(omega, stride);

  PairState anchor{std::vector<double>(n), std::vector<double>(n)};
  PairState block_step{std::vector<double>(n), std::vector<double>(n)};
  for (std::size_t k = 0; k < n; ++k) {
    anchor.s[k] = std::sin(spec.start * omega[k]);
    anchor.c[k] = std::cos(spec.start * omega[k]);
    block_step.s[k] = std::sin(kBlock * omega[k]);
    block_step.c[k] = std::cos(kBlock * omega[k]);
  }

  const auto write = spec.variant == Variant::paper ? write_block<true> : write_block<false>;
  aligned_vector<float> anchor_s(static_cast<std::size_t>(stride), 0.f), anchor_c(anchor_s);
  for (int block = 0; block < spec.positions; block += kBlock) {
    std::copy(anchor.s.begin(), anchor.s.end(), anchor_s.begin());
    std::copy(anchor.c.begin(), anchor.c.end(), anchor_c.begin());
    const int rows = std::min(kBlock, spec.positions - block);
    write(out + static_cast<std::size_t>(block) * spec.dModel, rows, spec.dModel, pairs, anchor_s.data(),
          anchor_c.data(), offsets);
    anchor.rotate(block_step.s, block_step.c);
  }
}

}  // namespace pelab
