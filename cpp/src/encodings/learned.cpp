#include "pelab/encodings/learned.hpp"

#include "pelab/numerics/random.hpp"
#include "pelab/validation/limits.hpp"

namespace pelab {

Status make_learned_spec(double maxLen, double dModel, double seed, LearnedSpec& out) {
  Status s = first_error(check(limits::maxLen, maxLen), check(limits::dModel, dModel), check(limits::seed, seed));
  if (!s.ok) return s;
  if (s = limits::check_table_elements("maxLen", maxLen, dModel); !s.ok) return s;
  out = {static_cast<int>(maxLen), static_cast<int>(dModel), static_cast<std::uint32_t>(seed)};
  return Status::fine();
}

Status make_learned_table_request(double maxLen, double dModel, double seed, double outLength, LearnedSpec& out) {
  Status s = make_learned_spec(maxLen, dModel, seed, out);
  if (s.ok) s = check_out(outLength, static_cast<double>(out.maxLen) * out.dModel);
  return s;
}

void fill_learned_table(const LearnedSpec& spec, float* out) {
  for (int p = 0; p < spec.maxLen; ++p) learned_row(spec, p, out + static_cast<std::size_t>(p) * spec.dModel);
}

Status check_learned_position(const LearnedSpec& spec, double position) {
  if (Status s = check(limits::position, position); !s.ok) return s;
  if (position < spec.maxLen) return Status::fine();
  return Status::broken(Rule::no_learned_row, "position", position, 0, spec.maxLen - 1.0);
}

Status make_learned_lookup(double maxLen, double dModel, double seed, double position, LearnedLookup& out) {
  Status s = make_learned_spec(maxLen, dModel, seed, out.table);
  if (s.ok) s = check_learned_position(out.table, position);
  if (s.ok) out.position = static_cast<int>(position);
  return s;
}

void learned_row(const LearnedSpec& spec, int position, float* out) {
  const std::uint64_t first = static_cast<std::uint64_t>(position) * static_cast<std::uint64_t>(spec.dModel);
  random::fill_normal(spec.seed, random::Stream::learned_positions, first, static_cast<std::size_t>(spec.dModel), 1.0f,
                      out);
}

}  // namespace pelab
