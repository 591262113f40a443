// The fast sinusoidal table: the rows of RotationRows (rotations.hpp), written straight into the
// table in the variant's layout. Its accuracy (a few float ulps at any position) is explained there.
#include <algorithm>

#include "pelab/encodings/rotations.hpp"
#include "pelab/encodings/sinusoidal.hpp"

namespace pelab {

void fill_sinusoidal(const SinusoidalSpec& spec, float* out) {
  RotationRows rows(frequencies(spec), spec.start);
  const bool interleaved = spec.variant == Variant::paper;
  for (int first = 0; first < spec.positions; first += RotationRows::block)
    rows.write_next(out + static_cast<std::size_t>(first) * spec.dModel,
                    std::min(RotationRows::block, spec.positions - first), spec.dModel, interleaved);
}

}  // namespace pelab
