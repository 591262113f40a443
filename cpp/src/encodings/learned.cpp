#include "pelab/encodings/learned.hpp"

#include <string>

#include "pelab/validation/limits.hpp"
#include "pelab/numerics/random.hpp"

namespace pelab {

Status make_learned_spec(double maxLen, double dModel, double seed, LearnedSpec& out) {
  Status s = first_error(check(limits::maxLen, maxLen), check(limits::dModel, dModel), check(limits::seed, seed));
  if (!s.ok) return s;
  if (maxLen * dModel > static_cast<double>(limits::maxElements))
    return Status::error("maxLen", "maxLen × dModel must be at most " + std::to_string(limits::maxElements) + " (got " +
                                       std::to_string(static_cast<long long>(maxLen * dModel)) + ")");
  out = {static_cast<int>(maxLen), static_cast<int>(dModel), static_cast<std::uint32_t>(seed)};
  return Status::fine();
}

void fill_learned_table(const LearnedSpec& spec, float* out) {
  for (int p = 0; p < spec.maxLen; ++p) learned_row(spec, p, out + static_cast<std::size_t>(p) * spec.dModel);
}

Status check_learned_position(const LearnedSpec& spec, double position) {
  if (Status s = check(limits::position, position); !s.ok) return s;
  if (position < spec.maxLen) return Status::fine();
  const std::string last = std::to_string(spec.maxLen - 1);
  return Status::error("position",
                       "position must be an integer from 0 to " + last + ": the learned table has no row for position " +
                           std::to_string(static_cast<long long>(position)) + ". It was built with maxLen " +
                           std::to_string(spec.maxLen) + ", so it only has rows 0 to " + last +
                           ", and unlike the sinusoidal formula there is nothing to compute a new row from.");
}

void learned_row(const LearnedSpec& spec, int position, float* out) {
  const std::uint64_t first = static_cast<std::uint64_t>(position) * static_cast<std::uint64_t>(spec.dModel);
  random::fill_normal(spec.seed, random::Stream::learned_positions, first, static_cast<std::size_t>(spec.dModel), 1.0f,
                      out);
}

}  // namespace pelab
