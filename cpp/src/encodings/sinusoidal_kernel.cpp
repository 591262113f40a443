// The fast sinusoidal table: the rows of RotationRows (rotations.hpp), written straight into the
// table in the variant's layout, or into one piece at a time. Its accuracy (a few float ulps at any
// position) is explained there.
#include <algorithm>

#include "pelab/encodings/rotations.hpp"
#include "pelab/encodings/sinusoidal.hpp"

namespace pelab {

namespace {

// Rows [first, first + count) of the table from `rows` (whose next block starts at row `first`), row `first`
// at `at`: whole blocks, so that only a table's last call may end on a short one.
void write_rows(RotationRows& rows, float* at, int count, const SinusoidalSpec& spec) {
  const bool interleaved = spec.variant == Variant::paper;
  for (int done = 0; done < count; done += RotationRows::block)
    rows.write_next(at + static_cast<std::size_t>(done) * spec.dModel, std::min(RotationRows::block, count - done),
                    spec.dModel, interleaved);
}

}  // namespace

void fill_sinusoidal(const SinusoidalSpec& spec, float* out) {
  RotationRows rows(frequencies(spec), spec.start);
  write_rows(rows, out, spec.positions, spec);
}

// 16384 floats (64 KB) a piece, or one block of rows where dModel > 1024 (16 · dModel floats): copying a 4 MB table out
// of pieces of 8 to 128 rows of 512 took 0.048–0.065 ms against 0.104 for the whole table at once, measured in Node
// here; a piece fits in any L2 cache.
int piece_rows(int dModel) {
  const int rows = 16384 / std::max(dModel, 1);
  return std::max(RotationRows::block, rows - rows % RotationRows::block);
}

void fill_sinusoidal_in_pieces(const SinusoidalSpec& spec, float* piece, TakePiece take) {
  RotationRows rows(frequencies(spec), spec.start);
  const int each = piece_rows(spec.dModel);
  for (int first = 0; first < spec.positions; first += each) {
    const int count = std::min(each, spec.positions - first);
    write_rows(rows, piece, count, spec);
    take(static_cast<std::size_t>(first) * spec.dModel, static_cast<std::size_t>(count) * spec.dModel, piece);
  }
}

}  // namespace pelab
